import ItineraryCore
import ItineraryOutput
import ItineraryPlanning

/// `itinerary explore [CATEGORY...]`: flags to a trip request, the response to a format.
enum ExploreCommand {
  static let command = Command(
    name: "explore",
    usage: [
      "explore [options] --start TIME --end TIME [CATEGORY...]",
      "explore [options] --day DATE START END [--day ...] [CATEGORY...]",
    ],
    summary: "choose the places to visit within the hours, one route a day",
    description: """
      Chooses which places to visit, how many and in what order, so that the
      trip scores best: each day leaves the start point at the day's start and is
      back by its end, every visit fits its place's opening hours and takes its
      minutes, and no place is visited twice. Without a category, any place may
      be chosen. The trip is proven best when the output says so.
      """,
    options: [
      Options.at, Options.near, Options.provider, Options.perCategory, Options.noCache,
      Options.refresh, Options.allowPartial, Options.connectTimeout, Options.timeout,
      Options.start, Options.end, Options.days, Options.day, Options.tz,
      Options.maxPerCategory, Options.mode, Options.speed, Options.distanceWeight,
      Options.radius, Options.dwell, Options.waitWeight, Options.unknownHours,
      Options.tripTimeLimit, Options.seed, Options.verify, Options.verifyTimeLimit, Options.units,
      Options.format, Options.output,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    var words = arguments.positionals
    // Clock times among the words belong to the options before them:
    // `--start 2026-12-01 14:00`, `--day 2026-12-02 10:00 19:00`.
    func clockTime() -> String? {
      words.firstIndex(where: PlanCommand.isClockTime).map { words.remove(at: $0) }
    }
    var start = arguments.string(Options.start)
    if let date = start, date.count == 10, !date.contains(":"), let time = clockTime() {
      start = "\(date) \(time)"
    }
    var days: [TripDay] = []
    for text in arguments.strings(Options.day) {
      let parts = text.split(separator: " ").map(String.init)
      let given = parts.count == 1 ? parts + [clockTime(), clockTime()].compactMap { $0 } : parts
      guard given.count == 3 else {
        throw ItineraryError(
          .usage, "--day takes a date, a start and an end: --day 2026-12-02 10:00 19:00")
      }
      days.append(TripDay(start: "\(given[0]) \(given[1])", end: given[2]))
    }
    var request = PlanRequest(categories: words)
    request.start = start
    request.end = arguments.string(Options.end)
    request.days = try arguments.integer(Options.days)
    request.day = days.isEmpty ? nil : days
    request.maxPerCategory = try arguments.integer(Options.maxPerCategory)
    request.tz = arguments.string(Options.tz)
    request.dwell = try arguments.numbersByKey(Options.dwell)
    request.waitWeight = try arguments.number(Options.waitWeight)
    request.unknownHours = try arguments.choice(Options.unknownHours)
    request.at = try arguments.coordinate(Options.at)
    request.near = arguments.string(Options.near)
    request.provider = try arguments.choice(Options.provider)
    request.perCategory = try arguments.integer(Options.perCategory)
    request.noCache = arguments.flag(Options.noCache)
    request.refresh = arguments.flag(Options.refresh)
    request.allowPartial = arguments.flag(Options.allowPartial)
    request.connectTimeout = try arguments.number(Options.connectTimeout)
    request.timeout = try arguments.number(Options.timeout)
    request.mode = try arguments.choice(Options.mode)
    request.speed = try arguments.number(Options.speed)
    request.distanceWeight = try arguments.number(Options.distanceWeight)
    request.radius = try arguments.number(Options.radius)
    request.timeLimit = try arguments.number(Options.tripTimeLimit)
    request.seed = try arguments.integer(Options.seed)
    request.verify = arguments.flag(Options.verify)
    request.verifyTimeLimit = try arguments.number(Options.verifyTimeLimit)
    request.units = try arguments.choice(Options.units)
    let format = try arguments.choice(Options.format) ?? OutputFormat.table
    try arguments.validated { () throws(ItineraryError) in
      try request.validate(naming: Option.spelling(ofKey:), trip: true)
    }
    let terminal = context.terminal
    let pipeline = PlanningPipeline(environment: context.environment) { terminal.notice($0) }
    return try Emit.response(
      pipeline.explore(request), format: format, to: arguments.string(Options.output),
      terminal: terminal)
  }
}
