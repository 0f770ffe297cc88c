import Foundation
import ItineraryCore

extension CommonsPhotos {
  /// The Commons files and category OpenStreetMap tags name: `image` (a
  /// `File:` name or a Commons file URL), `wikimedia_commons` (`File:` or
  /// `Category:`). Other image URLs are left out: they carry no licence.
  static func named(byTags tags: [String: String]) -> (files: [String], category: String?) {
    var files: [String] = []
    var category: String?
    for key in ["image", "wikimedia_commons"] {
      guard let value = DisplayText.clean(tags[key]) else { continue }
      for part in value.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        let lower = part.lowercased()
        if lower.hasPrefix("file:") {
          files.append(part)
        } else if lower.hasPrefix("category:") {
          category = category ?? String(part.dropFirst(9))
        } else if let range = part.range(of: "commons.wikimedia.org/wiki/File:")
          ?? part.range(of: "commons.wikimedia.org/wiki/Special:FilePath/")
        {
          // A file page, or the Special:FilePath URL places carry as photoURL.
          let name = part[range.upperBound...]
          files.append("File:" + (name.removingPercentEncoding ?? String(name)))
        }
      }
    }
    return (files, category)
  }

  /// At most `limit` photos of a place from its tags: the files it names,
  /// its Wikidata item's image (P18), then files of its Commons category
  /// (the tag's, else the item's P373).
  ///
  /// - Parameter wikidataURL: the Wikidata base URL (`ITINERARY_WIKIDATA_URL`).
  /// - Complexity: at most four requests.
  public func photos(
    tags: [String: String], limit: Int, wikidataURL: String, session: ServiceSession,
    wikidataSession: ServiceSession
  ) throws(ItineraryError) -> [Photo] {
    var (files, category) = Self.named(byTags: tags)
    if let item = DisplayText.clean(tags["wikidata"]) {
      let images = try WikidataImages.fetch(item, baseURL: wikidataURL, session: wikidataSession)
      files += images.images
      category = category ?? images.category
    }
    var seen: Set<String> = []
    files = files.filter { seen.insert(Self.normalizedTitle($0)).inserted }
    let name = DisplayText.clean(tags["name"]) ?? "a place"
    var photos = try self.files(Array(files.prefix(limit)), subject: "'\(name)'", session: session)
    if photos.count < limit, let category {
      let more = try self.category(category, limit: limit, session: session)
      var ids = Set(photos.map(\.id))
      photos += more.filter { ids.insert($0.id).inserted }
    }
    return Array(photos.prefix(limit))
  }
}
