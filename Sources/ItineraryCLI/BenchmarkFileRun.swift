import ItineraryCore
import ItineraryPlanning

/// What `gtsp` and `optw` (also spelt `solve --gtsplib`, `solve --optw`)
/// share: refusing the options that mean nothing for the file, the one file
/// named, the time limit and seed, and the solver's time.
enum BenchmarkFileRun {
  /// The file and the solver options of a run of `command`.
  ///
  /// - Parameters:
  ///   - kind: what the files are called in messages (`GTSPLIB`).
  ///   - flag: the `solve` flag that leads here, which is allowed.
  ///   - check: more checks of the command's own values.
  static func start(
    _ arguments: ParsedArguments, as command: Command, kind: String, flag: Option,
    check: () throws(ItineraryError) -> Void = {}
  ) throws(ItineraryError) -> (path: String, options: SolveOptions) {
    for option in arguments.command.options where !command.options.contains(option) {
      if arguments.has(option) || arguments.string(option) != nil, option != flag {
        throw ItineraryError(
          .usage, "\(arguments.command.name): \(option.spelling) does not apply to \(kind) files")
      }
    }
    let path = try arguments.single("\(kind) file")
    var settings = SolveSettings()
    settings.timeLimit = try arguments.number(Options.timeLimit)
    settings.seed = try arguments.integer(Options.seed)
    settings.memoryLimit = try arguments.number(Options.memoryLimit)
    try arguments.validated { () throws(ItineraryError) in
      try settings.validate(naming: Option.spelling(ofKey:))
      try check()
    }
    let options = SolveOptions(
      timeLimit: settings.timeLimit, seed: settings.seed, memoryLimit: settings.memoryLimit)
    return (path, options)
  }

  /// `solve`'s result for the file `read` reads, and the milliseconds both
  /// took: the time limit covers the reading too, the solver having what
  /// the reading left of it.
  static func timed<Instance, Result>(
    _ options: SolveOptions, read: () throws(ItineraryError) -> Instance,
    solve: (Instance, SolveOptions) -> Result
  ) throws(ItineraryError) -> (instance: Instance, result: Result, millis: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let instance = try read()
    var left = options
    left.timeLimit = max(.zero, options.timeLimit - (clock.now - start))
    let result = solve(instance, left)
    return (instance, result, (clock.now - start).seconds * 1000)
  }
}
