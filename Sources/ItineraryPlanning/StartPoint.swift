import ItineraryCore
import ItineraryPlaces

/// Where plans start: `at`, the place `near` names, or the embedded city's centre.
enum StartPoint {
  static func resolve(
    _ request: PlanRequest, services: LazyServices, notify: (Notice) -> Void
  ) throws(ItineraryError) -> Coordinate {
    try resolve(at: request.at, near: request.near, services: services, notify: notify)
  }

  static func resolve(
    at: Coordinate?, near: String?, services: LazyServices, notify: (Notice) -> Void
  ) throws(ItineraryError) -> Coordinate {
    if let at { return at }
    if let near {
      let match = try services.get().geocode(near)
      notify(.info("starting at \(match.displayName) (\(match.coordinate))"))
      return match.coordinate
    }
    let city = EmbeddedCity.helsinki
    notify(
      .info(
        "starting at the centre of \(city.name) (\(city.centre)); use --at LAT,LON to start elsewhere"
      ))
    return city.centre
  }
}
