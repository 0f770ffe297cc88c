/// A named group of measurements, selectable on the command line.
///
/// Each suite lives in its own file under `Suites/` as a static member of this
/// type; adding one means writing that file and naming it in `all`.
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

  /// Every suite, in the order they run when none is named.
  static let all: [Suite] = [
    .ordered, .plain, .brute, .glpk, .anyOrder, .gtsplibLarge, .timed, .fetch, .cli, .batch,
    .complete, .radius, .streets,
    .importing, .serve, .optw, .explore, .acceptability,
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
