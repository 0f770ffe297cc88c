import ItineraryCore
import ItineraryOutput
import ItineraryPlanning

/// `itinerary plan CATEGORY...`: flags to a plan request, the response to a format.
enum PlanCommand {
  static let command = Command(
    name: "plan",
    usage: [
      "plan [options] CATEGORY|PLACE...", "plan [options] \"restaurant > park > art\"",
      "plan [options] \"Kiasma > cafe\"",
    ],
    summary: "plan around a start point (embedded city by default)",
    description: """
      Plans one stop per category, in the order given, around a start point, and
      shows diverse alternatives: each next plan shares fewer than half its
      places with every plan before it. 'itinerary categories' lists the vocabulary.
      A word that is no category names a place of the city (by name or id, accents
      and small typos forgiven), which the plan visits at that position.
      Plans start now in the start point's time zone (--start to choose, --anytime
      for none): each visit fits its place's opening hours and takes its minutes.
      """,
    options: [
      Options.at, Options.near, Options.base, Options.endAt, Options.avoid, Options.provider,
      Options.perCategory, Options.noCache,
      Options.refresh, Options.allowPartial, Options.connectTimeout, Options.timeout,
      Options.top, Options.exact, Options.diverse, Options.roundTrip, Options.anyOrder,
      Options.mode, Options.speed, Options.distances, Options.distanceWeight, Options.radius,
      Options.cuisine, Options.price, PhotoOptions.photos, Options.start, Options.end, Options.tz,
      Options.dwell,
      Options.waitWeight, Options.maxWait,
      Options.unknownHours, Options.openNow, Options.anytime, Options.timeLimit, Options.seed,
      Options.memoryLimit, Options.verify, Options.verifyTimeLimit, Options.units, Options.format,
      Options.output, Options.tiles, Options.tilesAttribution,
      Options.noHistory,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    var words = arguments.positionals
    var request = try PlanRequest(arguments, words: &words, timeLimit: Options.timeLimit)
    request.categories = words
    request.openNow = arguments.flag(Options.openNow)
    request.anytime = arguments.flag(Options.anytime)
    try arguments.readPlanSelection(into: &request)
    request.distances = try arguments.choice(Options.distances)
    request.endAt = arguments.string(Options.endAt)
    return try PlanOutcome.emit(request, trip: false, arguments, context)
  }
}
