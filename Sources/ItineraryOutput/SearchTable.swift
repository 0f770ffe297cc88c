import Foundation
import ItineraryCore
import ItineraryPlanning

/// Search results as a table a person reads: what was searched, then one
/// row a place (name, categories, distance and walk, rating or score, open
/// now), its address, hours and photos on the lines under it.
public enum SearchTable {
  /// - Complexity: O(number of results).
  public static func render(_ response: SearchResponse) -> String {
    let units = response.request.units ?? .metric
    let what = response.categories.isEmpty ? "places" : response.categories.joined(separator: ", ")
    let text = response.request.text.map { " matching \"\(TerminalText.clean($0))\"" } ?? ""
    var lines = [
      "\(what)\(text) within \(units.format(km: response.radiusKm)) of \(response.origin) "
        + "(\(response.provider.description)), by \(response.sort.rawValue): "
        + "\(response.results.count) of \(response.matched)",
      "",
    ]
    let rows = response.results.enumerated().map { index, place in
      [
        "\(index + 1).", place.name, place.categories.joined(separator: ","),
        PlaceText.distance(place, units: units), PlaceText.quality(place), PlaceText.open(place),
      ]
    }
    for (row, place) in zip(TextColumns.align(rows), response.results) {
      lines.append(row)
      lines += details(place).map { "     " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The address, hours and photos of a place, a line each when known.
  static func details(_ place: FoundPlace) -> [String] {
    var lines: [String] = []
    if let address = place.address { lines.append(TerminalText.clean(address)) }
    if let hours = place.openingHours { lines.append("hours: " + TerminalText.clean(hours)) }
    lines += place.photos.map { "photo: " + TerminalText.clean($0) }
    // Photos asked for: each thumbnail with its credit line.
    lines += (place.photoDetails ?? []).map {
      "photo: \(TerminalText.clean($0.thumbnail)) (\(TerminalText.clean($0.attribution)))"
    }
    return lines
  }
}
