import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryStreets

extension Suite {
  /// Network distances on the embedded city's streets: reading the network,
  /// and the road table between the centre and the candidates of the first
  /// k categories of a plan (restaurant, park, art, cafe) within 3 km, as
  /// `plan` computes it: every point joined to the streets, then one search
  /// from each, on every core.
  static func streets(_ bench: inout Bench) throws {
    let city = EmbeddedCity.helsinki
    guard let network = try city.file.streets() else {
      throw ItineraryError(.data, "the embedded city has no streets")
    }
    try bench.measure(
      series: "read", solver: "city-file-streets", n: 0,
      work: { ["edges": $0?.edges.count ?? 0] }
    ) { try city.file.streets() }
    let categories = ["restaurant", "park", "art", "cafe"]
    for k in 1...categories.count {
      let asked = Array(categories.prefix(k))
      let places = city.places.filter { place in
        asked.contains(where: place.isEligible(for:))
          && GreatCircle.distanceKm(city.centre, place.coordinate) <= 3
      }
      let points = [city.centre] + places.map(\.coordinate)
      try bench.measure(
        series: "walk", solver: "street-legs", n: places.count,
        parameters: ["categories": asked.joined(separator: ",")],
        work: { _ in ["points": points.count] }
      ) {
        let legs = StreetLegs(StreetGraph(network, mode: .walk), points: points)
        return try legs.table(speedKmh: TravelMode.walk.defaultSpeedKmh)
      }
    }
  }
}
