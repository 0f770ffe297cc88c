import ItineraryCore
import ItineraryPlaces

/// What a request is answered with: the plans, each stop materialized with
/// its place and leg, how they were found, and the request itself, so that a
/// saved response says what it answers and decodes back.
///
/// Its JSON is the output of `plan --format json` and `solve`.
public struct PlanResponse: Codable, Sendable, Equatable {
  public struct Stop: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var category: String
    public var lat: Double
    public var lon: Double
    public var score: Double
    /// Where the score comes from (`map`, `yelp`, `foursquare`); absent for
    /// the places of an instance file, whose scores are their own.
    public var scoreSource: ScoreSource?
    /// Its main OpenStreetMap tag (`tourism=museum`), for map places.
    public var kind: String?
    /// The leg that arrives here, from the start or the stop before.
    public var legKm: Double
    public var legMinutes: Double
    public var address: String?
    public var openingHours: String?
    public var photoURL: String?
    /// With a start time: when the stop is reached, when its visit begins
    /// and ends (local times, `2026-12-01T14:12`), the minutes spent waiting
    /// for it to open, and whether its opening hours are known (unknown
    /// hours count as always open).
    public var arrive: String?
    public var begin: String?
    public var leave: String?
    public var waitMinutes: Double?
    public var hoursKnown: Bool?
    /// Minutes spent at the stop, with a start time.
    public var dwellMinutes: Double?
    /// True for an outdoor stop with no opening hours of its own visited
    /// between civil dusk and sunrise; absent otherwise.
    public var afterDark: Bool?
    /// The OpenStreetMap directions page for the leg that arrives here, by
    /// the plan's travel mode (see `DirectionsLink`); absent in plans saved
    /// before it existed.
    public var directions: String?
    /// A few photos of the place with their credit lines, when the request
    /// asked for them (`photos`); absent otherwise.
    public var photos: [Photo]?
    /// With network distances, the leg's path along the streets as
    /// `[lon, lat]` pairs (GeoJSON's order), from the start or the stop
    /// before to this stop; absent for a straight leg.
    public var legPath: [[Double]]?

    public var coordinate: Coordinate { Coordinate(lat: lat, lon: lon) }
  }

  public struct Plan: Codable, Sendable, Equatable {
    public var rank: Int
    public var objective: Double
    /// The documented `D`, the way back included on a round trip.
    public var distanceKm: Double
    public var durationMinutes: Double
    public var stops: [Stop]
    /// The way back to the start, on a round trip.
    public var returnKm: Double?
    public var returnMinutes: Double?
    /// The way back's path along the streets, as a stop's `legPath`.
    public var returnPath: [[Double]]?
    /// With a start time: when the plan is over (the last visit ends, or on
    /// a round trip the person is back), and the minutes spent waiting.
    public var finish: String?
    public var waitMinutes: Double?
  }

  /// One day of a trip: its route from the start and back.
  public struct Day: Codable, Sendable, Equatable {
    /// When the day starts and ends (local times).
    public var start: String
    public var end: String
    public var stops: [Stop]
    /// When the person is back at the start.
    public var finish: String
    /// The day's share of `D`, the way back included.
    public var distanceKm: Double
    public var durationMinutes: Double
    public var returnKm: Double
    public var returnMinutes: Double
    /// The way back's path along the streets, as a stop's `legPath`.
    public var returnPath: [[Double]]?
    public var waitMinutes: Double
    /// The day's share of the objective.
    public var objective: Double
  }

  /// When the plans happen, with every default resolved.
  public struct TimeReport: Codable, Sendable, Equatable {
    /// Local times in `timeZone`, `2026-12-01T14:00`.
    public var start: String
    /// The deadline given, or the default one.
    public var end: String
    public var timeZone: String
    public var waitWeight: Double
    public var unknownHours: UnknownHours
    /// The longest single wait allowed, when there is a cap.
    public var maxWaitMinutes: Double?
  }

  public struct SolverReport: Codable, Sendable, Equatable {
    public var name: String
    public var millis: Double
    /// Whether every plan is proven to be what was asked.
    public var optimal: Bool
    /// Whether the solver ran to its end: `false` when its time limit
    /// stopped it, the plans being those found by then.
    public var complete: Bool
    /// Work counters that explain the running time.
    public var work: [String: Int]
  }

  public struct VerifyReport: Codable, Sendable, Equatable {
    /// `agreed`, `disagreed`, or `unverified` (GLPK ran out of time, or the
    /// model was too large to build).
    public enum Status: String, Codable, Sendable {
      case agreed, disagreed, unverified
    }

    public var solver: String
    /// GLPK's objective for the best plan, when it found one in time.
    public var objective: Double?
    /// Whether every plan is verified.
    public var agrees: Bool
    public var status: Status
    /// Why not, in words.
    public var note: String?
  }

  /// The request as it was given (plan requests) or its settings without
  /// the places (instance requests).
  public var request: RequestEcho
  /// What was planned, with every default resolved.
  public var origin: Coordinate
  public var categories: [String]
  public var anyOrder: Bool
  public var roundTrip: Bool
  public var distanceWeight: Double
  public var mode: TravelMode
  public var speedKmh: Double
  /// `straight` (great circle), `network` (the city's streets) or `osrm` (by road).
  public var distances: Distances
  /// When the plans happen; absent when they are timeless.
  public var time: TimeReport?
  /// Where the places came from, when a provider was asked.
  public var provider: ProviderReport?
  public var plans: [Plan]
  /// A trip's days, when the engine chose the places (`explore`, an
  /// instance with `select` or `days`); `plans` is then empty.
  public var days: [Day]?
  /// A trip's objective: its places' worth less the prices of its distance
  /// and waiting, plus its meals, less its variety penalty (`shaping`).
  public var objective: Double?
  /// The most stops of one category a trip may have, when limited.
  public var maxPerCategory: Int?
  /// Why there is no plan, when there is none.
  public var reason: String?
  public var solver: SolverReport
  public var verify: VerifyReport?
  /// How a trip planned as a person's day is valued; absent for a plain one.
  public var shaping: Shaping?
}

extension PlanResponse {
  /// The terms a person's day adds to a trip's objective: each place worth
  /// its score times the square root of its hours of visit (`worthByTime`),
  /// `mealBonus` for each of the `meals` in a meal window its day covers,
  /// and `varietyPenalty` times `k - 1` taken from the k-th stop of a
  /// category in its day.
  public struct Shaping: Codable, Sendable, Equatable {
    public var worthByTime: Bool
    public var meals: Int
    public var mealBonus: Double
    public var varietyPenalty: Double
  }
}

/// The request a response answers.
public struct RequestEcho: Codable, Sendable, Equatable {
  public var plan: PlanRequest?
  public var explore: PlanRequest?
  public var solve: SolveSettings?

  public init(plan: PlanRequest) { self.plan = plan }
  public init(explore: PlanRequest) { self.explore = explore }
  public init(solve: SolveSettings) { self.solve = solve }
}

/// Which provider served the places, in words and by id.
public struct ProviderReport: Codable, Sendable, Equatable {
  public var id: String
  /// `embedded city: central Helsinki`, `overpass`.
  public var description: String
  public var places: Int
}
