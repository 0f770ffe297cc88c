import Foundation
import ItineraryCore
import ItineraryStore

/// The cities imported from OpenStreetMap extracts: one city file
/// (`CityFile`) each, `NAME.sqlite` in the `cities` folder of the data
/// directory. Names starting with a dot are imports under way.
public struct ImportedCities: Sendable {
  public let directory: URL

  /// The cities of the data directory `environment` names (`ITINERARY_DATA_DIR`, ...).
  public init(environment: [String: String]) {
    directory = DataDirectory.url(environment: environment).appending(path: "cities")
  }

  /// A city's file, whether or not it exists.
  public func file(_ name: String) -> URL { directory.appending(path: "\(name).sqlite") }

  /// The names of the imported cities, sorted.
  public func names() -> [String] {
    // Most plans run with no city imported: a look at the folder is cheaper
    // than the error of listing one that is not there.
    guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return entries.filter { !$0.hasPrefix(".") && $0.hasSuffix(".sqlite") }
      .map { String($0.dropLast(".sqlite".count)) }.sorted()
  }

  /// The city named `name`.
  ///
  /// - Throws: `ItineraryError` (data) when there is none, naming the known ones.
  public func open(_ name: String) throws(ItineraryError) -> CityFile {
    let file = file(name)
    guard FileManager.default.fileExists(atPath: file.path) else {
      let known = names()
      throw ItineraryError(
        .data,
        "no imported city \"\(name)\""
          + (known.isEmpty
            ? " (none imported yet: itinerary city import FILE.osm.pbf)"
            : " (imported: \(known.joined(separator: ", ")))"))
    }
    return try CityFile(file: file)
  }

  /// The first city, by name, that holds `point` (`CityFile.Summary.contains`);
  /// unreadable files are passed over.
  ///
  /// - Complexity: O(c) file openings for c cities.
  public func containing(_ point: Coordinate) -> CityFile? {
    names().lazy.compactMap { try? CityFile(file: self.file($0)) }
      .first { $0.summary.contains(point) }
  }

  /// Removes the city named `name`.
  ///
  /// - Throws: `ItineraryError` (data) when there is none, (failure) when
  ///   it cannot be removed.
  public func remove(_ name: String) throws(ItineraryError) {
    _ = try open(name)
    do {
      try FileManager.default.removeItem(at: file(name))
    } catch {
      throw ItineraryError(
        .failure, "cannot remove \(file(name).path): \(error.localizedDescription)")
    }
  }

  /// Checks a city name: 1 to 64 lowercase letters, digits, `-` and `_`,
  /// starting with a letter or digit.
  ///
  /// - Throws: `ItineraryError` (usage) for any other.
  public static func validated(_ name: String) throws(ItineraryError) -> String {
    let allowed = name.utf8.allSatisfy {
      (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F
    }
    guard (1...64).contains(name.utf8.count), allowed, name.first != "-", name.first != "_"
    else {
      throw ItineraryError(
        .usage,
        "a city name is 1 to 64 lowercase letters, digits, '-' and '_', not \"\(name)\"")
    }
    return name
  }

  /// The name a city imported from `extract` gets by default: its file
  /// name without `.osm.pbf` or `-latest`, lowercased, other characters
  /// made `-` (`Helsinki.osm.pbf` is `helsinki`).
  public static func defaultName(for extract: URL) -> String {
    var base = extract.lastPathComponent.lowercased()
    for suffix in [".pbf", ".osm", "-latest"] where base.hasSuffix(suffix) {
      base = String(base.dropLast(suffix.count))
    }
    let mapped = base.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "-" }
    return String(String(mapped).drop { $0 == "-" || $0 == "_" }.prefix(64))
  }
}

extension CityFile.Summary {
  /// Whether a plan starting at `point` can be served from this city: it
  /// lies within `EmbeddedCity.marginKm` of the box of places.
  public func contains(_ point: Coordinate) -> Bool {
    let clamped = Coordinate(
      lat: min(max(point.lat, southWest.lat), northEast.lat),
      lon: min(max(point.lon, southWest.lon), northEast.lon))
    return GreatCircle.distanceKm(point, clamped) <= EmbeddedCity.marginKm
  }
}
