import ItineraryCore
import ItineraryOutput
import ItineraryPlanning

/// `itinerary nearest [CATEGORY]`: the closest top destination.
enum NearestCommand {
  static let command = Command(
    name: "nearest",
    usage: ["nearest [options] [CATEGORY]"],
    summary: "the closest top destination, its distance, walk and direction",
    description: """
      Shows the closest top destination from the point: a place whose score
      is in the top tenth of its category, ties included, and above the
      category's median; of CATEGORY, or of any category. The tenths are taken
      over the embedded city, or over what a live provider returns within
      --radius. When no place of CATEGORY stands out, the nearest one is shown.
      """,
    options: [
      Options.at, Options.near, Options.provider, Options.radius, Options.tz,
      Options.units, Options.format, Options.output,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    var request = try NearestRequest(category: arguments.atMostOne("at most one category"))
    request.at = try arguments.coordinate(Options.at)
    request.near = arguments.string(Options.near)
    request.provider = try arguments.choice(Options.provider)
    request.radius = try arguments.number(Options.radius)
    request.tz = arguments.string(Options.tz)
    request.units = try arguments.choice(Options.units)
    let format = try arguments.format(default: .table)
    try arguments.validated { () throws(ItineraryError) in
      try request.validate(naming: Option.spelling(ofKey:))
    }
    let terminal = context.terminal
    let response = try PlaceFinder(environment: context.environment) { terminal.notice($0) }
      .nearest(request, now: WallClock.now(context.environment))
    try Emit.data(
      format.render(response), to: arguments.string(Options.output), terminal: terminal)
    return 0
  }
}
