import Foundation

/// One photo of a place or a pin, with everything its licence asks a
/// reuser to show: the author, the licence and a ready credit line.
public struct Photo: Codable, Sendable, Equatable {
  /// Unique within its source: `commons:File:Ateneum.jpg`, `flickr:53850123`.
  public var id: String
  /// The image at full size.
  public var url: String
  /// A smaller rendition for cards and lists.
  public var thumbnail: String
  /// The full image's size in pixels (0 when the service does not say).
  public var width: Int
  public var height: Int
  /// The author as plain text (no markup), `unknown` when not given.
  public var author: String
  /// The licence's short name: `CC BY-SA 4.0`, `Public domain`.
  public var licence: String
  /// The credit line to print next to the photo, as Commons and the
  /// Creative Commons licences require: author, licence, where it is from.
  public var attribution: String
  /// `commons` or `flickr`.
  public var source: String

  public init(
    id: String, url: String, thumbnail: String, width: Int, height: Int, author: String,
    licence: String, attribution: String, source: String
  ) {
    self.id = id
    self.url = url
    self.thumbnail = thumbnail
    self.width = width
    self.height = height
    self.author = author
    self.licence = licence
    self.attribution = attribution
    self.source = source
  }
}

/// One page of photos near a pin, and whether another page follows.
public struct PhotoPage: Codable, Sendable, Equatable {
  public var photos: [Photo]
  /// 1-based.
  public var page: Int
  /// Whether asking for `page + 1` can give more photos.
  public var hasMore: Bool
}
