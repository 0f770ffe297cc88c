import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryStore

/// Where a search or `nearest` looks: the point distances are measured
/// from, the source of places (the embedded city or a live provider), and
/// the zone opening hours are read in.
struct SearchArea {
  let origin: Coordinate
  let source: CandidateSource
  let timeZone: TimeZone
  private let services: LazyServices

  /// The embedded city's zone.
  static let embeddedZone = "Europe/Helsinki"

  /// - Parameter zone: an IANA zone; absent: the embedded city's when the
  ///   point lies in it, else the machine's.
  init(
    at: Coordinate?, near: String?, provider: ProviderID?, zone: String?,
    services: LazyServices, cities: ImportedCities, notify: (Notice) -> Void
  ) throws(ItineraryError) {
    origin = try StartPoint.resolve(
      at: at, near: near, provider: provider, services: services, cities: cities,
      notify: notify)
    source = try CandidateSource.choose(provider, origin: origin, cities: cities)
    let inCity = EmbeddedCity.helsinki.contains(origin)
    let name = zone ?? (inCity ? Self.embeddedZone : TimeZone.current.identifier)
    guard let timeZone = TimeZone(identifier: name) else {
      throw ItineraryError(.usage, "unknown time zone '\(name)'")
    }
    self.timeZone = timeZone
    self.services = services
  }

  /// The places of `categories` (any, when empty) with their distances,
  /// nearest first (ties by id): within `radiusKm` when given; else, in the
  /// embedded city, every place of the city.
  ///
  /// - Complexity: O(log n + b) in a city file's R*Tree for b places near
  ///   the circle; a live provider's fetch otherwise.
  func places(
    of categories: [CanonicalCategory], within radiusKm: Double?,
    notify: @escaping @Sendable (Notice) -> Void
  ) throws(ItineraryError) -> (places: [NearbyPlace], provider: ProviderReport) {
    let names = categories.map(\.name)
    func eligible(_ place: Place) -> Bool {
      names.isEmpty || names.contains { place.isEligible(for: $0) }
    }
    func nearby(in city: CityFile, within radius: Double) throws(ItineraryError) -> [NearbyPlace] {
      try city.nearby(radiusKm: radius, of: origin).filter { eligible($0.place) }
    }
    switch source {
    case .embedded(let city):
      let found = try nearby(
        in: city.file, within: radiusKm ?? Double.pi * GreatCircle.earthRadiusKm)
      let report = ProviderReport(
        id: ProviderID.embedded.rawValue, description: "embedded city: \(city.name)",
        places: found.count)
      return (found, report)
    case .imported(let city):
      let found = try nearby(in: city, within: radiusKm ?? Defaults.radiusKm(.walk))
      let name = city.summary.name
      let report = ProviderReport(
        id: ProviderID.city(name).rawValue, description: "imported city: \(name)",
        places: found.count)
      return (found, report)
    case .live(let provider):
      let radius = radiusKm ?? Defaults.radiusKm(.walk)
      notify(.info("places from \(provider.rawValue) around \(origin)"))
      let report = try services.get().fetchPlaces(
        provider: provider.rawValue, origin: origin, categories: categories,
        limit: SearchRequest.maxLimit, radiusMeters: Int((radius * 1000).rounded()),
        allowPartial: true, progress: { notify(.info($0)) })
      for missing in report.missing {
        notify(.warning("searching without \(missing.category): \(missing.error.message)"))
      }
      var seen = Set<String>()
      let found = report.places.filter { seen.insert($0.id).inserted && eligible($0) }
        .map { NearbyPlace($0, from: origin) }
        .filter { $0.distanceKm <= radius }
        .sorted { ($0.distanceKm, $0.place.id) < ($1.distanceKm, $1.place.id) }
      let description = provider.rawValue
      return (
        found, ProviderReport(id: provider.rawValue, description: description, places: found.count)
      )
    }
  }
}
