import ItineraryPlaces
import ItineraryStore

/// The photos near a pin or of an album, as `photos --format json` and
/// `/v1/photos` and `/v1/albums/{name}` answer them.
public struct PhotoAnswer: Encodable, Sendable {
  public struct At: Encodable, Sendable {
    public var lat: Double
    public var lon: Double
  }

  /// The album's name, for an album.
  public var album: String?
  public var at: At
  public var radiusKm: Double
  public var source: String
  public var page: Int
  /// Whether a next page may hold more; not said of an album.
  public var hasMore: Bool?
  public var photos: [Photo]

  /// The answer for `photos` found at `pin`, kept as `album` when named.
  public init(_ photos: [Photo], pin: AlbumPin, album: String? = nil, hasMore: Bool?) {
    self.album = album
    at = At(lat: pin.lat, lon: pin.lon)
    radiusKm = pin.radiusKm
    source = pin.source
    page = pin.page
    self.hasMore = hasMore
    self.photos = photos
  }
}
