/// The command line of `itinerary-bench`.
struct Options: Sendable {
  /// Suite names in the order given; empty means every suite.
  var suites: [String] = []
  /// A small subset of every suite, to prove the harness works in under a minute.
  var quick = false
  /// Where `results.json` and the charts go.
  var output = "benchmark-results"
  /// Timed samples per measurement, after one warm-up.
  var samples = 5
  /// Run even when built without optimization, marking every row.
  var allowDebug = false
  var list = false
  var help = false
  /// A baseline `results.json` to hold the run against (`Comparison`).
  /// Baselines to compare with; the run is held against one of them.
  var compare: [String] = []

  struct UsageError: Error {
    var message: String
  }

  static let usage = """
    USAGE: itinerary-bench [SUITE ...] [--quick] [--samples N] [--output DIR] [--allow-debug]
                           [--compare BASELINE.json]
           itinerary-bench --list

    Measures the solvers, the fetch stage, the CLI and the places index; prints a table, writes
    DIR/results.json and one DIR/SUITE.svg chart per suite. Build it with
    `swift run -c release itinerary-bench`: a debug build refuses to run.

    OPTIONS:
      SUITE            suites to run (default: all; see --list)
      --quick          a small subset of every suite, in under a minute
      --samples N      timed samples per measurement after one warm-up (default 5)
      --output DIR     where results go (default benchmark-results)
      --allow-debug    run a debug build anyway; every row says it is one
      --compare FILE   print each measurement's time as a ratio to FILE's (a
                       results.json, such as Benchmarks/baseline-quick.json)
                       and exit 2 when one is more than twice as slow as
                       the machine's speed explains; given more than once,
                       the first baseline from a processor of the same model
                       as this one is used, else the first
      --list           list the suites and exit
      -h, --help       show this help
    """

  /// Parses the arguments after the program name. `--key value` and
  /// `--key=value` both work; `--` ends the options.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var iterator = arguments.makeIterator()
    var optionsEnded = false
    while let argument = iterator.next() {
      if optionsEnded || !argument.hasPrefix("-") {
        options.suites.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      var inlineValue = parts.count > 1 ? parts[1] : nil
      func value() throws(UsageError) -> String {
        if let given = inlineValue {
          inlineValue = nil
          return given
        }
        guard let next = iterator.next() else { throw UsageError(message: "\(name) needs a value") }
        return next
      }
      switch name {
      case "--": optionsEnded = true
      case "--quick": options.quick = true
      case "--allow-debug": options.allowDebug = true
      case "--list": options.list = true
      case "-h", "--help": options.help = true
      case "--compare": options.compare.append(try value())
      case "--output":
        options.output = try value()
      case "--samples":
        let text = try value()
        guard let samples = Int(text), samples >= 1 else {
          throw UsageError(message: "--samples wants a whole number >= 1, not '\(text)'")
        }
        options.samples = samples
      default:
        throw UsageError(message: "unknown option '\(name)'")
      }
      if inlineValue != nil { throw UsageError(message: "\(name) takes no value") }
    }
    let known = Set(Suite.all.map(\.name))
    if let unknown = options.suites.first(where: { !known.contains($0) }) {
      throw UsageError(
        message:
          "unknown suite '\(unknown)' (known: \(Suite.all.map(\.name).joined(separator: ", ")))")
    }
    return options
  }
}
