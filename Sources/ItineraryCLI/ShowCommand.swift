import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning
import ItineraryStore

/// `itinerary show PLACE_ID`: one place's details, photos included.
enum ShowCommand {
  static let command = Command(
    name: "show",
    usage: ["show [options] PLACE_ID"],
    summary: "a place's details and photos, by id",
    description: """
      Shows a place of the embedded city, or one kept in the store (liked, in
      a collection, or found by a search in the history), by its id: name,
      categories, location, rating or score, address, hours, whether it is
      open now, and its photo URLs.
      """,
    options: [Options.format, Options.output],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let id = try arguments.single("place id")
    let format = try arguments.format(default: .table)
    let place = try PlaceFinder(environment: context.environment).place(
      id: id, store: optionalStore(context))
    let data: Data =
      switch format {
      case .table: Data(PlaceDetails.render(place).utf8)
      case .json: try ResponseJSON.encode(place)
      case .geojson: try PlacesGeoJSON.encode([place])
      case .html, .ics, .gpx: throw OutputFormat.plansOnly
      }
    try Emit.data(data, to: arguments.string(Options.output), terminal: context.terminal)
    return 0
  }

  /// The store when it opens; when not, a warning, and only the embedded
  /// city is looked in.
  static func optionalStore(_ context: Context) -> Store? {
    do throws(ItineraryError) {
      return try StoreAccess.open(context)
    } catch {
      context.terminal.writeError("warning: \(error.message)\n")
      return nil
    }
  }
}
