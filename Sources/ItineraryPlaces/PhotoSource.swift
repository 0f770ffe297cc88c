import ItineraryCore

/// Where photos come from: Wikimedia Commons (no key) or Flickr (`FLICKR_API_KEY`).
public enum PhotoSource: String, Sendable, CaseIterable, Codable {
  case commons
  case flickr

  /// The source `text` names, ignoring case.
  ///
  /// - Throws: `.usage` naming the choices for anything else.
  public static func named(_ text: String, option: String = "--source") throws(ItineraryError)
    -> PhotoSource
  {
    guard let source = PhotoSource(rawValue: text.lowercased()) else {
      throw ItineraryError(
        .usage, "\(option): unknown photo source '\(text)' (expected commons or flickr)")
    }
    return source
  }
}
