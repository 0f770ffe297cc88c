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

  /// Fetches `categories` around `origin` in parallel (or in one request,
  /// for a `CombinedPlaceProvider`) and merges the results.
  ///
  /// - Parameters:
  ///   - openNow: only places open now, where the provider can tell.
  ///   - openAt: only places open at this moment, where the provider can tell.
  ///   - allowPartial: plan with what arrived: failed categories are listed
  ///     in the report instead of failing the stage.
  /// - Throws: the first failed category's error (in request order), unless `allowPartial`.
  /// - Complexity: wall time of the slowest category (with enough requests
  ///   allowed in flight); O(total places) to merge.
  public func run(
    origin: Coordinate, categories: [CanonicalCategory], limit: Int, radiusMeters: Int,
    openNow: Bool = false, openAt: Date? = nil, allowPartial: Bool = false
  ) throws(ItineraryError) -> FetchReport {
    let queries = categories.map { category in
      PlaceQuery(
        origin: origin, category: category, limit: limit, radiusMeters: radiusMeters,
        openNow: openNow, openAt: openAt)
    }
    let ordered =
      if let combined = provider as? any CombinedPlaceProvider {
        fetchTogether(queries, combined)
      } else {
        fetchEach(queries)
      }

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

  /// One task per query, all at once.
  private func fetchEach(_ queries: [PlaceQuery]) -> [Result<CategoryPlaces, ItineraryError>] {
    let results = Mutex<[Int: Result<CategoryPlaces, ItineraryError>]>([:])
    let group = DispatchGroup()
    for (index, query) in queries.enumerated() {
      // One queue per category rather than one concurrent queue: on Linux a
      // concurrent queue runs on the pool that keeps one thread per core, so
      // three blocking requests on two cores would go two at a time. A
      // serial queue gets a thread of its own.
      let queue = DispatchQueue(label: "itinerary.fetch.\(provider.name).\(query.category.name)")
      queue.async(group: group) { [self] in
        progress("\(provider.name): \(query.category.name): started")
        let start = DispatchTime.now().uptimeNanoseconds
        let result: Result<CategoryPlaces, ItineraryError>
        do throws(ItineraryError) {
          result = .success(try provider.fetch(query, session: session))
        } catch {
          result = .failure(error)
        }
        report(query.category.name, result, since: start)
        results.withLock { $0[index] = result }
      }
    }
    group.wait()
    return results.withLock { all in queries.indices.compactMap { all[$0] } }
  }

  /// One request for every query; a failure fails every category.
  private func fetchTogether(
    _ queries: [PlaceQuery], _ combined: any CombinedPlaceProvider
  ) -> [Result<CategoryPlaces, ItineraryError>] {
    let names = queries.map(\.category.name)
    progress("\(provider.name): \(names.joined(separator: ", ")): started, one request")
    let start = DispatchTime.now().uptimeNanoseconds
    let results: [Result<CategoryPlaces, ItineraryError>]
    do throws(ItineraryError) {
      let all = try combined.fetch(all: queries, session: session)
      results = all.map { .success($0) }
    } catch {
      results = queries.map { _ in .failure(error) }
    }
    for (name, result) in zip(names, results) { report(name, result, since: start) }
    return results
  }

  /// The progress line of one category's outcome.
  private func report(
    _ category: String, _ result: Result<CategoryPlaces, ItineraryError>, since start: UInt64
  ) {
    let millis = (DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    switch result {
    case .success(let fetched):
      let skipped = fetched.skipped > 0 ? ", \(fetched.skipped) skipped" : ""
      let cached = fetched.fromCache ? " (cached)" : ""
      progress(
        "\(provider.name): \(category): done, \(fetched.places.count) places\(skipped) in \(millis) ms\(cached)"
      )
    case .failure:
      progress("\(provider.name): \(category): failed after \(millis) ms")
    }
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
