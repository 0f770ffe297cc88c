import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning

/// `itinerary like PLACE`, `unlike PLACE` and `liked`: the places a person
/// likes, each named by its id or, in the embedded city, by its name.
enum LikesCommand {
  static let like = Command(
    name: "like",
    usage: ["like PLACE"],
    summary: "like a place (of the embedded city, or found by a search)",
    description: """
      Keeps PLACE among the liked places: an id 'search', 'nearest' or 'show'
      printed (a place of the embedded city, or one a search in the history
      found), or the name of a place of the embedded city ('Kiasma', accents
      and a typo forgiven).
      """,
    options: [],
    run: runLike)

  static let unlike = Command(
    name: "unlike", usage: ["unlike PLACE"], summary: "stop liking a place",
    description: "Takes PLACE (an id, or a name in the embedded city) out of the liked places.",
    options: [],
    run: runUnlike)

  static let liked = Command(
    name: "liked", usage: ["liked [--format table|json|geojson]"],
    summary: "the liked places, the latest first",
    description: "Lists the liked places, the latest liked first.",
    options: [Options.format, Options.output], run: runLiked)

  static func runLike(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let id = try arguments.single("place")
    let store = try StoreAccess.open(context)
    let place = try PlaceFinder(environment: context.environment).place(
      id: id, store: store, now: WallClock.now(context.environment))
    let added = try store.like(
      placeID: place.id, name: place.name, payload: StoredJSON.encode(place))
    context.terminal.writeError(
      "\(added ? "liked" : "already liked") \(TerminalText.clean(place.name)) (\(place.id))\n")
    return 0
  }

  static func runUnlike(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let word = try arguments.single("place")
    let store = try StoreAccess.open(context)
    // An id as given (liked or not), else the city's place of that name.
    let isLiked = try store.likedPlaces().contains { $0.placeID == word }
    let id =
      PlaceFinder.isID(word) || isLiked
      ? word : try PlaceFinder(environment: context.environment).place(id: word, store: nil).id
    try store.unlike(placeID: id)
    context.terminal.writeError("no longer liked: \(TerminalText.clean(id))\n")
    return 0
  }

  static func runLiked(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    if let extra = arguments.positionals.first {
      throw ItineraryError(.usage, "liked: unexpected argument '\(extra)'")
    }
    let format = try StoreAccess.format(arguments, default: .table)
    let places = try StoreAccess.open(context).likedPlaces().map { kept throws(ItineraryError) in
      try FoundPlace(kept: kept, source: "liked place \(kept.placeID)")
    }
    if places.isEmpty && format == .table { context.terminal.writeError("no liked places yet\n") }
    try Emit.data(
      format.render(places), to: arguments.string(Options.output), terminal: context.terminal)
    return 0
  }
}
