import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryPlanning
import ItineraryStore
import Testing

/// The map under the plans: an import keeps water, green, buildings and
/// streets; `--format html` draws them with no tile server, or a tile
/// server's map when one is configured.
@Suite struct OfflineMapTests {
  @Test func theEmbeddedCitysPageHoldsItsMapAndNoTileServer() {
    let run = CommandRun(["plan", "museum", "cafe", "--format", "html"])
    #expect(run.status == 0, "\(run.stderr)")
    let page = run.stdout
    #expect(page.contains(#"{"basemap":{"type":"FeatureCollection""#))
    for kind in ["water", "park", "building", "street", "majorStreet"] {
      #expect(page.contains(#"{"kind":"\#(kind)"}"#), "\(kind)")
    }
    #expect(!page.contains("tile.openstreetmap.org"))
    #expect(!page.contains("{z}"))
  }

  @Test func aTileServerReplacesTheMapWithItsCredit() {
    var environment = CommandRun.environment
    environment["ITINERARY_TILE_URL"] = "https://tiles.example.org/{z}/{x}/{y}.png"
    let run = CommandRun(["plan", "museum", "cafe", "--format", "html"], environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(#""url":"https://tiles.example.org/{z}/{x}/{y}.png""#))
    #expect(run.stdout.contains(#""attribution":"© OpenStreetMap contributors""#))
    #expect(!run.stdout.contains(#"{"basemap""#))
    let flagged = CommandRun(
      [
        "plan", "museum", "cafe", "--format", "html", "--tiles", "http://localhost/{z}/{x}/{y}",
        "--tiles-attribution", "Local <tiles>",
      ], environment: environment)
    #expect(flagged.stdout.contains(#""url":"http://localhost/{z}/{x}/{y}""#))
    #expect(flagged.stdout.contains(#""attribution":"Local \u003ctiles>""#))
  }

  @Test func plansFarApartGetAMapOfHalfADegreeAroundTheirMiddle() throws {
    let run = CommandRun(["plan", "museum", "cafe", "--top", "1", "--format", "json"])
    var response = try JSONDecoder().decode(PlanResponse.self, from: Data(run.stdout.utf8))
    response.plans[0].stops[0].lat += 3
    let (southWest, northEast) = Basemap.box(around: response)
    #expect(northEast.lat - southWest.lat <= Basemap.maxSpan)
    #expect(northEast.lon - southWest.lon >= 0.01, "room around the plans")
    let geoJSON = try Basemap.geoJSON(
      southWest: southWest, northEast: northEast,
      cities: ImportedCities(environment: CommandRun.environment))
    #expect(String(decoding: geoJSON, as: UTF8.self).hasPrefix(#"{"type":"FeatureCollection""#))
  }

  @Test func aTileURLThatIsNoTemplateIsAUsageError() {
    for url in ["tiles.example.org/{z}/{x}/{y}.png", "https://tiles.example.org/tile.png"] {
      let run = CommandRun(["plan", "museum", "cafe", "--format", "html", "--tiles", url])
      #expect(run.status == 64, "\(url)")
      #expect(run.errorLine?.contains("--tiles") == true, "\(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
    for command in [["explore", "museum"], ["serve", "--port", "0"]] {
      let run = CommandRun(command + ["--tiles", "https://tiles.example.org/{z}/{x}.png"])
      #expect(run.status == 64, "\(command)")
      #expect(run.errorLine?.contains("the URL has no {y}") == true, "\(run.stderr)")
    }
    var environment = CommandRun.environment
    environment["ITINERARY_TILE_URL"] = "ftp://tiles.example.org/{z}/{x}/{y}.png"
    let run = CommandRun(["plan", "museum", "cafe"], environment: environment)
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("ITINERARY_TILE_URL: expects an http or https URL") == true)
  }
}

/// A little town: a cafe, a park, a building, a pond drawn as a
/// multipolygon of two open ways, and a street.
let mapOPL = """
  n1 Tamenity=cafe,name=Kahvila x24.9560000 y60.1590000
  n2 T x24.9500000 y60.1600000
  n3 T x24.9510000 y60.1600000
  n4 T x24.9510000 y60.1610000
  n5 T x24.9520000 y60.1600000
  n6 T x24.9522000 y60.1600000
  n7 T x24.9522000 y60.1602000
  n8 T x24.9530000 y60.1600000
  n9 T x24.9540000 y60.1600000
  n10 T x24.9540000 y60.1610000
  w10 Tleisure=park Nn2,n3,n4,n2
  w11 Tbuilding=yes Nn5,n6,n7,n5
  w12 T Nn8,n9,n10
  w13 T Nn10,n8
  w14 Thighway=primary,name=Katu Nn2,n5,n8
  r20 Ttype=multipolygon,natural=water Mw12@outer,w13@outer
  """

@Suite(.enabled(if: osmiumInstalled, "osmium (osmium-tool) is not installed: skipped"))
struct BasemapImportTests {
  func basemap(of city: String, in data: URL) throws -> [BasemapFeature] {
    let file = try ImportedCities(environment: ["ITINERARY_DATA_DIR": data.path]).open(city)
    return try file.basemap(
      southWest: file.summary.southWest.offset(-0.05),
      northEast: file.summary.northEast.offset(0.05))
  }

  @Test func anImportKeepsTheTownsMap() throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    try importCity(mapOPL, named: "town", into: data)
    let features = try basemap(of: "town", in: data)
    #expect(features.map(\.kind) == [.water, .park, .building, .majorStreet])
    #expect(features.first?.points.count == 4, "the pond's two ways joined into one ring")
    #expect(features.filter { $0.kind.isArea }.allSatisfy { $0.points.first == $0.points.last })
  }

  @Test(
    .enabled(
      if: helsinkiExtract != nil,
      "the Helsinki extract is absent: run scripts/fetch-test-extract to test against it"))
  func thePinnedExtractGivesWaterGreenBuildingsAndStreets() throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let run = cityRun(["city", "import", try #require(helsinkiExtract).path], data: data)
    #expect(run.status == 0, "\(run.stderr)")
    let features = try basemap(of: "helsinki", in: data)
    let kinds = Dictionary(grouping: features, by: \.kind).mapValues(\.count)
    #expect(kinds[.water, default: 0] > 0)
    #expect(kinds[.park, default: 0] > 50)
    #expect(kinds[.building, default: 0] > 400)
    #expect(kinds[.majorStreet, default: 0] > 0 && kinds[.path, default: 0] > 0)
  }
}

extension Coordinate {
  /// The point moved `degrees` north and east.
  fileprivate func offset(_ degrees: Double) -> Coordinate {
    Coordinate(lat: lat + degrees, lon: lon + degrees)
  }
}
