import Foundation

/// What turns a problem into an exploration: the engine chooses which places
/// to visit, how many and in what order, over one route a day, each from the
/// origin and back to it (or on to `end`) by the day's end, every place at
/// most once over the
/// whole trip and at most `maxPerCategory` stops of each category.
///
/// The problem's `categories` are the eligible ones (a place fills a stop of
/// the first of them it has), its `time` frame gives the zone, speed, dwell
/// minutes and the price of waiting, and each day its start and end.
public struct Exploration: Sendable, Equatable {
  /// One route: when it leaves the origin and when it must be back.
  public struct Day: Sendable, Equatable {
    public var start: Date
    public var end: Date
    /// The most stops that day (the pace); `nil`: no limit.
    public var maxStops: Int?

    public init(start: Date, end: Date, maxStops: Int? = nil) {
      self.start = start
      self.end = end
      self.maxStops = maxStops
    }
  }

  public var days: [Day]
  /// The most stops of one category over the trip; `nil`: no limit.
  public var maxPerCategory: Int?
  /// How a day a person lives is shaped; all off for a plain orienteering
  /// trip (an instance file's).
  public var shaping: Shaping
  /// Places (indices into the problem's places) the trip must visit, each
  /// on some day at a time it is open (`TripInstance.mustBonus`).
  public var must: [Int]
  /// The place (an index into the problem's places) every day ends at
  /// instead of the origin (`endAt`), or `nil` for days back at the origin.
  /// It is no candidate: its category is none of the trip's stops.
  public var end: Int?

  /// The parts of a person's day the trip's value counts (`docs/method.md`,
  /// "A day a person would follow").
  public struct Shaping: Sendable, Equatable {
    /// Categories whose stops are meals: begun within a meal window
    /// (`MealWindow`), at most one each, and each window a day's frame
    /// covers worth a meal; empty: no meals.
    public var mealCategories: Set<String>
    /// Whether each further stop of a category in a day is worth less than
    /// the one before, and a day has at most `TripInstance.varietyCap` of
    /// one (`TripInstance.varietyPenalty`, `maxPerDay`).
    public var variety: Bool
    /// Whether a stop is worth its score scaled by the time it gives
    /// (`TripInstance.worthOfTime`).
    public var worthByTime: Bool

    public init(mealCategories: Set<String> = [], variety: Bool = false, worthByTime: Bool = false)
    {
      self.mealCategories = mealCategories
      self.variety = variety
      self.worthByTime = worthByTime
    }

    /// A person's day: meals, variety and worth by time.
    public static let personal = Shaping(
      mealCategories: CanonicalCategory.mealNames, variety: true, worthByTime: true)
  }

  public init(
    days: [Day], maxPerCategory: Int? = nil, shaping: Shaping = Shaping(), must: [Int] = [],
    end: Int? = nil
  ) {
    self.days = days
    self.maxPerCategory = maxPerCategory
    self.shaping = shaping
    self.must = must
    self.end = end
  }

  /// The most days a trip may have.
  public static let maximumDays = 31

  /// Checks the days (at least one, at most `maximumDays`, each ending after
  /// it starts, none overlapping the one before) and the category limit.
  public func validate() throws(ItineraryError) {
    guard (1...Self.maximumDays).contains(days.count) else {
      throw ItineraryError(
        .data, "a trip has 1 to \(Self.maximumDays) days, this one has \(days.count)")
    }
    for (index, day) in days.enumerated() {
      if day.end <= day.start {
        throw ItineraryError(.data, "days[\(index)]: the end is not after the start")
      }
      if index > 0, day.start < days[index - 1].end {
        throw ItineraryError(.data, "days[\(index)]: it starts before the day before it ends")
      }
      if let stops = day.maxStops, stops < 1 {
        throw ItineraryError(.data, "days[\(index)]: maxStops \(stops) is below 1")
      }
    }
    if let maxPerCategory, maxPerCategory < 1 {
      throw ItineraryError(.data, "maxPerCategory \(maxPerCategory) is below 1")
    }
  }
}

extension Problem {
  /// The problem of one day of its exploration: the day's start and end as
  /// the time frame, a round trip unless the days end elsewhere (`end`, then
  /// the last stop of a day's plan); the problem itself without an
  /// exploration.
  public func day(_ index: Int) -> Problem {
    var day = self
    if let span = exploration?.days[index], var frame = time {
      frame.start = span.start
      frame.end = span.end
      day.time = frame
      day.roundTrip = exploration?.end == nil
    }
    day.exploration = nil
    return day
  }

  /// For each place, the category of the stops it fills on a trip: the first
  /// of the problem's categories it has, or `nil` when it has none.
  ///
  /// - Complexity: O(total number of place categories).
  public func tripCategories() -> [Int?] {
    var stopCategory = [Int?](repeating: nil, count: places.count)
    for (category, eligible) in eligiblePlaces().enumerated().reversed() {
      for place in eligible { stopCategory[place] = category }
    }
    return stopCategory
  }
}
