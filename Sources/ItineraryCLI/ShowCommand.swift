import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlaces
import ItineraryPlanning
import ItineraryStore

/// `itinerary show PLACE`: one place's details, photos included.
enum ShowCommand {
  static let command = Command(
    name: "show",
    usage: ["show [options] PLACE"],
    summary: "a place's details and photos, by id or name",
    description: """
      Shows a place of the embedded city, or one kept in the store (liked, in
      a collection, or found by a search in the history), by its id or, in
      the embedded city, its name (accents and a typo forgiven): name,
      categories, location, rating or score, address, hours, whether it is
      open now, and its photo URLs. With --photos, a few Commons photos with
      their credit lines (in JSON, 'photos' then holds photo objects).
      """,
    options: [Options.format, Options.output, PhotoOptions.photos],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let id = try arguments.single("place")
    let format = try arguments.format(default: .table)
    let place = try PlaceFinder(environment: context.environment).place(
      id: id, store: optionalStore(context))
    let photos = try arguments.has(PhotoOptions.photos) ? self.photos(of: place, context) : nil
    var withPhotos = place
    withPhotos.photoDetails = photos
    let data: Data =
      switch format {
      case .table:
        Data((PlaceDetails.render(place) + (photos.map(Self.photoLines) ?? "")).utf8)
      case .json:
        try ResponseJSON.encode(withPhotos)
      case .geojson: try PlacesGeoJSON.encode([place])
      case .html, .ics, .gpx: throw OutputFormat.plansOnly
      }
    try Emit.data(data, to: arguments.string(Options.output), terminal: context.terminal)
    return 0
  }

  /// A few Commons photos of `place`: those its photo URL names, else those
  /// taken near it. A failing service is exit 69: photos were asked for.
  static func photos(of place: FoundPlace, _ context: Context) throws(ItineraryError) -> [Photo] {
    let terminal = context.terminal
    let services = PlaceServices(
      environment: context.environment, warn: { terminal.writeError("warning: \($0)\n") })
    var tags = ["name": place.name]
    if let url = place.photos.first { tags["image"] = url }
    return try services.photos(
      ofPlaceTags: tags, at: Coordinate(lat: place.lat, lon: place.lon), limit: 3)
  }

  /// The photos under a place's details: id, licence and credit line each.
  static func photoLines(_ photos: [Photo]) -> String {
    guard !photos.isEmpty else { return "photos: none found\n" }
    return "photos:\n"
      + photos.map {
        "  \(TerminalText.clean($0.thumbnail))\n    \(TerminalText.clean($0.attribution))\n"
      }.joined()
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
