import Dispatch
import Foundation
import ItineraryCore
import ItineraryPlaces
import Synchronization

/// A few Commons photos for every stop of a plan or a trip, and for every
/// result of a search (`photos: true`), fetched in parallel after the
/// answer is made. The wait is bounded: the slowest a single request may be
/// (the client's timeout) plus 50%. A place whose photos fail or come late
/// gets none, with one warning; the answer never fails because a photo did.
/// A note gives the fetch's timing.
struct StopPhotos {
  /// Photos per place: enough for a card to swipe through.
  static let perStop = 3

  let services: PlaceServices
  let notify: @Sendable (Notice) -> Void

  /// A place photos are looked for: by its photo URL when it has one (a
  /// Commons file), else near its point.
  struct Subject: Sendable {
    var id: String
    var name: String
    var photoURL: String?
    var coordinate: Coordinate
  }

  /// What the fetches left, shared with the threads that make them.
  private final class Results: Sendable {
    let photos = Mutex<[String: [Photo]]>([:])
    let failures = Mutex<[String]>([])
    let slowest = Mutex<Double>(0)
  }

  /// Sets `photos` on every stop of `response`, of its plans and of its
  /// days, each place asked once.
  ///
  /// - Complexity: one fetch per distinct stop, all at once; the wait is at
  ///   most 1.5 times the client's timeout.
  func attach(to response: inout PlanResponse) {
    let stops = response.plans.flatMap(\.stops) + (response.days ?? []).flatMap(\.stops)
    let found = photos(
      of: stops.map {
        Subject(id: $0.id, name: $0.name, photoURL: $0.photoURL, coordinate: $0.coordinate)
      }, noun: "stop")
    guard let found else { return }
    for plan in response.plans.indices {
      for stop in response.plans[plan].stops.indices {
        response.plans[plan].stops[stop].photos = found[response.plans[plan].stops[stop].id] ?? []
      }
    }
    if var days = response.days {
      for day in days.indices {
        for stop in days[day].stops.indices {
          days[day].stops[stop].photos = found[days[day].stops[stop].id] ?? []
        }
      }
      response.days = days
    }
  }

  /// Sets `photoDetails` on every result of a search.
  func attach(to response: inout SearchResponse) {
    let found = photos(
      of: response.results.map {
        Subject(id: $0.id, name: $0.name, photoURL: $0.photos.first, coordinate: $0.coordinate)
      }, noun: "place")
    guard let found else { return }
    for index in response.results.indices {
      response.results[index].photoDetails = found[response.results[index].id] ?? []
    }
  }

  /// The photos of each subject by its id, fetched at once; `nil` when
  /// there is none (nothing is fetched and nothing said).
  ///
  /// - Parameter noun: what a subject is called in the notes (`stop`).
  func photos(of subjects: [Subject], noun: String) -> [String: [Photo]]? {
    var distinct: [String: Subject] = [:]
    for subject in subjects where distinct[subject.id] == nil { distinct[subject.id] = subject }
    guard !distinct.isEmpty else { return nil }
    let results = Results()
    let group = DispatchGroup()
    let started = Date()
    let services = services
    for (id, subject) in distinct {
      let tags =
        subject.photoURL.map { ["image": $0, "name": subject.name] } ?? ["name": subject.name]
      let point = subject.coordinate
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
    let failures = results.failures.withLock { $0 }
    if let first = failures.first {
      let count = failures.count == 1 ? "1 \(noun)" : "\(failures.count) \(noun)s"
      notify(.warning("photos: \(count) got none: \(first)"))
    }
    if late {
      notify(
        .warning(
          "photos: the photo service did not answer within \(String(format: "%.1f", deadline)) s; "
            + "\(noun)s still waiting got none"))
    }
    let slowest = results.slowest.withLock { $0 }
    notify(
      .info(
        "photos for \(distinct.count) \(noun)\(distinct.count == 1 ? "" : "s") in "
          + String(
            format: "%.2f s (slowest request %.2f s)", Date().timeIntervalSince(started), slowest)))
    return found
  }
}
