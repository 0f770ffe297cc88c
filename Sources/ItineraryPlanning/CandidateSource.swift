import Foundation
import ItineraryCore
import ItineraryPlaces
import ItinerarySolver
import ItineraryStore

/// The candidates a provider gives for a request, filtered to those within
/// reach and eligible for an asked category.
struct Candidates {
  var places: [Place]
  /// The categories they fill: all asked, or fewer with `allowPartial`.
  var categories: [String]
  var provider: ProviderReport
  /// How many of the places have opening hours that do not parse, when the
  /// source knows without reading them (the embedded city's are known once).
  var unreadableHours: Int?
}

/// Where candidates come from. The embedded city, imported cities and the
/// live providers answer the same question the same way; only how they
/// gather differs.
enum CandidateSource {
  case embedded(EmbeddedCity)
  case imported(CityFile)
  case live(ProviderID)

  /// The provider asked for, or by default the first imported city, then
  /// the embedded city, that holds the start, and OpenStreetMap elsewhere.
  static func choose(
    _ requested: ProviderID?, origin: Coordinate, cities: ImportedCities
  ) throws(ItineraryError) -> CandidateSource {
    let city = EmbeddedCity.helsinki
    if let name = requested?.cityName {
      let imported = try cities.open(name)
      guard imported.summary.contains(origin) else {
        throw ItineraryError(
          .failure,
          "\(origin) is outside the imported city \(name) (itinerary city show \(name))")
      }
      return .imported(imported)
    }
    if requested == nil, let imported = cities.containing(origin) { return .imported(imported) }
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

  /// The city's places, where a place named in a request is found; `nil`
  /// for a live provider, which has no city.
  ///
  /// - Complexity: O(n) for an imported city's n places.
  func cityPlaces() throws(ItineraryError) -> [Place]? {
    switch self {
    case .embedded(let city): city.places
    case .imported(let city): try city.places()
    case .live: nil
    }
  }

  /// - Parameter everyCategory: whether each category must have a candidate
  ///   (a plan's stops) or any may have none (a trip's choices).
  /// - Throws: `.usage` for a cuisine or price with no category of food or
  ///   drink, or a price where the source has none; `.noPlan` when a
  ///   category has no candidate within reach (that passes the request's
  ///   `PlaceFilter`) and `everyCategory`, or no category has one.
  /// - Complexity: O(n * k) for n places gathered and k categories, after gathering.
  func candidates(
    _ categories: [CanonicalCategory], around origin: Coordinate, radiusKm: Double,
    request: PlanRequest, services: LazyServices, everyCategory: Bool = true,
    notify: @escaping @Sendable (Notice) -> Void
  ) throws(ItineraryError) -> Candidates {
    let filter = request.filter
    try check(filter, for: categories)
    var places: [Place]
    var unreadableHours: Int?
    var names = categories.map(\.name)
    let id: ProviderID
    let description: String
    switch self {
    case .embedded(let city):
      id = .embedded
      description = "embedded city: \(city.name)"
      notify(.info("places from the \(description) (OpenStreetMap, \(city.places.count) places)"))
      (places, unreadableHours) = Self.embeddedByCategory.eligible(
        for: names, within: radiusKm, of: origin, in: Self.embeddedPlaces.forThisThread())
    case .imported(let city):
      let summary = city.summary
      id = .city(summary.name)
      description = "imported city: \(summary.name)"
      notify(
        .info(
          "places from the \(description) (OpenStreetMap, \(summary.places) places, "
            + "from \(summary.source))"))
      places = try city.within(radiusKm: radiusKm, of: origin).filter { place in
        names.contains { place.isEligible(for: $0) }
      }
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
      places = report.places.filter { place in
        names.contains { place.isEligible(for: $0) }
          && GreatCircle.distanceKm(origin, place.coordinate) <= radiusKm
      }
    }
    places = filter.apply(places, asked: categories.filter { names.contains($0.name) })
    for name in names
    where (everyCategory || places.isEmpty)
      && !places.indices.contains(where: { places[$0].isEligible(for: name) })
    {
      let filtered =
        filter.isEmpty || CategoryVocabulary.standard.resolve(name)?.servesFoodOrDrink != true
        ? "" : " " + filter.description
      throw ItineraryError(
        .noPlan,
        "no \(name)\(filtered) within reach of \(origin) (\(Self.format(radiusKm)) km, \(description))"
      )
    }
    return Candidates(
      places: places, categories: names,
      provider: ProviderReport(id: id.rawValue, description: description, places: places.count),
      unreadableHours: unreadableHours)
  }

  /// Refuses a filter with nothing to filter: a cuisine or price with no
  /// category that serves food or drink, or a price from a source of map
  /// data, which has no prices.
  ///
  /// - Throws: `.usage`.
  func check(_ filter: PlaceFilter, for categories: [CanonicalCategory]) throws(ItineraryError) {
    guard !filter.isEmpty else { return }
    if !categories.contains(where: { $0.servesFoodOrDrink == true }) {
      let served = CategoryVocabulary.standard.categories.filter { $0.servesFoodOrDrink == true }
      throw ItineraryError(
        .usage,
        "cuisine and price choose among places of food and drink: ask for "
          + served.map(\.name).joined(separator: ", "))
    }
    if filter.price != nil, !hasPrices {
      throw ItineraryError(
        .usage,
        "price: OpenStreetMap has no prices; only the yelp and foursquare providers have them")
    }
  }

  /// Whether its places may have prices: Yelp's and Foursquare's do.
  var hasPrices: Bool {
    if case .live(let provider) = self { return provider == .yelp || provider == .foursquare }
    return false
  }

  /// The embedded city's places by category, indexed once.
  private static let embeddedByCategory = CategoryIndex(EmbeddedCity.helsinki.places)
  private static let embeddedPlaces = PerThreadPlaces(EmbeddedCity.helsinki.places)

  private static func format(_ km: Double) -> String {
    km >= 10 ? String(Int(km.rounded())) : String(km)
  }
}

/// Which places are eligible for each category, so that a request looks at
/// the places of its categories only, and measures only their distances.
struct CategoryIndex: Sendable {
  private let places: [String: [Int]]
  private let coordinates: [Coordinate]
  /// Each place as a unit vector and the cosine of its latitude
  /// (`GreatCircle.cosLatitude`), kept for the radius.
  private let points: [SpherePoint]
  private let cosLatitudes: [Double]
  /// Whether each place has opening hours that do not parse.
  private let unreadable: [Bool]

  /// - Complexity: O(total number of place categories).
  init(_ all: [Place]) {
    var places: [String: [Int]] = [:]
    for (index, place) in all.enumerated() {
      for category in Set(place.categories.map { $0.lowercased() }) {
        places[category, default: []].append(index)
      }
    }
    self.places = places
    coordinates = all.map(\.coordinate)
    points = coordinates.map(SpherePoint.init)
    cosLatitudes = coordinates.map(GreatCircle.cosLatitude)
    unreadable = all.map { place in
      place.openingHours.map { OpeningHours.cached($0) == nil } ?? false
    }
  }

  /// The places of `all` eligible for any of `categories` within
  /// `radiusKm` of `origin`, in their order, and how many of them have
  /// opening hours that do not parse.
  ///
  /// A place is within the radius when its great-circle distance is at most
  /// the radius; the chord between unit vectors settles it but for places
  /// within `ChordBand.margin` of the edge, which are measured.
  ///
  /// - Complexity: O(n + m) for n places in all and m eligible places.
  func eligible(
    for categories: [String], within radiusKm: Double, of origin: Coordinate, in all: [Place]
  ) -> (places: [Place], unreadableHours: Int) {
    var chosen = [Bool](repeating: false, count: coordinates.count)
    let (start, cosOrigin) = (SpherePoint(origin), GreatCircle.cosLatitude(origin))
    let band = ChordBand(radiusKm: radiusKm)
    for category in categories {
      for index in places[category.lowercased()] ?? [] where !chosen[index] {
        let chord = start.chord(to: points[index])
        chosen[index] =
          chord < band.within
          || chord <= band.beyond
            && GreatCircle.distanceKm(
              origin, cosLatitude: cosOrigin, coordinates[index],
              cosLatitude: cosLatitudes[index]) <= radiusKm
      }
    }
    let indices = chosen.indices.filter { chosen[$0] }
    return (indices.map { all[$0] }, indices.count { unreadable[$0] })
  }
}

/// The chords (through the unit sphere) that settle whether a place lies
/// within a radius: below `within` it does, above `beyond` it does not, as
/// its haversine distance says (`2 R asin(chord / 2)`, the same distance).
private struct ChordBand {
  let within: Double
  let beyond: Double

  /// Far more than the rounding of a chord or of a haversine distance
  /// (about 1e-15), far less than a metre's chord (1.6e-7): 6 mm.
  static let margin = 1e-9

  init(radiusKm: Double) {
    let half = radiusKm / (2 * GreatCircle.earthRadiusKm)
    // Near half the globe the chord flattens out: every place is measured.
    guard half < 1.5 else {
      (within, beyond) = (-1, .infinity)
      return
    }
    let chord = 2 * sin(half)
    (within, beyond) = (chord - Self.margin, chord + Self.margin)
  }
}
