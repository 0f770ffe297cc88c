import ItineraryCore
import ItineraryOutput
import ItineraryPlanning

/// `itinerary plan CATEGORY...`: flags to a plan request, the response to a format.
enum PlanCommand {
  static let command = Command(
    name: "plan",
    usage: ["plan [options] CATEGORY...", "plan [options] \"restaurant > park > art\""],
    summary: "plan around a start point (embedded city by default)",
    description: """
      Plans one stop per category, in the order given, around a start point, and
      shows diverse alternatives: each next plan shares fewer than half its
      places with every plan before it. 'itinerary categories' lists the vocabulary.
      Plans start now in the start point's time zone (--start to choose, --anytime
      for none): each visit fits its place's opening hours and takes its minutes.
      """,
    options: [
      Options.at, Options.near, Options.provider, Options.perCategory, Options.noCache,
      Options.refresh, Options.allowPartial, Options.connectTimeout, Options.timeout,
      Options.top, Options.exact, Options.diverse, Options.roundTrip, Options.anyOrder,
      Options.mode, Options.speed, Options.distances, Options.distanceWeight, Options.radius,
      Options.start, Options.end, Options.tz, Options.dwell, Options.waitWeight,
      Options.unknownHours, Options.openNow, Options.anytime, Options.timeLimit, Options.seed,
      Options.verify, Options.verifyTimeLimit, Options.units, Options.format, Options.output,
      Options.noHistory,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    var words = arguments.positionals
    var start = arguments.string(Options.start)
    // `--start 2026-12-01 14:00`: the time came as a word of its own.
    if let date = start, date.count == 10, !date.contains(":"),
      let time = words.firstIndex(where: isClockTime)
    {
      start = "\(date) \(words.remove(at: time))"
    }
    var request = PlanRequest(categories: words)
    request.start = start
    request.end = arguments.string(Options.end)
    request.tz = arguments.string(Options.tz)
    request.dwell = try arguments.numbersByKey(Options.dwell)
    request.waitWeight = try arguments.number(Options.waitWeight)
    request.unknownHours = try arguments.choice(Options.unknownHours)
    request.openNow = arguments.flag(Options.openNow)
    request.anytime = arguments.flag(Options.anytime)
    request.at = try arguments.coordinate(Options.at)
    request.near = arguments.string(Options.near)
    request.provider = try arguments.choice(Options.provider)
    request.perCategory = try arguments.integer(Options.perCategory)
    request.noCache = arguments.flag(Options.noCache)
    request.refresh = arguments.flag(Options.refresh)
    request.allowPartial = arguments.flag(Options.allowPartial)
    request.connectTimeout = try arguments.number(Options.connectTimeout)
    request.timeout = try arguments.number(Options.timeout)
    request.top = try arguments.integer(Options.top)
    request.exact = arguments.flag(Options.exact)
    request.diverse = arguments.flag(Options.diverse)
    request.roundTrip = arguments.flag(Options.roundTrip)
    request.anyOrder = arguments.flag(Options.anyOrder)
    request.mode = try arguments.choice(Options.mode)
    request.speed = try arguments.number(Options.speed)
    request.distances = try arguments.choice(Options.distances)
    request.distanceWeight = try arguments.number(Options.distanceWeight)
    request.radius = try arguments.number(Options.radius)
    request.timeLimit = try arguments.number(Options.timeLimit)
    request.seed = try arguments.integer(Options.seed)
    request.verify = arguments.flag(Options.verify)
    request.verifyTimeLimit = try arguments.number(Options.verifyTimeLimit)
    request.units = try arguments.choice(Options.units)
    let format = try arguments.choice(Options.format) ?? OutputFormat.table
    try arguments.validated { () throws(ItineraryError) in
      try request.validate(naming: Option.spelling(ofKey:))
    }
    let terminal = context.terminal
    let pipeline = PlanningPipeline(environment: context.environment) { terminal.notice($0) }
    let response = try pipeline.plan(request)
    defer {
      if !arguments.has(Options.noHistory) {
        HistoryLog.record(plan: request, answer: response, environment: context.environment) {
          terminal.writeError("warning: \($0)\n")
        }
      }
    }
    return try Emit.response(
      response, format: format, to: arguments.string(Options.output), terminal: terminal)
  }

  /// `HH:MM` or `H:MM`: a time of day, never a category.
  static func isClockTime(_ word: String) -> Bool {
    let parts = word.split(separator: ":", omittingEmptySubsequences: false)
    return parts.count == 2 && (1...2).contains(parts[0].count) && parts[1].count == 2
      && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
  }
}
