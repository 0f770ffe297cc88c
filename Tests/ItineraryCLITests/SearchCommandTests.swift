import Foundation
import ItineraryCore
import Testing

/// `search` over the embedded city, compared with a plain computation.
@Suite struct SearchCommandTests {
  struct Case: Sendable, CustomStringConvertible {
    var category: String
    var sort: String
    var limit: Int
    var radius: Double
    var description: String { "\(category) by \(sort), \(limit) within \(radius) km" }
  }

  static let cases = [
    Case(category: "restaurant", sort: "distance", limit: 7, radius: 3),
    Case(category: "museum", sort: "rating", limit: 50, radius: 2),
    Case(category: "cafe", sort: "relevance", limit: 12, radius: 1.5),
    Case(category: "park", sort: "relevance", limit: 1, radius: 0.8),
  ]

  /// The ids a plain scan gives: the category's places within the radius,
  /// in the order the sort names.
  static func expected(_ test: Case, from origin: Coordinate) -> (ids: [String], matched: Int) {
    let found = FindingOracle.places.filter { FindingOracle.has($0, test.category) }
      .map { (place: $0, km: FindingOracle.km(origin, $0.coordinate)) }
      .filter { $0.km <= test.radius }
    let sorted = found.sorted { a, b in
      let (sa, sb) = (FindingOracle.score(a.place), FindingOracle.score(b.place))
      switch test.sort {
      case "distance":
        return (a.km, -sa, a.place.name, a.place.id) < (b.km, -sb, b.place.name, b.place.id)
      case "rating":
        return (-sa, a.km, a.place.name, a.place.id) < (-sb, b.km, b.place.name, b.place.id)
      default:
        return (-(sa - 0.5 * a.km), a.km, a.place.name, a.place.id)
          < (-(sb - 0.5 * b.km), b.km, b.place.name, b.place.id)
      }
    }
    return (sorted.prefix(test.limit).map(\.place.id), found.count)
  }

  @Test(arguments: cases) func resultsAreThoseOfAPlainScan(_ test: Case) throws {
    let origin = Coordinate(lat: 60.1675, lon: 24.9455)
    let run = CommandRun([
      "search", test.category, "--at", "\(origin.lat),\(origin.lon)", "--sort", test.sort,
      "--limit", "\(test.limit)", "--radius", "\(test.radius)", "--format", "json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try jsonObject(run.stdout)
    let results = try #require(json["results"] as? [[String: Any]])
    let expected = Self.expected(test, from: origin)
    #expect(results.compactMap { $0["id"] as? String } == expected.ids)
    #expect(json["matched"] as? Int == expected.matched)
    for result in results {
      let place = try #require(FindingOracle.places.first { $0.id == result["id"] as? String })
      let km = try #require(result["distanceKm"] as? Double)
      #expect(abs(km - FindingOracle.km(origin, place.coordinate)) < 1e-9)
      let minutes = try #require(result["walkingMinutes"] as? Double)
      #expect(abs(minutes - km / 4.8 * 60) < 1e-9)
      #expect(result["name"] as? String == place.name)
      #expect(result["address"] as? String == place.address)
      #expect(result["openingHours"] as? String == place.openingHours)
    }
  }

  @Test func textMatchesNamesWithoutCaseOrAccentsBestMatchFirst() throws {
    let run = CommandRun(["search", "--text", "KAIS", "--limit", "50", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let results = try #require(try jsonObject(run.stdout)["results"] as? [[String: Any]])
    let names = results.compactMap { $0["name"] as? String }
    #expect(names.contains("Kaisaniemen puisto"))
    // Every place within 3 km whose name, address or category holds the text.
    let centre = FindingOracle.centre
    let expected = FindingOracle.places.filter { place in
      FindingOracle.km(centre, place.coordinate) <= 3
        && ([place.name, place.address ?? ""] + place.categories).contains {
          FindingOracle.fold($0).contains("kais")
        }
    }
    #expect(Set(results.compactMap { $0["id"] as? String }) == Set(expected.map(\.id)))
    // Names starting with the text come before names merely holding it.
    let starts = names.map { FindingOracle.fold($0).hasPrefix("kais") }
    #expect(starts == starts.sorted { $0 && !$1 })
    let accented = CommandRun(["search", "--text", "cafe", "--format", "json", "--limit", "50"])
    let accentedNames = try #require(
      try jsonObject(accented.stdout)["results"] as? [[String: Any]]
    ).compactMap { $0["name"] as? String }
    #expect(accentedNames.contains { $0.contains("Café") })
  }

  @Test func openNowKeepsOnlyPlacesOpenNow() throws {
    let run = CommandRun([
      "search", "restaurant", "--open-now", "--limit", "50", "--format", "json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try jsonObject(run.stdout)
    let results = try #require(json["results"] as? [[String: Any]])
    #expect(results.allSatisfy { $0["openNow"] as? Bool == true })
    #expect(json["timeZone"] as? String == "Europe/Helsinki")
    let all = CommandRun(["search", "restaurant", "--limit", "50", "--format", "json"])
    let matchedAll = try #require(try jsonObject(all.stdout)["matched"] as? Int)
    #expect((json["matched"] as? Int ?? .max) <= matchedAll)
  }

  @Test func geoJSONHasOnePointPerResult() throws {
    let run = CommandRun(["search", "museum", "--limit", "5", "--format", "geojson"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try jsonObject(run.stdout)
    #expect(json["type"] as? String == "FeatureCollection")
    let features = try #require(json["features"] as? [[String: Any]])
    #expect(features.count == 5)
    for feature in features {
      let geometry = try #require(feature["geometry"] as? [String: Any])
      let point = try #require(geometry["coordinates"] as? [Double])
      let properties = try #require(feature["properties"] as? [String: Any])
      let place = try #require(FindingOracle.places.first { $0.id == properties["id"] as? String })
      #expect(point == [place.coordinate.lon, place.coordinate.lat])
    }
  }

  @Test func theTableShowsDistanceWalkAndScore() {
    let run = CommandRun(["search", "museum", "--limit", "3", "--units", "imperial"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(" mi, "))
    #expect(run.stdout.contains("min walk"))
    #expect(run.stdout.contains("score "))
  }

  static let badUsages = [
    FailingCommand(["--limit", "0"], "--limit must be within 1...50"),
    FailingCommand(["--limit", "51"], "--limit must be within 1...50"),
    FailingCommand(["--limit", "ten"], "--limit expects a whole number"),
    FailingCommand(["--sort", "price"], "one of relevance, rating"),
    FailingCommand(["--radius", "0"], "--radius must be above 0"),
    FailingCommand(["--text", " "], "--text is empty"),
    FailingCommand(["resturant"], status: 65, "did you mean restaurant?"),
    FailingCommand(["--tz", "Mars/Olympus"], "--tz"),
    FailingCommand(
      ["--provider", "overpass", "--at", "48.85,2.35"], "needs at least one category"),
    FailingCommand(["--at", "91,0"], "not a point on the Earth"),
  ]

  @Test(arguments: badUsages) func badUsageIsOneErrorLine(_ bad: FailingCommand) {
    bad.expectFailure(of: CommandRun(["search"] + bad.arguments))
  }
}
