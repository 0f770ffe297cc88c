import Foundation

/// Photo URLs from OpenStreetMap tags: `image` (a URL, or a Wikimedia
/// Commons file name) and `wikimedia_commons` (`File:Name.jpg`), the file
/// names turned into Commons file URLs (`Special:FilePath`, which redirects
/// to the image itself).
enum CommonsPhoto {
  static let filePathBase = "https://commons.wikimedia.org/wiki/Special:FilePath/"

  /// The photo URL the tags give, preferring `image`; `nil` when neither
  /// names a picture (a Commons `Category:` is not one).
  ///
  /// - Complexity: O(length of the tags' values).
  static func url(tags: [String: String]) -> String? {
    for key in ["image", "wikimedia_commons"] {
      guard let value = DisplayText.clean(tags[key]) else { continue }
      if key == "image", value.hasPrefix("https://") || value.hasPrefix("http://") { return value }
      if let url = fileURL(value) { return url }
    }
    return nil
  }

  /// `File:Helsinki Cathedral.jpg` as its `Special:FilePath` URL.
  static func fileURL(_ value: String) -> String? {
    guard value.lowercased().hasPrefix("file:") else { return nil }
    let name = value.dropFirst(5).trimmingCharacters(in: .whitespaces)
      .replacingOccurrences(of: " ", with: "_")
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#&%")
    guard !name.isEmpty, let encoded = name.addingPercentEncoding(withAllowedCharacters: allowed)
    else { return nil }
    return filePathBase + encoded
  }
}
