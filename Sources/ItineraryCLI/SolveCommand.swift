import Foundation
import ItineraryCore
import ItineraryFormats
import ItineraryOutput
import ItineraryPlanning

/// `itinerary solve FILE|-`: an instance file and flags to a solve request,
/// the response to a format.
enum SolveCommand {
  static let command = Command(
    name: "solve",
    usage: ["solve [options] FILE.json", "solve [options] -   (the instance on standard input)"],
    summary: "solve an instance file, print its plans as JSON",
    description: """
      Solves the planning problem in an instance file (docs/reference.md) and
      prints its plans: the K best by default. Flags override the file.
      """,
    options: [
      Options.top, Options.exact, Options.diverse, Options.anyOrder, Options.roundTrip,
      Options.distanceWeight, Options.start, Options.end, Options.tz, Options.dwell,
      Options.waitWeight, Options.unknownHours, Options.anytime, Options.timeLimit, Options.seed,
      Options.memoryLimit, Options.verify, Options.verifyTimeLimit, Options.format, Options.output,
      Options.gtsplib,
      Options.optw, Options.routes, Options.searchThreads,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    if arguments.has(Options.gtsplib) { return try GTSPCommand.run(arguments, context) }
    if arguments.has(Options.optw) { return try OPTWCommand.run(arguments, context) }
    for option in [Options.routes, Options.searchThreads] where arguments.string(option) != nil {
      throw ItineraryError(.usage, "solve: \(option.spelling) applies to OPTW files (--optw)")
    }
    let path = try arguments.single("instance file")
    var settings = SolveSettings()
    settings.source = path
    try arguments.readPlanSelection(into: &settings)
    settings.distanceWeight = try arguments.number(Options.distanceWeight)
    settings.start = arguments.string(Options.start)
    settings.end = arguments.string(Options.end)
    settings.tz = arguments.string(Options.tz)
    settings.dwell = try arguments.numbersByKey(Options.dwell)
    settings.waitWeight = try arguments.number(Options.waitWeight)
    settings.unknownHours = try arguments.choice(Options.unknownHours)
    settings.anytime = arguments.flag(Options.anytime)
    try arguments.readSolveLimits(into: &settings, timeLimit: Options.timeLimit)
    let format = try arguments.format(default: .json)
    try arguments.validated { () throws(ItineraryError) in
      try settings.validate(naming: Option.spelling(ofKey:))
    }
    let source = path == "-" ? "standard input" : path
    // The time limit covers reading the file too: the solver stops at the
    // same deadline, whatever reading left of it.
    let deadline = Deadline(after: .seconds(settings.timeLimit ?? Defaults.timeLimit))
    let data = try InputFile.contents(of: path == "-" ? "/dev/stdin" : path)
    let instance = try InstanceFile.decode(
      data, source: source,
      memoryLimit: settings.memoryLimit.map { Int(($0 * 1_048_576).rounded()) }
        ?? SolveOptions.defaultMemoryBudget,
      deadline: deadline)
    let stop = Cancellation()
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline.remaining.seconds) {
      stop.cancel()
    }
    let terminal = context.terminal
    let pipeline = PlanningPipeline(environment: context.environment, cancellation: stop) {
      terminal.notice($0)
    }
    return try Emit.response(
      pipeline.solve(SolveRequest(instance: instance, settings: settings)), format: format,
      // An instance's points need be no place on a map: its page draws none.
      background: .basemap(nil), to: arguments.string(Options.output), terminal: terminal)
  }
}
