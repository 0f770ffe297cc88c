import Foundation
import ItineraryCore
import ItineraryPlanning

/// The nearest top destination in a few lines: what it is, how far and
/// which way, then its details.
public enum NearestTable {
  public static func render(_ response: NearestResponse) -> String {
    let units = response.request.units ?? .metric
    let place = response.place
    var lines = [
      "\(TerminalText.clean(place.name)) (\(place.categories.joined(separator: ","))): "
        + PlaceText.distance(place, units: units) + " "
        + String(format: "%@ (%.0f°)", response.direction.point, response.direction.degrees)
        + " of \(response.origin)",
      "  \(PlaceText.quality(place))\(place.openNow == nil ? "" : ", \(PlaceText.open(place)) now"); "
        + "id \(place.id)",
    ]
    lines += SearchTable.details(place).map { "  " + $0 }
    lines.append(
      "  top destination: \(response.rule) (\(response.topDestinations) in \(response.provider.description))"
    )
    return lines.joined(separator: "\n") + "\n"
  }
}
