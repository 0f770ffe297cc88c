import Dispatch
import Foundation
import ItineraryCore
import Synchronization

/// A category that brought no places, and why.
public struct MissingCategory: Sendable, Equatable {
  public var category: String
  public var error: ItineraryError
}

/// What the fetch stage gathered.
public struct FetchReport: Sendable {
  /// The places of every category that arrived, each place once with all
  /// the categories it was found for.
  public var places: [Place]
  /// Categories that failed (only with `allowPartial`), in request order.
  public var missing: [MissingCategory]
  /// Categories served wholly from the cache.
  public var fromCache: [String]
}

/// Fetches every category at once, one task per category in a dispatch
/// group, so a plan waits for its slowest category rather than the sum. The
/// provider's `ServiceSession` bounds how many requests are in flight.
public struct FetchStage: Sendable {
  public let provider: any PlaceProvider
  public let session: ServiceSession
  /// Receives one progress line per event (for stderr).
  public let progress: @Sendable (String) -> Void

  public init(
    provider: any PlaceProvider, session: ServiceSession,
    progress: @escaping @Sendable (String) -> Void
  ) {
    self.provider = provider
    self.session = session
    self.progress = progress
  }

  /// Fetches `categories` around `origin` in parallel and merges the results.
  ///
  /// - Parameters:
  ///   - allowPartial: plan with what arrived: failed categories are listed
  ///     in the report instead of failing the stage.
  /// - Throws: the first failed category's error (in request order), unless `allowPartial`.
  /// - Complexity: wall time of the slowest category (with enough requests
  ///   allowed in flight); O(total places) to merge.
  public func run(
    origin: Coordinate, categories: [CanonicalCategory], limit: Int, radiusMeters: Int,
    openNow: Bool = false, allowPartial: Bool = false
  ) throws(ItineraryError) -> FetchReport {
    let results = Mutex<[Int: Result<CategoryPlaces, ItineraryError>]>([:])
    let group = DispatchGroup()
    for (index, category) in categories.enumerated() {
      let query = PlaceQuery(
        origin: origin, category: category, limit: limit, radiusMeters: radiusMeters,
        openNow: openNow)
      // One queue per category rather than one concurrent queue: on Linux a
      // concurrent queue runs on the pool that keeps one thread per core, so
      // three blocking requests on two cores would go two at a time. A
      // serial queue gets a thread of its own.
      let queue = DispatchQueue(label: "itinerary.fetch.\(provider.name).\(category.name)")
      queue.async(group: group) { [provider, session, progress] in
        progress("\(provider.name): \(category.name): started")
        let start = DispatchTime.now().uptimeNanoseconds
        let result: Result<CategoryPlaces, ItineraryError>
        do throws(ItineraryError) {
          result = .success(try provider.fetch(query, session: session))
        } catch {
          result = .failure(error)
        }
        let millis = (DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        switch result {
        case .success(let fetched):
          let skipped = fetched.skipped > 0 ? ", \(fetched.skipped) skipped" : ""
          let cached = fetched.fromCache ? " (cached)" : ""
          progress(
            "\(provider.name): \(category.name): done, \(fetched.places.count) places\(skipped) in \(millis) ms\(cached)"
          )
        case .failure:
          progress("\(provider.name): \(category.name): failed after \(millis) ms")
        }
        results.withLock { $0[index] = result }
      }
    }
    group.wait()
    let ordered = results.withLock { all in categories.indices.compactMap { all[$0] } }

    var lists: [[Place]] = []
    var missing: [MissingCategory] = []
    var fromCache: [String] = []
    for (category, result) in zip(categories, ordered) {
      switch result {
      case .success(let fetched):
        lists.append(fetched.places)
        if fetched.fromCache { fromCache.append(category.name) }
      case .failure(let error):
        guard allowPartial else { throw error }
        missing.append(MissingCategory(category: category.name, error: error))
      }
    }
    return FetchReport(places: Self.merge(lists), missing: missing, fromCache: fromCache)
  }

  /// Joins the places found per category: a place found more than once (same
  /// id) becomes one place carrying the union of its categories, in first-seen order.
  ///
  /// - Complexity: O(total places + total categories).
  public static func merge(_ lists: [[Place]]) -> [Place] {
    var merged: [Place] = []
    var position: [String: Int] = [:]
    for place in lists.joined() {
      if let index = position[place.id] {
        for category in place.categories where !merged[index].isEligible(for: category) {
          merged[index].categories.append(category)
        }
      } else {
        position[place.id] = merged.count
        merged.append(place)
      }
    }
    return merged
  }
}
