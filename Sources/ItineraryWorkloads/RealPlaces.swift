import Foundation
import ItineraryCore

/// Real points of interest from `../shared/data/poi/`, as candidate places.
package enum RealPlaces {
  /// The OpenStreetMap extracts (`helsinki-osm`, `monaco-osm`): canonical
  /// categories from their tag, a score from the popularity proxies OSM has.
  package static func openStreetMap(_ folder: String) throws -> [Place]? {
    guard let url = SharedData.url("poi/\(folder)/pois.csv") else { return nil }
    let rows = CSV.rows(try String(contentsOf: url, encoding: .utf8))
    guard let header = rows.first else { return [] }
    func column(_ name: String) -> Int { header.firstIndex(of: name) ?? -1 }
    let (type, id, name, key, value, lat, lon, wikidata, tags) = (
      column("osm_type"), column("osm_id"), column("name"), column("key"), column("value"),
      column("lat"), column("lon"), column("has_wikidata"), column("n_tags")
    )
    return rows.dropFirst().compactMap { row in
      guard row.count == header.count, let latitude = Double(row[lat]),
        let longitude = Double(row[lon])
      else { return nil }
      let categories = CategoryVocabulary.standard.categories(forOSMTags: [row[key]: row[value]])
      guard !categories.isEmpty else { return nil }
      let tagCount = Double(row[tags]) ?? 0
      return Place(
        id: "\(row[type])/\(row[id])", name: row[name], categories: categories,
        coordinate: Coordinate(lat: latitude, lon: longitude),
        score: 3 + (row[wikidata] == "True" ? 0.6 : 0) + min(0.5, tagCount * 0.02))
    }
  }

  /// A Flickr tour city (`Osak`, `Glas`, `Toro`, `Edin`): the data's own
  /// themes as categories, and for cities with visit logs, the number of
  /// visits as the review count behind a rating that grows with popularity.
  package static func flickr(_ city: String) throws -> [Place]? {
    guard let url = SharedData.url("poi/flickr-tours/POI-\(city).csv") else { return nil }
    var visits: [String: Int] = [:]
    if let visitsURL = SharedData.url("poi/flickr-tours/userVisits-\(city).csv") {
      for row in CSV.rows(try String(contentsOf: visitsURL, encoding: .utf8)).dropFirst()
      where row.count >= 6 {
        visits[row[3]] = Int(row[5])
      }
    }
    let busiest = Double(visits.values.max() ?? 1)
    return CSV.rows(try String(contentsOf: url, encoding: .utf8)).dropFirst().compactMap { row in
      guard row.count >= 5, let lat = Double(row[2]), let lon = Double(row[3]) else { return nil }
      let count = visits[row[0]]
      return Place(
        id: row[0], name: row[1].replacingOccurrences(of: "_", with: " "),
        categories: [row[4].lowercased()], coordinate: Coordinate(lat: lat, lon: lon),
        rating: count.map { 3 + 2 * Double($0) / busiest }, reviewCount: count)
    }
  }
}
