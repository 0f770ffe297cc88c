/// A candidate place: something a plan can visit.
public struct Place: Hashable, Sendable {
  /// A stable identifier, unique within a problem (`node/123`, a Yelp id, ...).
  public var id: String
  public var name: String
  /// The categories this place is eligible for (canonical names for fetched
  /// places, literal names in instance files).
  public var categories: [String]
  public var coordinate: Coordinate
  /// Rating on a 0-5 scale.
  public var rating: Double?
  public var reviewCount: Int?
  /// Price level, 1 (cheap) to 4 (expensive).
  public var price: Int?
  /// An explicit score that replaces the Bayesian rating.
  public var score: Double?
  public var address: String?
  /// Opening hours as given by the source (OSM `opening_hours` syntax for OSM).
  public var openingHours: String?
  /// Where the place came from: `osm`, `yelp`, `foursquare`, `file`, ...
  public var source: String?
  public var photoURL: String?
  /// Minutes spent here, overriding the problem's minutes for its category.
  public var dwellMinutes: Double?

  public init(
    id: String, name: String, categories: [String], coordinate: Coordinate,
    rating: Double? = nil, reviewCount: Int? = nil, price: Int? = nil, score: Double? = nil,
    address: String? = nil, openingHours: String? = nil, source: String? = nil,
    photoURL: String? = nil, dwellMinutes: Double? = nil
  ) {
    self.id = id
    self.name = name
    self.categories = categories
    self.coordinate = coordinate
    self.rating = rating
    self.reviewCount = reviewCount
    self.price = price
    self.score = score
    self.address = address
    self.openingHours = openingHours
    self.source = source
    self.photoURL = photoURL
    self.dwellMinutes = dwellMinutes
  }

  /// Whether this place may fill a stop of `category` (names compared ignoring case).
  public func isEligible(for category: String) -> Bool {
    categories.contains { $0.caseInsensitiveCompare(category) }
  }
}

extension String {
  /// Equality ignoring case, without Foundation's locale machinery. ASCII
  /// text (every category name) is compared byte by byte, allocating nothing.
  ///
  /// - Complexity: O(n) for n bytes.
  func caseInsensitiveCompare(_ other: String) -> Bool {
    if self == other { return true }
    let (left, right) = (utf8, other.utf8)
    guard left.allSatisfy({ $0 < 0x80 }), right.allSatisfy({ $0 < 0x80 }) else {
      return lowercased() == other.lowercased()
    }
    func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
    return left.count == right.count && zip(left, right).allSatisfy { lower($0) == lower($1) }
  }
}
