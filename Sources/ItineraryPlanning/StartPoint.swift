import ItineraryCore
import ItineraryPlaces

/// Where plans start: `at`, `base`, the place `near` names, the centre of
/// the imported city asked for, or the embedded city's centre.
enum StartPoint {
  static func resolve(
    _ request: PlanRequest, services: LazyServices, cities: ImportedCities,
    notify: (Notice) -> Void
  ) throws(ItineraryError) -> Coordinate {
    if let base = request.base {
      let point = try PlacePoint.resolve(base, key: "base") { () throws(ItineraryError) in
        try cityPlaces(request.provider, cities: cities) ?? []
      }
      let ends = request.endAt == nil ? " and ending" : ""
      notify(.info("starting\(ends) at \(point.name) (\(point.coordinate))"))
      return point.coordinate
    }
    return try resolve(
      at: request.at, near: request.near, provider: request.provider, services: services,
      cities: cities, notify: notify)
  }

  static func resolve(
    at: Coordinate?, near: String?, provider: ProviderID?, services: LazyServices,
    cities: ImportedCities, notify: (Notice) -> Void
  ) throws(ItineraryError) -> Coordinate {
    if let at { return at }
    if let near {
      // The city's own place of that name or id first, offline.
      let folded = TextMatch.fold(near)
      let named = try cityPlaces(provider, cities: cities)?.filter { place in
        place.id == near || TextMatch.fold(place.name) == folded
      }
      if let named, named.count == 1 {
        notify(.info("starting at \(named[0].name) (\(named[0].coordinate))"))
        return named[0].coordinate
      }
      let match = try services.get().geocode(near)
      notify(.info("starting at \(match.displayName) (\(match.coordinate))"))
      return match.coordinate
    }
    if let name = provider?.cityName {
      let centre = try cities.open(name).summary.centre
      notify(
        .info("starting at the centre of \(name) (\(centre)); use --at LAT,LON to start elsewhere"))
      return centre
    }
    let city = EmbeddedCity.helsinki
    notify(
      .info(
        "starting at the centre of \(city.name) (\(city.centre)); use --at LAT,LON to start elsewhere"
      ))
    return city.centre
  }

  /// The places a name given for a point is looked for among: the imported
  /// city asked for, or the embedded city; `nil` for a live provider.
  ///
  /// - Complexity: O(n) for an imported city's n places.
  static func cityPlaces(_ provider: ProviderID?, cities: ImportedCities) throws(ItineraryError)
    -> [Place]?
  {
    if let name = provider?.cityName { return try cities.open(name).places() }
    if provider == nil || provider == .embedded { return EmbeddedCity.helsinki.places }
    return nil
  }
}
