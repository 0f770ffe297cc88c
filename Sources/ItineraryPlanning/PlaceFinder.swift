import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryStore

/// The one way to find places, for every front end: search, the nearest
/// top destination, completions and a place by id, over the embedded city
/// (through its places index) and the live providers.
///
/// Like `PlanningPipeline`, it never writes to a terminal: what a person
/// should be told goes to `notify`.
public struct PlaceFinder: Sendable {
  /// API keys and `ITINERARY_*` settings.
  public let environment: [String: String]
  public let notify: @Sendable (Notice) -> Void

  public init(
    environment: [String: String], notify: @escaping @Sendable (Notice) -> Void = { _ in }
  ) {
    self.environment = environment
    self.notify = notify
  }

  /// The places a request asks for, ordered by `SearchRanking`, at most its limit.
  ///
  /// - Parameter now: the instant "open now" is judged at.
  /// - Throws: `.usage` for a bad value, `.data` for an unknown category,
  ///   `.unavailable` when a live provider fails.
  /// - Complexity: O(m log m) for m places within the radius, after gathering.
  public func search(_ request: SearchRequest, now: Date = Date()) throws(ItineraryError)
    -> SearchResponse
  {
    try request.validate()
    let filter = request.filter
    var categories = request.categories.isEmpty ? [] : try CategoryWords.resolve(request.categories)
    if categories.isEmpty && !filter.isEmpty {
      // A cuisine or price asks for food and drink.
      categories = CategoryVocabulary.standard.categories.filter { $0.servesFoodOrDrink == true }
    }
    let radius = request.radius ?? Defaults.radiusKm(.walk)
    let services = LazyServices(environment: environment, notify: notify)
    let area = try SearchArea(
      at: request.at, near: request.near, provider: request.provider, zone: request.tz,
      services: services,
      cities: ImportedCities(environment: environment), notify: notify)
    try area.source.check(filter, for: categories)
    let found = try area.places(of: categories, within: radius, notify: notify)
    let hours = OpenNow(instant: now, timeZone: area.timeZone)
    var entries: [SearchRanking.Entry] = []
    for nearby in found.places {
      guard let place = filter.apply([nearby.place], asked: categories).first else { continue }
      var match = 0
      if let text = request.text {
        guard let rank = TextMatch.rank(place, text: text) else { continue }
        match = rank
      }
      if request.openNow == true, hours.state(of: place) != true { continue }
      entries.append(SearchRanking.Entry(place: place, distanceKm: nearby.distanceKm, match: match))
    }
    let sort = request.sort ?? .relevance
    let limit = request.limit ?? SearchRequest.defaultLimit
    let results = SearchRanking.ordered(entries, by: sort).prefix(limit).map { entry in
      FoundPlace(entry.place, from: area.origin, openNow: hours.state(of: entry.place))
    }
    var response = SearchResponse(
      request: request, origin: area.origin, categories: categories.map(\.name), sort: sort,
      limit: limit, radiusKm: radius, openAt: now.formatted(.iso8601),
      timeZone: area.timeZone.identifier,
      provider: found.provider, matched: entries.count, results: Array(results))
    if request.photos == true {
      StopPhotos(services: services.get(), notify: notify).attach(to: &response)
    }
    return response
  }

  /// The closest top destination (`TopDestinations`): of the request's
  /// category, or of any category. In the embedded city the deciles are
  /// those of the whole city; from a live provider, of the places it
  /// returned within the radius. When no place of the category asked for
  /// beats its median (they all score alike), the nearest of them is shown.
  ///
  /// - Throws: `.data` for an unknown category word, `.noPlan` when no place
  ///   of the category is within reach (as `plan` says of a stop).
  /// - Complexity: O(n log n) for the n places of the pool.
  public func nearest(_ request: NearestRequest, now: Date = Date()) throws(ItineraryError)
    -> NearestResponse
  {
    try request.validate()
    let category = try request.category.map { word throws(ItineraryError) in
      try CategoryWords.resolve([word])[0]
    }
    let area = try SearchArea(
      at: request.at, near: request.near, provider: request.provider, zone: request.tz,
      services: LazyServices(environment: environment, notify: notify),
      cities: ImportedCities(environment: environment), notify: notify)
    let pool = try area.places(
      of: category.map { [$0] } ?? [], within: request.radius, notify: notify)
    let top = TopDestinations(pool.places.map(\.place))
    var candidates = pool.places.filter { top.isTop($0.place, of: category?.name) }
    var rule =
      "a top 10% score of "
      + (category.map { "its category, \($0.name)," } ?? "one of its categories")
      + " above the category's median, nearest first"
    if candidates.isEmpty, let category {
      candidates = pool.places
      rule =
        "no \(category.name) scores above the category's median, so the nearest \(category.name)"
    }
    guard
      let best = candidates.min(by: { a, b in
        (a.distanceKm, -Scoring.score(of: a.place), a.place.id)
          < (b.distanceKm, -Scoring.score(of: b.place), b.place.id)
      })
    else {
      throw ItineraryError(
        .noPlan,
        "no \(category?.name ?? "place") found from \(area.origin) (\(pool.provider.description))")
    }
    return NearestResponse(
      request: request, origin: area.origin, category: category?.name, rule: rule,
      topDestinations: candidates.count,
      place: FoundPlace(
        best.place, from: area.origin,
        openNow: OpenNow(instant: now, timeZone: area.timeZone).state(of: best.place)),
      direction: CompassDirection(from: area.origin, to: best.place.coordinate),
      openAt: now.formatted(.iso8601),
      timeZone: area.timeZone.identifier, provider: pool.provider)
  }
}
