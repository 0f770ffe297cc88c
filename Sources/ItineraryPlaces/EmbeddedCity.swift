import ItineraryCore
import ItineraryFixtures

/// A city whose places are compiled into the binary, so planning works with no
/// key and no network: central Helsinki from OpenStreetMap (`fixtures/helsinki.tsv`).
public struct EmbeddedCity: Sendable {
  public let name: String
  /// Where plans start when no start point is given.
  public let centre: Coordinate
  /// The south-west and north-east corners of the box holding every place.
  public let southWest: Coordinate
  public let northEast: Coordinate
  public let places: [Place]

  /// The city compiled into the binary.
  public static let helsinki: EmbeddedCity = {
    do {
      return try EmbeddedCity(name: "central Helsinki", tsv: Fixtures.helsinkiTSV, source: "osm")
    } catch {
      preconditionFailure("fixtures/helsinki.tsv does not parse: \(error)")
    }
  }()

  /// Reads the places file format of `fixtures/README.md`: `#` comments,
  /// `@centre` and `@bounds` lines, a header, then one tab-separated row per place.
  ///
  /// - Complexity: O(size of the text).
  public init(name: String, tsv: String, source: String) throws(ItineraryError) {
    self.name = name
    var centre: Coordinate?
    var bounds: [Double] = []
    var places: [Place] = []
    var sawHeader = false
    for (offset, line) in tsv.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let lineNumber = offset + 1
      func failure(_ message: String) -> ItineraryError {
        ItineraryError(.data, "\(name) places, line \(lineNumber): \(message)")
      }
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      if line.hasPrefix("@") {
        let numbers = fields.dropFirst().compactMap(Double.init)
        guard numbers.count == fields.count - 1 else { throw failure("expected numbers") }
        switch fields[0] {
        case "@centre" where numbers.count == 2:
          centre = Coordinate(lat: numbers[0], lon: numbers[1])
        case "@bounds" where numbers.count == 4: bounds = numbers
        default: throw failure("unknown or malformed metadata \(fields[0])")
        }
      } else if !sawHeader {
        guard fields.first == "id" else { throw failure("expected the header line") }
        sawHeader = true
      } else {
        guard fields.count == 8, let lat = Double(fields[3]), let lon = Double(fields[4]),
          let score = Double(fields[5])
        else { throw failure("expected 8 fields: id name categories lat lon score address hours") }
        let coordinate = Coordinate(lat: lat, lon: lon)
        if let why = coordinate.invalidity { throw failure(why) }
        places.append(
          Place(
            id: fields[0], name: fields[1],
            categories: fields[2].split(separator: ",").map(String.init), coordinate: coordinate,
            score: score, address: fields[6].isEmpty ? nil : fields[6],
            openingHours: fields[7].isEmpty ? nil : fields[7], source: source))
      }
    }
    guard let centre, bounds.count == 4 else {
      throw ItineraryError(.data, "\(name) places: missing @centre or @bounds")
    }
    self.centre = centre
    southWest = Coordinate(lat: bounds[0], lon: bounds[1])
    northEast = Coordinate(lat: bounds[2], lon: bounds[3])
    self.places = places
  }

  /// How far outside the box of places a start point still counts as in the city.
  public static let marginKm = 2.0

  /// Whether a plan starting at `point` can be served from this city.
  public func contains(_ point: Coordinate) -> Bool {
    let clamped = Coordinate(
      lat: min(max(point.lat, southWest.lat), northEast.lat),
      lon: min(max(point.lon, southWest.lon), northEast.lon))
    return GreatCircle.distanceKm(point, clamped) <= Self.marginKm
  }
}
