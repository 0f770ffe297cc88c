import ItineraryCore
import ItineraryPlanning

/// A place's details for `show`: every field a line.
public enum PlaceDetails {
  public static func render(_ place: FoundPlace) -> String {
    var lines = [
      TerminalText.clean(place.name),
      "  id: \(place.id)",
      "  categories: \(place.categories.joined(separator: ", "))"
        + (place.kind.map { " (\($0))" } ?? ""),
      "  location: \(place.lat),\(place.lon)",
      "  \(PlaceText.quality(place))",
    ]
    if place.openingHours != nil { lines.append("  open now: \(PlaceText.open(place))") }
    lines += SearchTable.details(place).map { "  " + $0 }
    if place.photos.isEmpty { lines.append("  photos: none in the data") }
    if let source = place.source { lines.append("  source: \(source)") }
    return lines.joined(separator: "\n") + "\n"
  }
}
