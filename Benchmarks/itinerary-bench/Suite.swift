/// A named group of measurements, selectable on the command line.
///
/// Each suite's measurements live in its own file under `Suites/` as a static
/// function of this type; adding one means writing that file and describing
/// it in `all`.
struct Suite: Sendable {
  var name: String
  var summary: String
  /// The chart's x axis, in words.
  var xAxis: String
  /// The work counter the table divides the time by (`distances` gives a
  /// `ns/distances` column), or `nil`.
  var perUnit: String?
  /// How a record is drawn: its colour index and whether dashed, or `nil` to
  /// leave it off the chart. By default every series is drawn in its own colour.
  var chartStyle: (@Sendable (Record) -> (color: Int, dashed: Bool)?)?
  /// Measures everything through `bench`.
  var run: @Sendable (inout Bench) throws -> Void

  /// Every suite, in the order they run when none is named: what each
  /// measures, how its table and chart read, and the function that runs it
  /// (in its own file under `Suites/`).
  static let all: [Suite] = [
    Suite(
      name: "ordered",
      summary: "OrderedSolver: best plan and top-10, n candidates per category, k categories",
      xAxis: "candidates per category n", perUnit: "distances", chartStyle: orderedChartStyle,
      run: ordered),
    Suite(
      name: "plain",
      summary: "plain O(sum n_i n_(i+1)) dynamic program against OrderedSolver (best plan)",
      xAxis: "candidates per category n", perUnit: "distances", chartStyle: plainChartStyle,
      run: plain),
    Suite(
      name: "brute",
      summary: "BruteForceSolver against OrderedSolver (best plan) on tiny instances",
      xAxis: "candidates per category n", perUnit: "plans", chartStyle: bruteChartStyle, run: brute),
    Suite(
      name: "glpk",
      summary: "GLPK (one integer program) against OrderedSolver, best plan, k categories",
      xAxis: "candidates per category n", chartStyle: glpkChartStyle, run: glpk),
    Suite(
      name: "anyorder",
      summary: "AnyOrderSolver (best, top-10, diverse-5), k categories; GTSPLIB: gap and time",
      xAxis: "candidates per category n", chartStyle: anyOrderChartStyle, run: anyOrder),
    Suite(
      name: "gtsplib-large",
      summary:
        "GTSPSolver on GTSPLIB above 89 clusters: gap at 10 s (seeds 1-3), best known by 60 s",
      xAxis: "nodes", chartStyle: gtsplibLargeChartStyle, run: gtsplibLarge),
    Suite(
      name: "timed",
      summary:
        "solvers with opening hours: k=6 x 10,000 ordered, the city at 21:00, k=8 x 200 any order",
      xAxis: "candidates per category n", perUnit: "expanded", run: timed),
    Suite(
      name: "fetch",
      summary: "fetch stage: k categories, 300 ms per request, parallel vs serial vs cached",
      xAxis: "categories k", run: fetch),
    Suite(
      name: "cli", summary: "the `itinerary plan` process on the embedded city (k categories)",
      xAxis: "categories k", run: cli),
    Suite(
      name: "batch",
      summary: "JSON Lines of three-category plans on the embedded city (plans a second)",
      xAxis: "lines", perUnit: "lines", run: batch),
    Suite(
      name: "complete",
      summary: "places index: completions of 1..6 typed letters over 100,000 names",
      xAxis: "typed letters", perUnit: "keystrokes", run: complete),
    Suite(
      name: "radius",
      summary: "places index: places within a radius, 1,000,000 places in a 100 km square",
      xAxis: "radius m", perUnit: "queries", run: radius),
    Suite(
      name: "streets",
      summary: "network distances on the embedded city: the road table of a plan's candidates",
      xAxis: "candidates", perUnit: "points", run: streets),
    Suite(
      name: "import",
      summary: "`itinerary city import` of the Helsinki extract and of copies of it merged",
      xAxis: "copies of the Helsinki extract", perUnit: "elements", run: importing),
    Suite(
      name: "serve",
      summary: "itinerary serve under wrk: plans at 64 connections, 10x overload, memory",
      xAxis: "connections", chartStyle: serveChartStyle, run: serve),
    Suite(
      name: "optw",
      summary: "orienteering with time windows (OPTW / TOPTW files): value, gap, time, proof",
      xAxis: "vertices", run: optw),
    Suite(
      name: "explore",
      summary: "explore's trips on the embedded city, in process: time, proof, work", xAxis: "days",
      run: explore),
    Suite(
      name: "acceptability",
      summary: "common plan and explore requests at every hour of a week: rules broken",
      xAxis: "requests", run: acceptability),
  ]
}

/// What a suite measures with: the options, the measurement method, the
/// table, and the results gathered so far.
struct Bench {
  let options: Options
  let table: Table
  var result: SuiteResult

  /// Measures `body` with the options' method, prints the row and keeps the record.
  ///
  /// - Parameters:
  ///   - series: the chart line (`best k=6`).
  ///   - solver: what is measured (`ordered-dp`).
  ///   - n: the chart's x value.
  ///   - parameters: what else defines the workload, for the JSON file.
  ///   - minimumSampleSeconds: override of the batching threshold, for
  ///     measurements that must not be repeated within a sample.
  ///   - budgetSeconds: the longest the samples may take together, for
  ///     measurements of seconds each: fewer samples are taken, at least one.
  ///   - samples: the samples to take instead of the options' count.
  ///   - warmUp: `false` to count the first run as a sample (see `Measure.warmUp`).
  ///   - work: the work counters of a result.
  ///   - body: the code measured; its result goes to the black hole.
  @discardableResult
  mutating func measure<T>(
    series: String, solver: String, n: Int, parameters: [String: String] = [:],
    minimumSampleSeconds: Double? = nil, budgetSeconds: Double? = nil, samples: Int? = nil,
    warmUp: Bool = true, work: (T) -> [String: Int] = { _ in [:] }, _ body: () throws -> T
  ) rethrows -> Record {
    var method = Measure(
      samples: samples ?? options.samples, warmUp: warmUp, budgetSeconds: budgetSeconds)
    if let minimumSampleSeconds { method.minimumSampleSeconds = minimumSampleSeconds }
    let (timing, last) = try method.run(body)
    let record = Record(
      series: series, solver: solver, n: n, parameters: parameters, timing: timing,
      work: work(last))
    result.records.append(record)
    table.row(record)
    return record
  }

  /// Prints a derived figure or a skipped part and keeps it with the results.
  mutating func note(_ text: String) {
    result.notes.append(text)
    table.note(text)
  }
}
