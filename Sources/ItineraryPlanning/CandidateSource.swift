import ItineraryCore
import ItineraryPlaces

/// The candidates a provider gives for a request, filtered to those within
/// reach and eligible for an asked category.
struct Candidates {
  var places: [Place]
  /// The categories they fill: all asked, or fewer with `allowPartial`.
  var categories: [String]
  var provider: ProviderReport
}

/// Where candidates come from. The embedded city and the live providers
/// answer the same question the same way; only how they gather differs.
enum CandidateSource {
  case embedded(EmbeddedCity)
  case live(ProviderID)

  /// The provider asked for, or by default the embedded city when the start
  /// lies in it and OpenStreetMap elsewhere.
  static func choose(_ requested: ProviderID?, origin: Coordinate) throws(ItineraryError)
    -> CandidateSource
  {
    let city = EmbeddedCity.helsinki
    switch requested ?? (city.contains(origin) ? .embedded : .overpass) {
    case .embedded:
      guard city.contains(origin) else {
        throw ItineraryError(
          .failure,
          "\(origin) is outside the embedded city (\(city.name)); "
            + "use provider overpass, yelp or foursquare")
      }
      return .embedded(city)
    case let live: return .live(live)
    }
  }

  /// - Throws: `.failure` when a category has no candidate within reach.
  /// - Complexity: O(n * k) for n places gathered and k categories, after gathering.
  func candidates(
    _ categories: [CanonicalCategory], around origin: Coordinate, radiusKm: Double,
    request: PlanRequest, services: LazyServices, notify: @escaping @Sendable (Notice) -> Void
  ) throws(ItineraryError) -> Candidates {
    let pool: [Place]
    var names = categories.map(\.name)
    let id: ProviderID
    let description: String
    switch self {
    case .embedded(let city):
      id = .embedded
      description = "embedded city: \(city.name)"
      notify(.info("places from the \(description) (OpenStreetMap, \(city.places.count) places)"))
      pool = city.places
    case .live(let provider):
      id = provider
      description = provider.rawValue
      notify(.info("places from \(provider.rawValue) around \(origin)"))
      let report = try services.get().fetchPlaces(
        provider: provider.rawValue, origin: origin, categories: categories,
        limit: request.perCategory ?? Defaults.perCategory,
        radiusMeters: Int((radiusKm * 1000).rounded()),
        allowPartial: request.allowPartial ?? false,
        progress: { notify(.info($0)) })
      for missing in report.missing {
        notify(.warning("planning without \(missing.category): \(missing.error.message)"))
      }
      let missing = Set(report.missing.map(\.category))
      names = names.filter { !missing.contains($0) }
      if names.isEmpty {
        throw ItineraryError(
          .unavailable, "no category could be fetched from \(provider.rawValue)")
      }
      pool = report.places
    }
    let places = pool.filter { place in
      GreatCircle.distanceKm(origin, place.coordinate) <= radiusKm
        && names.contains { place.isEligible(for: $0) }
    }
    for name in names where !places.contains(where: { $0.isEligible(for: name) }) {
      throw ItineraryError(
        .failure,
        "no \(name) within reach of \(origin) (\(Self.format(radiusKm)) km, \(description))")
    }
    return Candidates(
      places: places, categories: names,
      provider: ProviderReport(id: id.rawValue, description: description, places: places.count))
  }

  private static func format(_ km: Double) -> String {
    km >= 10 ? String(Int(km.rounded())) : String(km)
  }
}
