import Foundation
import ItineraryLoopback
import Testing

/// `search`, `nearest` and `like` with a live provider, against the
/// scripted loopback server standing in for Yelp.
@Suite struct LiveSearchTests {
  static let at = ["--provider", "yelp", "--at", "40.758,-73.985"]

  @Test func aLiveSearchIsRankedKeptAndItsPlacesCanBeLiked() throws {
    let server = try LoopbackServer([
      .init(
        path: "/v3/businesses/search",
        responses: [.init(body: LivePlanTests.yelpBody(["a", "b", "c"]))])
    ])
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var environment = LivePlanTests.environment(server, cache: directory.appending(path: "cache"))
    environment["ITINERARY_NO_HISTORY"] = nil
    environment["ITINERARY_DATA_DIR"] = directory.appending(path: "data").path
    let origin = (lat: 40.758, lon: -73.985)

    let search = LivePlanTests.run(
      ["search", "restaurant", "--sort", "distance", "--format", "json"] + Self.at,
      environment: environment)
    #expect(search.status == 0, "\(search.stderr)")
    let results = try #require(try jsonObject(search.stdout)["results"] as? [[String: Any]])
    let distances = try results.map { try #require($0["distanceKm"] as? Double) }
    #expect(results.count == 3)
    #expect(distances == distances.sorted())
    for result in results {
      let lat = try #require(result["lat"] as? Double)
      let lon = try #require(result["lon"] as? Double)
      let km = FindingOracle.km(.init(lat: origin.lat, lon: origin.lon), .init(lat: lat, lon: lon))
      #expect(abs(km - (result["distanceKm"] as? Double ?? 0)) < 1e-9)
      #expect(result["rating"] as? Double == 4.5)
    }

    let nearest = LivePlanTests.run(
      ["nearest", "restaurant", "--format", "json"] + Self.at, environment: environment)
    #expect(nearest.status == 0, "\(nearest.stderr)")
    let place = try #require(try jsonObject(nearest.stdout)["place"] as? [String: Any])
    // Of three places the top tenth is the one best scored: the most reviews at 4.5.
    let best = try #require(
      results.max { ($0["reviewCount"] as? Int ?? 0) < ($1["reviewCount"] as? Int ?? 0) })
    #expect(place["id"] as? String == best["id"] as? String)

    // The search is in the history, so its places can be liked by id.
    let id = try #require(results.first?["id"] as? String)
    let like = LivePlanTests.run(["like", id], environment: environment)
    #expect(like.status == 0, "\(like.stderr)")
    let liked = LivePlanTests.run(["liked"], environment: environment)
    #expect(liked.stdout.contains(id))
  }
}
