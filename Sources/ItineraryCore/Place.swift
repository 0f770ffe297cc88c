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
  /// An explicit score that replaces the Bayesian rating (a map place's
  /// notability, see `Scoring`).
  public var score: Double?
  public var address: String?
  /// Opening hours as given by the source (OSM `opening_hours` syntax for OSM).
  public var openingHours: String?
  /// Where the place came from: `osm`, `yelp`, `foursquare`, `file`, ...
  public var source: String?
  public var photoURL: String?
  /// Minutes spent here, overriding the problem's minutes for its category.
  public var dwellMinutes: Double?
  /// What the place is, as its main OpenStreetMap tag (`tourism=museum`,
  /// `amenity=fast_food`): the first of the vocabulary's tags it has, for
  /// what depends on the kind of place rather than its category.
  public var kind: String?
  /// What it serves, in the source's words: OpenStreetMap `cuisine` values
  /// (`pizza`, `italian`), Yelp category aliases, Foursquare category names.
  public var cuisines: [String]

  public init(
    id: String, name: String, categories: [String], coordinate: Coordinate,
    rating: Double? = nil, reviewCount: Int? = nil, price: Int? = nil, score: Double? = nil,
    address: String? = nil, openingHours: String? = nil, source: String? = nil,
    photoURL: String? = nil, dwellMinutes: Double? = nil, kind: String? = nil,
    cuisines: [String] = []
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
    self.kind = kind
    self.cuisines = cuisines
  }

  /// Where its score comes from, when it came from a source of places.
  public var scoreSource: ScoreSource? { source.flatMap(ScoreSource.init(placeSource:)) }

  /// Whether this place may fill a stop of `category` (names compared ignoring case).
  ///
  /// - Complexity: O(c * m) for c categories of length m.
  public func isEligible(for category: String) -> Bool {
    categories.contains { $0.caseInsensitiveCompare(category) }
  }
}

extension String {
  /// Equality ignoring case, without Foundation's locale machinery. ASCII
  /// names, what categories almost always are, compare byte by byte.
  func caseInsensitiveCompare(_ other: String) -> Bool {
    if self == other { return true }
    guard isASCII, other.isASCII else { return lowercased() == other.lowercased() }
    return utf8.count == other.utf8.count
      && zip(utf8, other.utf8).allSatisfy { Self.lowered($0) == Self.lowered($1) }
  }

  private var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }

  /// The string as names are compared: lowercased, and returned as it is
  /// when it has no capital letter to lower (category names, nearly always).
  var foldedForComparison: String {
    utf8.contains { (0x41...0x5A).contains($0) || $0 >= 0x80 } ? lowercased() : self
  }

  private static func lowered(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
