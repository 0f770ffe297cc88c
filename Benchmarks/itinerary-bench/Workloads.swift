import Foundation
import ItineraryCore
import TestSupport

/// The problems the suites measure: seeded random requests, and requests on
/// real places from `../shared/data/poi/` when that folder is present.
enum Workloads {
  /// A seeded random request of `k` categories with `n` candidates each,
  /// in the shape of `RandomProblems` (30% of places in a second category).
  static func random(categories k: Int, perCategory n: Int) -> (problem: Problem, seed: UInt64) {
    let seed = 0x1717_0000_0000 &+ UInt64(k) << 24 &+ UInt64(n)
    var generator = SplitMix64(seed: seed)
    return (
      RandomProblems.make(.init(categories: k, placesPerCategory: n), using: &generator), seed
    )
  }

  /// A request on a real city: its most common categories, in order of frequency.
  struct City {
    var name: String
    var problem: Problem
  }

  /// The OpenStreetMap point-of-interest files of the shared data, each asked
  /// for its `categories` most common categories, or none when the data is absent.
  ///
  /// OpenStreetMap has no ratings, so a place's score is the popularity proxy
  /// of the embedded city (`fixtures/README.md`): 3.0, +0.6 with a wikidata
  /// tag, +0.4 with a wikipedia tag, +0.02 per tag beyond the fifth (at most 0.5).
  static func osmCities(categories: Int) -> [City] {
    ["helsinki-osm", "monaco-osm"].compactMap { name in
      guard let url = SharedData.url("poi/\(name)/pois.csv"),
        let text = try? String(contentsOf: url, encoding: .utf8)
      else { return nil }
      let rows = CSV.rows(text)
      guard let header = rows.first else { return nil }
      func column(_ name: String) -> Int? { header.firstIndex(of: name) }
      guard let nameColumn = column("name"), let value = column("value"), let lat = column("lat"),
        let lon = column("lon"), let wikidata = column("has_wikidata"),
        let wikipedia = column("has_wikipedia"), let tags = column("n_tags")
      else { return nil }
      let places = rows.dropFirst().enumerated().compactMap { index, row -> Place? in
        guard row.count == header.count, let latitude = Double(row[lat]),
          let longitude = Double(row[lon])
        else { return nil }
        let extraTags = Double(max(0, (Int(row[tags]) ?? 0) - 5))
        let score =
          3.0 + (row[wikidata] == "True" ? 0.6 : 0) + (row[wikipedia] == "True" ? 0.4 : 0)
          + min(0.5, 0.02 * extraTags)
        return Place(
          id: "\(name)/\(index)", name: row[nameColumn], categories: [row[value]],
          coordinate: Coordinate(lat: latitude, lon: longitude), score: score)
      }
      guard !places.isEmpty else { return nil }
      let counts = Dictionary(grouping: places, by: { $0.categories[0] }).mapValues(\.count)
      let common = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(categories)
      let origin = Coordinate(
        lat: places.map(\.coordinate.lat).reduce(0, +) / Double(places.count),
        lon: places.map(\.coordinate.lon).reduce(0, +) / Double(places.count))
      return City(
        name: name,
        problem: Problem(origin: origin, categories: common.map(\.key), places: places))
    }
  }
}

/// Just enough CSV (RFC 4180) for the shared data: quoted fields with commas,
/// doubled quotes and line breaks inside.
enum CSV {
  static func rows(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var characters = text.makeIterator()
    var pending = characters.next()
    while let character = pending {
      pending = characters.next()
      if quoted {
        if character == "\"" {
          if pending == "\"" {
            field.append("\"")
            pending = characters.next()
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"": quoted = true
      case ",":
        row.append(field)
        field = ""
      case "\n", "\r\n":
        row.append(field)
        rows.append(row)
        row = []
        field = ""
      default: field.append(character)
      }
    }
    if !field.isEmpty || !row.isEmpty {
      row.append(field)
      rows.append(row)
    }
    return rows
  }
}
