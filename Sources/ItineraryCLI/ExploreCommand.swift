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
      be chosen. The trip is proven best when the output says so. With --base,
      every day starts and ends at the base. With --end-at, every day ends at
      that place or point instead, its way there counted as the way back is.
      With --must, the trip visits that
      place on some day while it is open, or fails naming it when no trip can.
      With --photos, every stop of every day gets a few Commons photos in JSON,
      as a plan's stops do.
      """,
    options: [
      Options.at, Options.near, Options.base, Options.endAt, Options.avoid, Options.must,
      Options.provider, Options.perCategory,
      Options.noCache,
      Options.refresh, Options.allowPartial, Options.connectTimeout, Options.timeout,
      Options.start, Options.end, Options.days, Options.day, Options.tz,
      Options.maxPerCategory, Options.pace, Options.noMeals, Options.mode, Options.speed,
      Options.distances, Options.distanceWeight,
      Options.radius, Options.cuisine, Options.price, PhotoOptions.photos, Options.dwell,
      Options.waitWeight, Options.maxWait,
      Options.unknownHours,
      Options.tripTimeLimit, Options.seed, Options.memoryLimit, Options.verify,
      Options.verifyTimeLimit, Options.units,
      Options.format, Options.output, Options.tiles, Options.tilesAttribution, Options.noHistory,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    var words = arguments.positionals
    var request = try PlanRequest(arguments, words: &words, timeLimit: Options.tripTimeLimit)
    // The clock times left belong to the days: `--day 2026-12-02 10:00 19:00`.
    func clockTime() -> String? {
      words.firstIndex(where: PlanRequest.isClockTime).map { words.remove(at: $0) }
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
    request.categories = words
    request.days = try arguments.integer(Options.days)
    request.day = days.isEmpty ? nil : days
    request.maxPerCategory = try arguments.integer(Options.maxPerCategory)
    request.pace = try arguments.choice(Options.pace)
    request.distances = try arguments.choice(Options.distances)
    let must = arguments.strings(Options.must)
    request.must = must.isEmpty ? nil : must
    request.endAt = arguments.string(Options.endAt)
    if arguments.has(Options.noMeals) { request.meals = false }
    return try PlanOutcome.emit(request, trip: true, arguments, context)
  }
}
