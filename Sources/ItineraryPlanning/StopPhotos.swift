import Dispatch
import Foundation
import ItineraryCore
import ItineraryPlaces
import Synchronization

/// A few Commons photos for every stop of a plan (`photos: true`), fetched
/// in parallel after the plan is made. The wait is bounded: the slowest a
/// single request may be (the client's timeout) plus 50%. A stop whose
/// photos fail or come late gets none, with one warning; the plan never
/// fails because a photo did. A note gives the fetch's timing.
struct StopPhotos {
  /// Photos per stop: enough for a card to swipe through.
  static let perStop = 3

  let services: PlaceServices
  let notify: @Sendable (Notice) -> Void

  /// What the fetches left, shared with the threads that make them.
  private final class Results: Sendable {
    let photos = Mutex<[String: [Photo]]>([:])
    let failures = Mutex<[String]>([])
    let slowest = Mutex<Double>(0)
  }

  /// Sets `photos` on every stop of `response`, each place asked once.
  ///
  /// - Complexity: one fetch per distinct stop, all at once; the wait is at
  ///   most 1.5 times the client's timeout.
  func attach(to response: inout PlanResponse) {
    var stops: [String: PlanResponse.Stop] = [:]
    for plan in response.plans {
      for stop in plan.stops where stops[stop.id] == nil { stops[stop.id] = stop }
    }
    guard !stops.isEmpty else { return }
    let results = Results()
    let group = DispatchGroup()
    let started = Date()
    let services = services
    for (id, stop) in stops {
      let tags = stop.photoURL.map { ["image": $0, "name": stop.name] } ?? ["name": stop.name]
      let point = stop.coordinate
      // A thread each: the fetches block on the network, and the global
      // queue runs only as many blocking items at once as there are cores.
      group.enter()
      Thread {
        defer { group.leave() }
        let begun = Date()
        do throws(ItineraryError) {
          let photos = try services.photos(ofPlaceTags: tags, at: point, limit: Self.perStop)
          results.photos.withLock { $0[id] = photos }
        } catch {
          results.failures.withLock { $0.append(error.message) }
        }
        let took = Date().timeIntervalSince(begun)
        results.slowest.withLock { $0 = max($0, took) }
      }.start()
    }
    let deadline = 1.5 * services.client.totalTimeout
    let late = group.wait(timeout: .now() + deadline) == .timedOut
    let found = results.photos.withLock { $0 }
    for plan in response.plans.indices {
      for stop in response.plans[plan].stops.indices {
        response.plans[plan].stops[stop].photos = found[response.plans[plan].stops[stop].id] ?? []
      }
    }
    let failures = results.failures.withLock { $0 }
    if let first = failures.first {
      let count = failures.count == 1 ? "1 stop" : "\(failures.count) stops"
      notify(.warning("photos: \(count) got none: \(first)"))
    }
    if late {
      notify(
        .warning(
          "photos: the photo service did not answer within \(String(format: "%.1f", deadline)) s; "
            + "stops still waiting got none"))
    }
    let slowest = results.slowest.withLock { $0 }
    notify(
      .info(
        "photos for \(stops.count) stop\(stops.count == 1 ? "" : "s") in "
          + String(
            format: "%.2f s (slowest request %.2f s)", Date().timeIntervalSince(started), slowest)))
  }
}
