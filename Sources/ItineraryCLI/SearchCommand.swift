import ItineraryCore
import ItineraryOutput
import ItineraryPlanning

/// `itinerary search [CATEGORY...] [--text TEXT]`: flags to a search
/// request, the response to a format.
enum SearchCommand {
  static let command = Command(
    name: "search",
    usage: ["search [options] [CATEGORY...]", "search [options] --text TEXT [CATEGORY...]"],
    summary: "find places around a point, by category or name",
    description: """
      Finds places of the categories given (any category when none is) whose
      name holds --text, within --radius of the point (default 3 km), and shows
      each with its distance and walk, rating or score, hours and whether it is
      open now. --sort relevance (default) ranks by how well the name matches,
      then by score less 0.5 points a km; rating by score; distance by distance.
      With --photos, each result gets a few Commons photos with their credit
      lines, fetched in parallel; a photo that fails is a warning, never an error.
      """,
    options: [
      Options.at, Options.near, Options.provider, Options.text, Options.limit, Options.sort,
      Options.openNow, Options.radius, Options.cuisine, Options.price, Options.tz, Options.units,
      PhotoOptions.photos, Options.format,
      Options.output, Options.noHistory,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    var request = SearchRequest(
      categories: arguments.positionals, text: arguments.string(Options.text))
    request.at = try arguments.coordinate(Options.at)
    request.near = arguments.string(Options.near)
    request.provider = try arguments.choice(Options.provider)
    request.limit = try arguments.integer(Options.limit)
    request.sort = try arguments.choice(Options.sort)
    request.openNow = arguments.flag(Options.openNow)
    request.radius = try arguments.number(Options.radius)
    request.tz = arguments.string(Options.tz)
    request.units = try arguments.choice(Options.units)
    request.cuisine = arguments.string(Options.cuisine)
    request.price = try arguments.integer(Options.price)
    request.photos = arguments.flag(PhotoOptions.photos)
    let format = try arguments.format(default: .table)
    try arguments.validated { () throws(ItineraryError) in
      try request.validate(naming: Option.spelling(ofKey:))
    }
    let terminal = context.terminal
    let finder = PlaceFinder(environment: context.environment) { terminal.notice($0) }
    let response = try finder.search(request, now: WallClock.now(context.environment))
    defer {
      if !arguments.has(Options.noHistory) {
        HistoryLog.record(.search(request, response), environment: context.environment) {
          terminal.writeError("warning: \($0)\n")
        }
      }
    }
    try Emit.data(
      format.render(response), to: arguments.string(Options.output), terminal: terminal)
    return 0
  }
}
