import ItineraryCore
import ItineraryPlaces

/// What a person asks `plan` for: categories around a start point, where the
/// places come from, how to move and what to show. Every key is the `plan`
/// flag of the same name in camelCase (`--round-trip` is `roundTrip`), so a
/// command line, a batch line and an HTTP body say the same thing the same way.
///
/// Absent values take the documented defaults when the request is planned;
/// a response echoes the request as it was given, so it reads back and
/// plans again to the same answer.
public struct PlanRequest: Codable, Sendable, Equatable {
  /// Category words in visiting order (names or aliases of the vocabulary).
  public var categories: [String]
  /// The start point; absent: `near`, else the embedded city's centre.
  public var at: Coordinate?
  /// A place name to start at, found with a geocoder.
  public var near: String?
  /// Where candidates come from; absent: the embedded city when the start
  /// lies in it, else OpenStreetMap.
  public var provider: ProviderID?
  /// Places fetched per category from a live provider.
  public var perCategory: Int?
  public var noCache: Bool?
  public var refresh: Bool?
  public var allowPartial: Bool?
  /// Seconds to connect to a service, and for a whole request.
  public var connectTimeout: Double?
  public var timeout: Double?
  /// How many plans.
  public var top: Int?
  /// The K best plans, however alike (the default is diverse alternatives).
  public var exact: Bool?
  /// Diverse alternatives, the default of `plan`; says so explicitly.
  public var diverse: Bool?
  public var roundTrip: Bool?
  public var anyOrder: Bool?
  public var mode: TravelMode?
  /// Travel speed in km/h; absent: the mode's.
  public var speed: Double?
  public var distances: Distances?
  public var distanceWeight: Double?
  /// Candidates within this many kilometres of the start.
  public var radius: Double?
  public var units: DistanceUnit?
  public var verify: Bool?
  public var verifyTimeLimit: Double?
  /// Seconds the solver may take, and its seed.
  public var timeLimit: Double?
  public var seed: Int?
  /// Megabytes the solver may hold.
  public var memoryLimit: Double?
  /// When the plan starts: `now` (the default), `HH:MM` today, or
  /// `YYYY-MM-DD HH:MM` (a `T` may stand for the space), local time in `tz`.
  public var start: String?
  /// The deadline, `HH:MM` on the start's day or `YYYY-MM-DD HH:MM`;
  /// absent: the local midnight after the start, or four hours after a
  /// start later than 20:00.
  public var end: String?
  /// The IANA time zone of `start`, `end` and opening hours; absent: the
  /// embedded city's (Europe/Helsinki) when the start lies in it, else the
  /// machine's.
  public var tz: String?
  /// Minutes at a stop by category word (`"*"` for every other category),
  /// over the vocabulary's defaults.
  public var dwell: [String: Double]?
  /// Score points lost per minute spent waiting for a place to open;
  /// absent: `Defaults.waitWeight`.
  public var waitWeight: Double?
  /// The longest single wait at a closed door, in minutes; absent:
  /// `Defaults.maxWaitMinutes` (0 with `openNow`).
  public var maxWaitMinutes: Double?
  /// What a place whose opening hours are unknown counts as.
  public var unknownHours: UnknownHours?
  /// Every stop open when the person gets there, with no wait; places
  /// whose hours are unknown are left out unless `unknownHours` says open.
  public var openNow: Bool?
  /// Plan timelessly: no start, no opening hours, no time at a stop.
  public var anytime: Bool?
  /// A trip (`explore`): this many days, each from the start's time of day
  /// to the end's, on consecutive dates.
  public var days: Int?
  /// A trip's days one by one, instead of `days`.
  public var day: [TripDay]?
  /// The most stops of one category over a trip.
  public var maxPerCategory: Int?
  /// How many stops a trip's day may hold; absent: `normal`.
  public var pace: Pace?
  /// Whether a trip's days have lunch and dinner (`Exploration.Shaping`);
  /// absent: true.
  public var meals: Bool?
  /// Only places serving this (`PlaceFilter`), in the categories that serve
  /// food or drink.
  public var cuisine: String?
  /// Only places of this price level or cheaper, 1 to 4, in the categories
  /// that serve food or drink; Yelp and Foursquare only.
  public var price: Int?
  /// Whether each stop carries a few photos (`photos`), fetched after the
  /// plan is made; a photo that fails never fails the plan.
  public var photos: Bool?
  /// Places never visited, by name or id in the city (`PlaceName`).
  public var avoid: [String]?
  /// Where the plan starts and ends, `LAT,LON` or a place of the city: a
  /// round trip from there (in a trip, every day's).
  public var base: String?
  /// Where the plan ends, `LAT,LON` or a place of the city: the last leg
  /// goes there and counts, and arrives before the end; plans only.
  public var endAt: String?
  /// Places a trip visits, each on some day at a time it is open, by name
  /// or id in the city; trips only.
  public var must: [String]?

  /// What `cuisine` and `price` keep.
  public var filter: PlaceFilter { PlaceFilter(cuisine: cuisine, price: price) }

  public init(categories: [String]) { self.categories = categories }

  /// Every key a request may hold, each with its property.
  static let schema = RequestSchema<PlanRequest>([
    RequestKey("categories", \.categories, absent: []),
    RequestKey("at", \.at), RequestKey("near", \.near), RequestKey("provider", \.provider),
    RequestKey("perCategory", \.perCategory), RequestKey("noCache", \.noCache),
    RequestKey("refresh", \.refresh), RequestKey("allowPartial", \.allowPartial),
    RequestKey("connectTimeout", \.connectTimeout), RequestKey("timeout", \.timeout),
    RequestKey("top", \.top), RequestKey("exact", \.exact), RequestKey("diverse", \.diverse),
    RequestKey("roundTrip", \.roundTrip), RequestKey("anyOrder", \.anyOrder),
    RequestKey("mode", \.mode), RequestKey("speed", \.speed),
    RequestKey("distances", \.distances), RequestKey("distanceWeight", \.distanceWeight),
    RequestKey("radius", \.radius), RequestKey("units", \.units), RequestKey("verify", \.verify),
    RequestKey("verifyTimeLimit", \.verifyTimeLimit), RequestKey("timeLimit", \.timeLimit),
    RequestKey("seed", \.seed), RequestKey("memoryLimit", \.memoryLimit),
    RequestKey("start", \.start), RequestKey("end", \.end), RequestKey("tz", \.tz),
    RequestKey("dwell", \.dwell), RequestKey("waitWeight", \.waitWeight),
    RequestKey("maxWaitMinutes", \.maxWaitMinutes), RequestKey("unknownHours", \.unknownHours),
    RequestKey("openNow", \.openNow), RequestKey("anytime", \.anytime),
    RequestKey("days", \.days), RequestKey("day", \.day),
    RequestKey("maxPerCategory", \.maxPerCategory), RequestKey("pace", \.pace),
    RequestKey("meals", \.meals), RequestKey("cuisine", \.cuisine), RequestKey("price", \.price),
    RequestKey("photos", \.photos), RequestKey("avoid", \.avoid), RequestKey("base", \.base),
    RequestKey("endAt", \.endAt), RequestKey("must", \.must),
  ])

  /// Every key a request may hold, for messages that suggest the nearest one.
  public static let keys = schema.names

  /// The keys only a trip (`explore`) takes, and those it does not.
  public static let tripKeys = ["days", "day", "maxPerCategory", "pace", "meals", "must"]
  public static let planOnlyKeys = [
    "top", "exact", "diverse", "roundTrip", "anyOrder", "openNow", "anytime",
  ]
}

/// One day of a trip: `start` as `YYYY-MM-DD HH:MM`, `end` as `HH:MM` on
/// that date or a full local time.
public struct TripDay: Codable, Sendable, Equatable {
  public var start: String
  public var end: String

  public init(start: String, end: String) {
    self.start = start
    self.end = end
  }
}

/// How many stops a day of a trip may hold, as real visitors' days go: at
/// most 6 (relaxed), 8 (normal) or 12 (packed) in nine hours, in proportion
/// for a shorter or longer day, and at least one.
public enum Pace: String, Codable, Sendable, CaseIterable {
  case relaxed, normal, packed

  /// Stops in a nine-hour day.
  public var stopsPerNineHours: Int {
    switch self {
    case .relaxed: 6
    case .normal: 8
    case .packed: 12
    }
  }

  /// The most stops of a day of `hours` hours.
  public func maxStops(hours: Double) -> Int {
    max(1, Int((Double(stopsPerNineHours) * hours / 9 - 1e-9).rounded(.up)))
  }
}

/// How legs are measured: on the great circle, on the city's streets (the
/// default in a city that has them), or by road with OSRM.
public enum Distances: String, Codable, Sendable, CaseIterable {
  case straight, network, osrm
}

/// Kilometres or miles, for what people read; files keep kilometres.
public enum DistanceUnit: String, Codable, Sendable, CaseIterable {
  case metric, imperial

  public static let kmPerMile = 1.609344
}

extension TravelMode: Codable {}

extension PlanRequest {
  /// Reads a request, refusing a key it does not know so that a misspelt
  /// one (`tpo`) is an error naming it rather than a default silently taken.
  public init(from decoder: any Decoder) throws {
    self.init(categories: [])
    try Self.schema.decode(&self, from: decoder)
  }
}
