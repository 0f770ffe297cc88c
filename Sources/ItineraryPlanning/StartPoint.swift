import ItineraryCore
import ItineraryPlaces

/// Where plans start: `at`, the place `near` names, the centre of the
/// imported city asked for, or the embedded city's centre.
enum StartPoint {
  static func resolve(
    _ request: PlanRequest, services: LazyServices, cities: ImportedCities,
    notify: (Notice) -> Void
  ) throws(ItineraryError) -> Coordinate {
    try resolve(
      at: request.at, near: request.near, provider: request.provider, services: services,
      cities: cities, notify: notify)
  }

  static func resolve(
    at: Coordinate?, near: String?, provider: ProviderID?, services: LazyServices,
    cities: ImportedCities, notify: (Notice) -> Void
  ) throws(ItineraryError) -> Coordinate {
    if let at { return at }
    if let near {
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
}
