import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryStore
import Testing

/// A small town written as an extract and imported through osmium: its
/// scores separate its places by the tie rule, and an Overpass answer of
/// the same elements scores them the same way.
@Suite(.enabled(if: osmiumInstalled, "osmium (osmium-tool) is not installed: skipped"))
struct ImportedScoresTests {
  /// One element of the town: a node, a closed way or a multipolygon of one way.
  struct Element {
    enum Shape {
      case node(MapCorner)
      case way([MapCorner])
      case multipolygon([MapCorner])
    }
    var id: Int
    var tags: [String: String]
    var shape: Shape
    var version: Int
    var edited: String
  }

  /// A point in ten-millionths of a degree.
  struct MapCorner {
    var x: Int
    var y: Int
    var lat: String { Self.degrees(y) }
    var lon: String { Self.degrees(x) }
    static func degrees(_ units: Int) -> String {
      let whole = units / 10_000_000
      let fraction = String(units % 10_000_000)
      return "\(whole)." + String(repeating: "0", count: 7 - fraction.count) + fraction
    }
  }

  /// The town: cafés described more or less fully, three cafés alike in
  /// everything but their names, two branches of one chain, and parks of
  /// many sizes, one of them a multipolygon. Seeded; the seed is in every message.
  static func town(seed: UInt64) -> [Element] {
    var generator = SplitMix64(seed: seed)
    var elements: [Element] = []
    let optional: [(String, String)] = [
      ("website", "https://example.org"), ("opening_hours", "Mo-Su 09:00-18:00"),
      ("phone", "+358 1"), ("cuisine", "coffee"), ("addr:street", "Katu"),
      ("addr:housenumber", "1"), ("wheelchair", "yes"), ("name:en", "E"), ("name:sv", "S"),
      ("wikidata", "Q1"), ("start_date", "1950"),
    ]
    func edited(_ generator: inout SplitMix64) -> String {
      let month = Int.random(in: 1...12, using: &generator)
      let day = Int.random(in: 1...28, using: &generator)
      let year = Int.random(in: 2012...2019, using: &generator)
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      return "\(year)-\(two(month))-\(two(day))T10:00:00Z"
    }
    for index in 0..<30 {
      var tags = ["name": "Cafe \(index)", "amenity": "cafe"]
      for (key, value) in optional where Bool.random(using: &generator) {
        tags[key] = key == "wikidata" ? "Q\(100 + index)" : value
      }
      elements.append(
        Element(
          id: 1 + index, tags: tags,
          shape: .node(MapCorner(x: 249_400_000 + 1000 * index, y: 601_700_000)),
          version: Int.random(in: 1...9, using: &generator), edited: edited(&generator)))
    }
    for (offset, name) in ["Twin C", "Twin A", "Twin B"].enumerated() {
      elements.append(
        Element(
          id: 100 + offset, tags: ["name": name, "amenity": "cafe", "website": "w"],
          shape: .node(MapCorner(x: 249_500_000 + 1000 * offset, y: 601_710_000)), version: 2,
          edited: "2018-05-05T10:00:00Z"))
    }
    for offset in 0..<2 {
      elements.append(
        Element(
          id: 110 + offset,
          tags: ["name": "Chain Coffee", "amenity": "cafe", "website": "w", "name:en": "C"],
          shape: .node(MapCorner(x: 249_600_000 + 1000 * offset, y: 601_720_000)), version: 5,
          edited: "2019-04-01T10:00:00Z"))
    }
    for index in 0..<12 {
      let side = 200 + 150 * index + Int.random(in: 0..<100, using: &generator)
      let (x, y) = (249_300_000 + 20_000 * index, 601_600_000)
      let ring = [
        MapCorner(x: x, y: y), MapCorner(x: x + side, y: y), MapCorner(x: x + side, y: y + side),
        MapCorner(x: x, y: y + side), MapCorner(x: x, y: y),
      ]
      var tags = ["name": "Park \(index)", "leisure": "park"]
      if Bool.random(using: &generator) { tags["wikidata"] = "Q\(200 + index)" }
      elements.append(
        Element(
          id: 1000 + index, tags: tags, shape: index == 11 ? .multipolygon(ring) : .way(ring),
          version: Int.random(in: 1...9, using: &generator), edited: edited(&generator)))
    }
    return elements
  }

  /// `text` with what OPL escapes written `%HEX%`.
  static func escaped(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      " ,=@%".unicodeScalars.contains(scalar)
        ? "%\(String(scalar.value, radix: 16))%" : String(scalar)
    }.joined()
  }

  /// The town as OPL, every way node its own untagged node.
  static func opl(_ elements: [Element]) -> String {
    var lines: [String] = []
    var nextNode = 1_000_000
    func tags(_ element: Element) -> String {
      "T"
        + element.tags.sorted { $0.key < $1.key }.map { "\(escaped($0.key))=\(escaped($0.value))" }
        .joined(separator: ",")
    }
    func meta(_ element: Element) -> String { "v\(element.version) dV t\(element.edited)" }
    func way(_ id: Int, _ corners: [MapCorner], _ head: String) -> [String] {
      let ids = corners.dropLast().map { corner -> (Int, MapCorner) in
        nextNode += 1
        return (nextNode, corner)
      }
      let nodes = ids.map { "n\($0.0) v1 dV t2015-01-01T00:00:00Z T x\($0.1.lon) y\($0.1.lat)" }
      let refs = (ids + ids.prefix(1)).map { "n\($0.0)" }.joined(separator: ",")
      return nodes + ["w\(id) \(head) N\(refs)"]
    }
    var ways: [String] = []
    var relations: [String] = []
    for element in elements {
      switch element.shape {
      case .node(let corner):
        lines.append(
          "n\(element.id) \(meta(element)) \(tags(element)) x\(corner.lon) y\(corner.lat)")
      case .way(let corners):
        ways += way(element.id, corners, "\(meta(element)) \(tags(element))")
      case .multipolygon(let corners):
        ways += way(element.id + 50_000, corners, "v1 dV t2015-01-01T00:00:00Z T")
        var tagged = element
        tagged.tags["type"] = "multipolygon"
        relations.append(
          "r\(element.id) \(meta(element)) \(tags(tagged)) Mw\(element.id + 50_000)@outer")
      }
    }
    // osmium wants nodes, then ways, then relations, each by id.
    let nodes = (lines + ways.filter { $0.hasPrefix("n") }).sorted { id($0) < id($1) }
    return (nodes + ways.filter { $0.hasPrefix("w") } + relations).joined(separator: "\n") + "\n"
  }

  static func id(_ line: String) -> Int { Int(line.dropFirst().prefix { $0 != " " }) ?? 0 }

  /// The town as an Overpass `out meta geom` answer.
  static func overpass(_ elements: [Element]) throws -> Data {
    func points(_ corners: [MapCorner]) -> [[String: Any]] {
      corners.map { ["lat": Double($0.lat) ?? 0, "lon": Double($0.lon) ?? 0] }
    }
    let objects = elements.map { element -> [String: Any] in
      var object: [String: Any] = [
        "id": element.id, "version": element.version, "timestamp": element.edited,
        "tags": element.tags,
      ]
      switch element.shape {
      case .node(let corner):
        object["type"] = "node"
        object["lat"] = Double(corner.lat) ?? 0
        object["lon"] = Double(corner.lon) ?? 0
      case .way(let corners):
        object["type"] = "way"
        object["geometry"] = points(corners)
      case .multipolygon(let corners):
        object["type"] = "relation"
        object["tags"] = element.tags.merging(["type": "multipolygon"]) { _, new in new }
        object["members"] = [["type": "way", "role": "outer", "geometry": points(corners)]]
      }
      return object
    }
    return try JSONSerialization.data(withJSONObject: ["elements": objects])
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theTieRuleHoldsAndOverpassScoresTheSameElementsAlike(seed: UInt64) throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let elements = Self.town(seed: seed)
    let file = try extract(Self.opl(elements), in: data, named: "town")
    let run = cityRun(["city", "import", file.path, "--name", "town"], data: data)
    #expect(run.status == 0, "seed \(seed): \(run.stderr)")
    let places = try ImportedCities(environment: ["ITINERARY_DATA_DIR": data.path]).open("town")
      .places()
    #expect(places.count == elements.count, "seed \(seed)")

    for category in ["cafe", "park"] {
      let scores = places.filter { $0.isEligible(for: category) }.compactMap(\.score)
      let largest = Dictionary(grouping: scores, by: { $0 }).values.map(\.count).max() ?? 0
      #expect(largest <= max(1, scores.count / 10), "seed \(seed), \(category): \(largest)")
    }
    // Alike in all but their names: by name, a ten-thousandth apart.
    let twins = places.filter { $0.name.hasPrefix("Twin") }
    #expect(twins.map(\.name) == ["Twin A", "Twin B", "Twin C"], "seed \(seed)")
    let twinScores = twins.compactMap(\.score)
    #expect(
      zip(twinScores, twinScores.dropFirst()).allSatisfy { abs($0 - $1 - 0.0001) < 1e-9 },
      "seed \(seed): \(twinScores)")
    // Two cafés of one name are a chain's: below every café of its own.
    let chain = places.filter { $0.name == "Chain Coffee" }.compactMap(\.score)
    let cafes = places.filter { $0.name.hasPrefix("Cafe ") }.compactMap(\.score)
    #expect(chain.count == 2 && cafes.count == 30, "seed \(seed)")
    #expect((chain.max() ?? 5) < (cafes.min() ?? 0), "seed \(seed)")
    #expect(places.first { $0.id == "relation/1011" }?.categories == ["park"], "seed \(seed)")

    let answer = try OverpassProvider.parse(try Self.overpass(elements))
    func row(_ place: Place) -> String {
      [
        place.id, place.name, place.categories.joined(separator: ","), "\(place.coordinate)",
        String(place.score ?? -1), place.kind ?? "", place.cuisines.joined(separator: ";"),
      ].joined(separator: "|")
    }
    #expect(answer.places.map(row) == places.map(row), "seed \(seed): the same places, best first")
  }
}
