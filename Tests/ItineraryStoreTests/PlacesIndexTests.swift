import Foundation
import ItineraryCore
import ItineraryPlaces
import Testing

@testable import ItineraryStore

@Suite struct PlacesIndexTests {
  static let city = EmbeddedCity.helsinki.places
  let index: PlacesIndex

  init() throws {
    index = try PlacesIndex(places: Self.city)
  }

  func names(_ prefix: String, limit: Int = 50) throws -> [String] {
    try index.complete(prefix: prefix, limit: limit).map(\.text)
  }

  @Test func anyWordOfANameCompletesIgnoringCaseAndAccents() throws {
    #expect(try names("kais").contains("Kaisaniemen puisto"))
    #expect(try names("rex").contains("Amos Rex"))
    #expect(try names("REX") == names("rex"))
    #expect(try names("kaïs") == names("kais"))
    #expect(try names("jaapuiston").contains("Jääpuiston kahvila"))
    #expect(try names("amos r") == ["Amos Rex"])
    #expect(try names("rex amos").isEmpty)
    #expect(try names("cafe").contains("Cafè Sanomakahvila"))
  }

  @Test func categoriesComeFirstThenPlacesBestFirst() throws {
    let completions = try index.complete(prefix: "m", limit: 8)
    let categories = CategoryVocabulary.standard.categories.filter { $0.name.hasPrefix("m") }
    #expect(categories.map(\.name) == ["museum", "memorial", "music"])
    #expect(Array(completions.prefix(categories.count)) == categories.map { .category($0) })
    let scores = completions.dropFirst(categories.count).compactMap { completion -> Double? in
      guard case .place(let place) = completion else { return nil }
      return Scoring.score(of: place)
    }
    #expect(scores.count == 8 - categories.count)
    #expect(scores == scores.sorted(by: >))
  }

  @Test func oddPrefixesAreHandled() throws {
    #expect(throws: ItineraryError(.usage, "the prefix to complete is empty")) {
      try index.complete(prefix: "  ", limit: 5)
    }
    #expect(throws: ItineraryError(.usage, "a completion limit is at least 1, not 0")) {
      try index.complete(prefix: "a", limit: 0)
    }
    #expect(try names("-").isEmpty)
    #expect(try names("\"").isEmpty)
    #expect(try names("amos\"") == names("amos"))
    #expect(try names("a OR b") == names("a or b"), "FTS5 operators are plain words here")
    #expect(try names("a", limit: 3).count == 3)
  }

  /// The plain scan: the lowercased, accent-free words of each name, one of
  /// them starting with the prefix; categories first, then the places by
  /// score, name and id.
  static func scan(_ prefix: String, places: [Place], limit: Int) -> [String] {
    func words(_ text: String) -> [String] {
      text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        .split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
    let key = words(prefix).joined()
    let categories = CategoryVocabulary.standard.categories.map(\.name)
      .filter { words($0).contains { $0.hasPrefix(key) } }
    let matching = places.filter { words($0.name).contains { $0.hasPrefix(key) } }
      .sorted {
        (Scoring.score(of: $1), $0.name, $0.id) < (Scoring.score(of: $0), $1.name, $1.id)
      }
    return Array((categories + matching.map(\.name)).prefix(limit))
  }

  @Test func completionsMatchAPlainScanOfTheEmbeddedCity() throws {
    let prefixes = Set(
      Self.city.flatMap { place in
        place.name.split(separator: " ").flatMap { word in
          (1...min(3, word.count)).map { String(word.prefix($0)) }
        }
      }
    ).filter { $0.allSatisfy { $0.isLetter || $0.isNumber } }.sorted()
    #expect(prefixes.count > 300)
    for prefix in prefixes {
      #expect(
        try names(prefix, limit: 8) == Self.scan(prefix, places: Self.city, limit: 8), "\(prefix)")
    }
  }

  @Test func radiusQueriesMatchAPlainScanOfTheEmbeddedCity() throws {
    let centre = EmbeddedCity.helsinki.centre
    for radius in [0, 0.05, 0.2, 0.5, 1, 1.5, 3, 10] {
      let found = try index.within(radiusKm: radius, of: centre)
      let expected = Self.city.filter { GreatCircle.distanceKm(centre, $0.coordinate) <= radius }
      #expect(Set(found.map(\.place.id)) == Set(expected.map(\.id)), "radius \(radius)")
      #expect(found.map(\.distanceKm) == found.map(\.distanceKm).sorted())
    }
  }

  /// Places spread over the whole sphere, poles and antimeridian included.
  static func randomPlaces(_ count: Int, using generator: inout SplitMix64) -> [Place] {
    (0..<count).map { index in
      let lat = asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi
      let lon = Double.random(in: -180...180, using: &generator)
      let category = ["museum", "park", "cafe"][index % 3]
      return Place(
        id: "r\(index)", name: "Place \(index)", categories: [category],
        coordinate: Coordinate(lat: lat, lon: lon), score: Double(index % 7))
    }
  }

  @Test func radiusQueriesMatchAPlainScanOfRandomPlaces() throws {
    let seed: UInt64 = 0x5EED_0017
    print("seed \(seed)")
    var generator = SplitMix64(seed: seed)
    var places = Self.randomPlaces(3000, using: &generator)
    // Crowds where boxes are hardest: around a pole and across the antimeridian.
    for (offset, point) in [(89.99, 10.0), (-89.9, -170.0), (0.5, 179.999), (-30, -179.99)]
      .enumerated()
    {
      for step in 0..<50 {
        let lat = min(90, max(-90, point.0 + Double(step % 7) * 0.01 - 0.03))
        let lon =
          ((point.1 + Double(step) * 0.003 + 180).truncatingRemainder(dividingBy: 360)) - 180
        places.append(
          Place(
            id: "c\(offset)-\(step)", name: "Crowd", categories: ["bar"],
            coordinate: Coordinate(lat: lat, lon: lon)))
      }
    }
    let index = try PlacesIndex(places: places)
    for trial in 0..<300 {
      let centre =
        trial % 3 == 0
        ? places[Int.random(in: 0..<places.count, using: &generator)].coordinate
        : Coordinate(
          lat: asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi,
          lon: Double.random(in: -180...180, using: &generator))
      // Half the radii reach exactly one place, which must then be found.
      let radius =
        trial % 2 == 0
        ? GreatCircle.distanceKm(
          centre, places[Int.random(in: 0..<places.count, using: &generator)].coordinate)
        : exp(Double.random(in: log(0.1)...log(21_000), using: &generator))
      let found = Set(try index.within(radiusKm: radius, of: centre).map(\.place.id))
      let expected = Set(
        places.filter { GreatCircle.distanceKm(centre, $0.coordinate) <= radius }.map(\.id))
      #expect(found == expected, "seed \(seed), trial \(trial): radius \(radius) around \(centre)")
    }
  }

  @Test func nearestMatchesABruteForce() throws {
    let seed: UInt64 = 0x5EED_0018
    print("seed \(seed)")
    var generator = SplitMix64(seed: seed)
    let places = Self.randomPlaces(500, using: &generator)
    let index = try PlacesIndex(places: places)
    for trial in 0..<100 {
      let point = Coordinate(
        lat: Double.random(in: -90...90, using: &generator),
        lon: Double.random(in: -180...180, using: &generator))
      for category in [nil, "museum", "bar"] {
        let found = try index.nearest(to: point, category: category)
        let expected = places.filter { category.map($0.isEligible(for:)) ?? true }
          .map { GreatCircle.distanceKm(point, $0.coordinate) }.min()
        #expect(found?.distanceKm == expected, "seed \(seed), trial \(trial), \(category ?? "any")")
      }
    }
    let centre = EmbeddedCity.helsinki.centre
    let nearestMuseum = try #require(try self.index.nearest(to: centre, category: "museum"))
    #expect(nearestMuseum.place.isEligible(for: "museum"))
    #expect(
      nearestMuseum.distanceKm
        == Self.city.filter { $0.isEligible(for: "museum") }
        .map { GreatCircle.distanceKm(centre, $0.coordinate) }.min())
  }

  @Test func badQueriesAndPlacesAreErrors() throws {
    let centre = EmbeddedCity.helsinki.centre
    #expect(throws: ItineraryError(.usage, "a radius is a distance of at least 0 km, not -1.0")) {
      try index.within(radiusKm: -1, of: centre)
    }
    #expect(throws: ItineraryError.self) { try index.within(radiusKm: .nan, of: centre) }
    #expect(throws: ItineraryError(.usage, "the centre's latitude 91.0 is outside [-90, 90]")) {
      try index.within(radiusKm: 1, of: Coordinate(lat: 91, lon: 0))
    }
    #expect(throws: ItineraryError.self) {
      try index.nearest(to: Coordinate(lat: 0, lon: .infinity))
    }
    let bad = Place(id: "x", name: "X", categories: [], coordinate: Coordinate(lat: 0, lon: 200))
    #expect(
      throws: ItineraryError(
        .data, "place x cannot be indexed: longitude 200.0 is outside [-180, 180]")
    ) {
      try PlacesIndex(places: [bad])
    }
    #expect(try PlacesIndex(places: []).nearest(to: centre) == nil)
  }

  @Test func anIndexInAFileAnswersTheSame() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = scratch.url.appending(path: "places.sqlite")
    try Data(repeating: 0xEE, count: 5000).write(to: file)
    let inFile = try PlacesIndex(places: Self.city, file: file)
    for prefix in ["kais", "rex", "m", "puisto"] {
      #expect(
        try inFile.complete(prefix: prefix, limit: 10) == index.complete(prefix: prefix, limit: 10))
    }
    let centre = EmbeddedCity.helsinki.centre
    #expect(try inFile.within(radiusKm: 1, of: centre) == index.within(radiusKm: 1, of: centre))
    let database = try SQLiteDatabase(.file(file))
    #expect(try database.rows("SELECT count(*) FROM boxes") { $0.int(0) } == [Self.city.count])
  }
}
