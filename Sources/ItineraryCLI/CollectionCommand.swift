import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning

/// `itinerary collection create|add|remove|list|show|rename|delete`: named
/// lists of places, with their counts.
enum CollectionCommand {
  static let actions = ["create", "add", "remove", "list", "show", "rename", "delete"]

  static let command = Command(
    name: "collection",
    usage: [
      "collection list", "collection create NAME", "collection add NAME PLACE_ID...",
      "collection remove NAME PLACE_ID", "collection show NAME [--format table|json|geojson]",
      "collection rename NAME NEW_NAME", "collection delete NAME",
    ],
    summary: "named collections of places: create, add, remove, list, show",
    description: """
      Keeps named lists of places (a wishlist, "Rainy day"). 'add' takes ids
      as 'like' does; 'list' shows every collection with how many places it holds.
      """,
    options: [Options.format, Options.output],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let (action, store) = try StoreAccess.open(arguments, actions, context)
    let terminal = context.terminal
    let rest = Array(arguments.positionals.dropFirst())
    switch action {
    case "list":
      try StoreAccess.list(arguments, terminal, empty: "no collections yet") {
        () throws(ItineraryError) in
        try store.collections().map { [$0.name, "\($0.count) place\($0.count == 1 ? "" : "s")"] }
      }
    case "create":
      let name = try StoreAccess.operands(arguments, "NAME")[0]
      try store.createCollection(named: name)
      terminal.writeError("created collection \"\(TerminalText.clean(name))\"\n")
    case "add":
      guard rest.count >= 2 else {
        throw ItineraryError(.usage, "collection add: expected NAME PLACE...")
      }
      let finder = PlaceFinder(environment: context.environment)
      // Every id is checked before any is added.
      let places = try rest.dropFirst().map { id throws(ItineraryError) in
        try finder.place(id: id, store: store, now: WallClock.now(context.environment))
      }
      for place in places {
        try store.addPlace(
          placeID: place.id, name: place.name, payload: StoredJSON.encode(place),
          toCollection: rest[0])
      }
      let count = try store.collection(named: rest[0]).count
      terminal.writeError(
        "\"\(TerminalText.clean(rest[0]))\" holds \(count) place\(count == 1 ? "" : "s")\n")
    case "remove":
      let operands = try StoreAccess.operands(arguments, "NAME", "PLACE_ID")
      try store.removePlace(placeID: operands[1], fromCollection: operands[0])
      terminal.writeError(
        "removed \(TerminalText.clean(operands[1])) from \"\(TerminalText.clean(operands[0]))\"\n")
    case "show":
      let name = try StoreAccess.operands(arguments, "NAME")[0]
      let format = try StoreAccess.format(arguments, default: .table)
      let places = try store.collection(named: name).map { kept throws(ItineraryError) in
        try FoundPlace(kept: kept, source: "place \(kept.placeID)")
      }
      try Emit.data(format.render(places), to: arguments.string(Options.output), terminal: terminal)
    case "rename":
      try StoreAccess.rename(arguments, terminal) { old, new throws(ItineraryError) in
        try store.renameCollection(old, to: new)
      }
    default:
      try StoreAccess.delete(arguments, terminal, what: "collection ") {
        name throws(ItineraryError) in
        try store.deleteCollection(named: name)
      }
    }
    return 0
  }
}
