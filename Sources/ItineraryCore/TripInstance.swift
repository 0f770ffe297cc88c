/// An exploration as its solvers see it: vertex 0 is the origin, every other
/// vertex a place worth visiting (a positive score, open long enough on some
/// day), with its worth, minutes of visit, stop category and open windows on
/// each day, and the minutes and kilometres between every two vertices.
///
/// A route of a day is lived through as docs/reference.md says: each visit
/// begins at the earliest time at or after arrival from which it fits in one
/// opening interval, and the route is back at the origin by the day's end
/// (or at the place the days end at, `Exploration.end`: the minutes and
/// kilometres to vertex 0 are then those to it, and the solvers need
/// nothing new).
/// The arithmetic is that of `Timing`, so a route feasible here is feasible
/// in the response, to the last bit.
///
/// A person's day (`Exploration.Shaping`) adds three terms, all part of what
/// the solvers prove:
/// - a meal stop begins within a meal window not yet used that day (the
///   first one it fits), at most one meal a window, and each window the day
///   covers whole is worth `mealBonus` when it has its meal;
/// - the k-th stop of a category in a day costs `varietyPenalty * (k - 1)`,
///   so a day loses `varietyPenalty * c(c - 1) / 2` for c stops of one
///   category, whatever their order (each day starts afresh: a museum
///   today takes nothing from tomorrow's), and a day has at most
///   `maxPerDay` stops of a category (two, unless the person set a limit);
/// - a place is worth its score times `worthOfTime` of its visit's minutes.
///
/// A place the trip must visit (`Exploration.must`) is worth `mustBonus`
/// more: more than any trip could gain or lose without it, so every trip
/// with all of them beats every trip without one, and a solver that finds
/// the best trip respects them without knowing of them. The objective a
/// trip reports leaves the bonus out (`bonus(of:)`).
///
/// A benchmark file is the case without any of them (`mealBonus` and
/// `varietyPenalty` 0, no meal stops).
public struct TripInstance: Sendable {
  /// Index into the problem's places of each vertex (the origin's is -1).
  public let places: [Int]
  /// Index into the problem's categories of each vertex's stops (-1 for the origin).
  public let categories: [Int]
  /// What visiting each vertex adds, `mustBonus` included for a must place.
  public let scores: [Double]
  public let dwell: [Double]
  /// `windows[day][vertex]`, minutes from the day's start (for a meal stop,
  /// within the day's meal windows).
  public let windows: [[OpenWindows]]
  /// Minutes from each day's start to its end.
  public let horizons: [Double]
  public let maxPerCategory: Int?
  /// The most stops of each day (`Int.max`: no limit).
  public let maxStops: [Int]
  public let categoryCount: Int
  public let distanceWeight: Double
  public let waitWeight: Double
  /// Whether each vertex's stops are meals.
  public let isMeal: [Bool]
  /// Whether some vertex is a meal stop.
  public let hasMeals: Bool
  /// Each day's meal windows, in order of time.
  public let mealWindows: [[MealWindow]]
  /// What a meal in a window its day covers adds.
  public let mealBonus: Double
  /// What each earlier stop of its category that day takes from a stop.
  public let varietyPenalty: Double
  /// The most stops of one category a day may have (`Int.max`: no limit).
  public let maxPerDay: Int
  /// `mealOpen[day][vertex][window]`: a meal stop's open windows within that
  /// meal window (empty for the others).
  public let mealOpen: [[[OpenWindows]]]
  /// Whether each vertex is a place the trip must visit.
  public let isMust: [Bool]
  /// What a must place adds on top of its worth (0 without must places).
  public let mustBonus: Double
  /// The longest a visit may wait for its place to open, when capped: a
  /// visit that would wait longer does not fit (`visit`).
  public var maxWait: Double?
  @usableFromInline let minutes: [Double]
  @usableFromInline let kilometres: [Double]

  @inlinable public var vertexCount: Int { scores.count }
  public var dayCount: Int { horizons.count }

  /// What a place's score is worth for a visit of `minutes`: the square root
  /// of the hours (an hour: 1, a 10-minute look: 0.41, a 90-minute museum:
  /// 1.22), so time given to a place counts, with less for each further
  /// minute.
  public static func worthOfTime(_ minutes: Double) -> Double {
    (max(minutes, 1) / 60).squareRoot()
  }

  /// What the variety penalty is, as a share of the mean worth of the places.
  public static let varietyShare = 0.75
  /// The most stops of one category in a day of a person's trip over
  /// several categories, unless the person sets `maxPerCategory`: a third
  /// café in a day is never what a person asked for.
  public static let varietyCap = 2
  /// What a covered meal adds, in units of the best place's worth: enough
  /// that a trip leaves a meal out only when no meal fits.
  public static let mealShare = 4.0

  /// The instance of an exploring problem: its places worth visiting.
  ///
  /// - Returns: `nil` when the problem has no time frame or no exploration.
  /// - Complexity: O(n^2) for n places worth visiting, after O(N) hours
  ///   evaluations over the N places per day.
  public init?(_ problem: Problem) {
    guard let exploration = problem.exploration, let frame = problem.time else { return nil }
    let shaping = exploration.shaping
    let must = Set(exploration.must)
    let days = exploration.days.indices.map { problem.day($0) }
    let timings = days.compactMap(Timing.init)
    let mealWindows = exploration.days.map {
      shaping.mealCategories.isEmpty
        ? [] : MealWindow.windows(from: $0.start, to: $0.end, in: frame.timeZone)
    }
    // Where a day ends: the leg home of each route goes there.
    let home = exploration.end.map(Waypoint.place) ?? .origin
    let stopCategory = problem.tripCategories()
    let mealCategory = problem.categories.map { shaping.mealCategories.contains($0) }
    var places = [-1]
    var categories = [-1]
    for (place, category) in stopCategory.enumerated() {
      guard let category, Scoring.score(of: problem.places[place]) > 0 || must.contains(place)
      else { continue }
      let stop = Plan.Stop(category: category, place: place)
      let visitable = zip(timings, mealWindows).contains { timing, meals in
        let soonest = timing.travelMinutes(from: .origin, to: .place(place))
        let dwell = timing.dwell(stop)
        var open = timing.windows(of: place)
        if mealCategory[category] { open = Self.within(meals, open, dwell: dwell) }
        guard soonest.isFinite, let begin = open.earliestVisit(arrival: soonest, dwell: dwell)
        else { return false }
        return begin + dwell + timing.travelMinutes(from: .place(place), to: home)
          <= timing.horizon
      }
      guard visitable else { continue }
      places.append(place)
      categories.append(category)
    }
    let waypoints = places.map { $0 < 0 ? Waypoint.origin : .place($0) }
    let first = timings[0]
    let dwell = zip(places, categories).map { place, category in
      place < 0 ? 0 : first.dwell(Plan.Stop(category: category, place: place))
    }
    let isMeal = categories.map { $0 >= 0 && mealCategory[$0] }
    let scores = places.indices.map { v in
      places[v] < 0
        ? 0
        : Scoring.score(of: problem.places[places[v]])
          * (shaping.worthByTime ? Self.worthOfTime(dwell[v]) : 1)
    }
    let mealOpen = zip(timings, mealWindows).map { timing, meals in
      places.indices.map { v in
        isMeal[v]
          ? meals.map { Self.within([$0], timing.windows(of: places[v]), dwell: dwell[v]) } : []
      }
    }
    let horizons = timings.map(\.horizon)
    // Priced whatever categories the places left have: of museums, cafés and
    // art, an evening may leave only cafés, and nine of them is no evening.
    let varied = shaping.variety
    let meanWorth = scores.dropFirst().reduce(0, +) / Double(max(places.count - 1, 1))
    self.init(
      places: places, categories: categories, scores: scores, dwell: dwell,
      windows: zip(timings, mealOpen).map { timing, meals in
        places.indices.map { v in
          places[v] < 0
            ? OpenWindows.always(horizon: timing.horizon)
            : isMeal[v]
              ? OpenWindows(meals[v].flatMap(\.intervals), horizon: timing.horizon)
              : timing.windows(of: places[v])
        }
      },
      horizons: horizons, maxPerCategory: exploration.maxPerCategory,
      maxStops: exploration.days.map { $0.maxStops ?? .max },
      categoryCount: problem.categories.count, distanceWeight: problem.distanceWeight,
      waitWeight: frame.waitWeight,
      minutes: waypoints.flatMap { from in
        Self.ends(from, waypoints, home: home).map { first.travelMinutes(from: from, to: $0) }
      },
      kilometres: waypoints.flatMap { from in
        Self.ends(from, waypoints, home: home).map {
          problem.legKm(from: from, to: $0) ?? .infinity
        }
      },
      isMeal: isMeal, mealWindows: mealWindows, mealOpen: mealOpen,
      mealBonus: isMeal.contains(true) ? Self.mealShare * (scores.max() ?? 0) : 0,
      varietyPenalty: varied ? Self.varietyShare * meanWorth : 0,
      maxPerDay: varied && exploration.maxPerCategory == nil ? Self.varietyCap : .max,
      isMust: places.map(must.contains))
    maxWait = frame.maxWaitMinutes
  }

  /// Where the legs leaving `from` go, vertex by vertex: to vertex 0, a
  /// route's way home, they go to `home` (the origin, or where the days
  /// end); from the origin to itself, nowhere (an empty day has no legs).
  static func ends(_ from: Waypoint, _ waypoints: [Waypoint], home: Waypoint) -> [Waypoint] {
    from == .origin ? waypoints : [home] + waypoints.dropFirst()
  }

  /// `open` within the meal windows: each visit begun inside one of them.
  static func within(_ meals: [MealWindow], _ open: OpenWindows, dwell: Double) -> OpenWindows {
    OpenWindows(
      meals.flatMap { meal in
        open.intervals.compactMap { interval in
          let begin = max(interval.begin, meal.begin)
          let end = min(interval.end, meal.end + dwell)
          return begin < end ? OpenWindows.Interval(begin: begin, end: end) : nil
        }
      }, horizon: open.horizon)
  }

  /// An instance from its parts, vertex 0 the origin, without meals or
  /// variety unless given.
  ///
  /// - Parameters:
  ///   - minutes: row-major, `minutes[i * n + j]` from `i` to `j`; `kilometres` alike.
  ///   - windows: `windows[day][vertex]`.
  ///   - mealOpen: `mealOpen[day][vertex][window]`, empty for a vertex that is
  ///     not a meal stop (or for every day: none is).
  ///   - scores: without the must bonus, which this adds.
  ///   - isMust: whether each vertex must be visited (none when `nil`).
  public init(
    places: [Int], categories: [Int], scores: [Double], dwell: [Double],
    windows: [[OpenWindows]], horizons: [Double], maxPerCategory: Int?, maxStops: [Int],
    categoryCount: Int, distanceWeight: Double, waitWeight: Double, minutes: [Double],
    kilometres: [Double], isMeal: [Bool]? = nil, mealWindows: [[MealWindow]]? = nil,
    mealOpen: [[[OpenWindows]]]? = nil, mealBonus: Double = 0, varietyPenalty: Double = 0,
    maxPerDay: Int = .max, isMust: [Bool]? = nil
  ) {
    self.places = places
    self.categories = categories
    self.dwell = dwell
    self.windows = windows
    self.horizons = horizons
    self.maxPerCategory = maxPerCategory
    self.maxStops = maxStops
    self.categoryCount = categoryCount
    self.distanceWeight = distanceWeight
    self.waitWeight = waitWeight
    self.minutes = minutes
    self.kilometres = kilometres
    self.isMeal = isMeal ?? Array(repeating: false, count: scores.count)
    hasMeals = self.isMeal.contains(true)
    self.mealWindows = mealWindows ?? Array(repeating: [], count: horizons.count)
    self.mealOpen =
      mealOpen ?? Array(repeating: Array(repeating: [], count: scores.count), count: horizons.count)
    self.mealBonus = mealBonus
    self.varietyPenalty = varietyPenalty
    self.maxPerDay = maxPerDay
    let isMust = isMust ?? Array(repeating: false, count: scores.count)
    self.isMust = isMust
    // More than the most any trip can gain (every positive score, every
    // covered meal) plus the most it can lose (every leg at the longest
    // distance, every minute waited, every pair of stops priced for
    // variety): one more must place outweighs whatever else a trip does.
    let n = Double(scores.count)
    let gains =
      scores.reduce(0) { $0 + max($1, 0) }
      + mealBonus * Double(self.mealWindows.joined().count(where: \.isCovered))
    let losses =
      distanceWeight * (kilometres.filter(\.isFinite).max() ?? 0) * (n + Double(horizons.count))
      + waitWeight * horizons.reduce(0, +) + varietyPenalty * n * n / 2
    let bonus = isMust.contains(true) ? 1 + gains + losses : 0
    mustBonus = bonus
    self.scores = zip(scores, isMust).map { $0 + ($1 ? bonus : 0) }
  }

  /// The same instance with no wait cap: every trip of this one is a trip
  /// of it, for the same value, so its optimum bounds this one's.
  public var uncapped: TripInstance {
    var instance = self
    instance.maxWait = nil
    return instance
  }

  /// What the must bonus adds to a route: `mustBonus` a must place in it.
  public func bonus(of route: [Int]) -> Double {
    mustBonus * Double(route.count { isMust[$0] })
  }

  /// Minutes from `i` to `j`.
  @inlinable
  public func travel(_ i: Int, _ j: Int) -> Double { minutes[i * vertexCount + j] }

  /// Kilometres from `i` to `j`.
  @inlinable
  public func km(_ i: Int, _ j: Int) -> Double { kilometres[i * vertexCount + j] }

  /// One visit of `vertex` reached from `from`, leaving it at `time` on
  /// `day`, after the meal windows in `meals` (bit `m`: window `m`) have had
  /// their meal: when it begins and ends, what it adds to the objective (its
  /// worth, less the leg's distance and the wait at their prices, plus a
  /// covered meal's bonus; the variety penalty apart), and the meal window
  /// it uses (-1: none); `nil` when it does not fit, or would wait longer
  /// than `maxWait`.
  ///
  /// - Complexity: O(log m) for m open intervals (a meal stop: O(w log m)
  ///   for w meal windows).
  @inlinable
  public func visit(_ vertex: Int, from: Int, leaving time: Double, day: Int, meals: UInt8 = 0)
    -> (begin: Double, leave: Double, gain: Double, meal: Int)?
  {
    let arrive = time + travel(from, vertex)
    guard arrive.isFinite else { return nil }
    var meal = -1
    var begin = -Double.infinity
    if isMeal[vertex] {
      for (window, open) in mealOpen[day][vertex].enumerated() where meals & (1 << window) == 0 {
        if let fits = open.earliestVisit(arrival: arrive, dwell: dwell[vertex]) {
          (meal, begin) = (window, fits)
          break
        }
      }
      guard meal >= 0 else { return nil }
    } else {
      guard let fits = windows[day][vertex].earliestVisit(arrival: arrive, dwell: dwell[vertex])
      else { return nil }
      begin = fits
    }
    if let maxWait, begin - arrive > maxWait { return nil }
    var gain =
      scores[vertex] - distanceWeight * km(from, vertex) - waitWeight * (begin - arrive)
    if meal >= 0, mealWindows[day][meal].isCovered { gain += mealBonus }
    return (begin, begin + dwell[vertex], gain, meal)
  }

  /// What a route adds to the objective on `day`, way home and variety
  /// penalty included, and when it is back home; `nil` when a visit does not
  /// fit or it is not back by the day's end. The empty route adds 0 and is
  /// back at 0.
  ///
  /// - Complexity: O(k log m + k^2) for k stops.
  public func evaluate(_ route: [Int], day: Int) -> (value: Double, finish: Double)? {
    guard !route.isEmpty else { return (0, 0) }
    guard route.count <= maxStops[day] else { return nil }
    var time = 0.0
    var at = 0
    var total = 0.0
    var meals: UInt8 = 0
    for vertex in route {
      guard (1..<vertexCount).contains(vertex),
        let visit = visit(vertex, from: at, leaving: time, day: day, meals: meals)
      else { return nil }
      if visit.meal >= 0 { meals |= 1 << visit.meal }
      total += visit.gain
      time = visit.leave
      at = vertex
    }
    let finish = time + travel(at, 0)
    guard finish <= horizons[day], let variety = varietyCost(of: route) else { return nil }
    return (total - distanceWeight * km(at, 0) - variety, finish)
  }

  /// A route of `day` lived through: each visit as `evaluate` times it, and
  /// when it is back home (the route's visits so far when one does not fit).
  ///
  /// - Complexity: O(k log m) for k stops.
  public func timeline(of route: [Int], day: Int) -> Timeline {
    var time = 0.0
    var at = 0
    var meals: UInt8 = 0
    var visits: [Timeline.Visit] = []
    for vertex in route {
      guard let visit = visit(vertex, from: at, leaving: time, day: day, meals: meals) else {
        return Timeline(visits: visits, finish: time, isFeasible: false)
      }
      if visit.meal >= 0 { meals |= 1 << visit.meal }
      visits.append(
        Timeline.Visit(arrive: time + travel(at, vertex), begin: visit.begin, leave: visit.leave))
      time = visit.leave
      at = vertex
    }
    let finish = time + travel(at, 0)
    return Timeline(visits: visits, finish: finish, isFeasible: finish <= horizons[day])
  }

  /// The meals a route has in meal windows its day covers whole.
  ///
  /// - Complexity: O(k log m) for k stops.
  public func coveredMeals(of route: [Int], day: Int) -> Int {
    var time = 0.0
    var at = 0
    var meals: UInt8 = 0
    var count = 0
    for vertex in route {
      guard let visit = visit(vertex, from: at, leaving: time, day: day, meals: meals) else {
        return count
      }
      if visit.meal >= 0 {
        meals |= 1 << visit.meal
        if mealWindows[day][visit.meal].isCovered { count += 1 }
      }
      time = visit.leave
      at = vertex
    }
    return count
  }

  /// What a route adds to the objective on `day` (see `evaluate`).
  public func value(of route: [Int], day: Int) -> Double? { evaluate(route, day: day)?.value }

  /// The most the meals of `day` not in `meals` can still add, leaving a
  /// stop at `time`, and those of every later day.
  ///
  /// - Complexity: O(meal windows of the trip from `day` on).
  public func mealsLeft(day: Int, meals: UInt8, leaving time: Double) -> Double {
    guard mealBonus > 0 else { return 0 }
    var windows = 0
    for (index, window) in mealWindows[day].enumerated()
    where window.isCovered && meals & (1 << index) == 0 && window.end >= time {
      windows += 1
    }
    for later in mealWindows[(day + 1)...] { windows += later.count { $0.isCovered } }
    return mealBonus * Double(windows)
  }

  /// `meals` without the windows of `day` that end before `time`: no visit
  /// leaving then can use them, so they no longer tell labels apart.
  @inlinable
  public func meals(_ meals: UInt8, day: Int, after time: Double) -> UInt8 {
    var kept = meals
    for (index, window) in mealWindows[day].enumerated() where window.end < time {
      kept &= ~(1 << index)
    }
    return kept
  }

  /// What a day's route costs in variety: for each stop, the penalty times
  /// the stops of its category before it; `nil` when a category has more
  /// than `maxPerDay` stops.
  ///
  /// - Complexity: O(k^2) for k stops (a day has few).
  public func varietyCost(of route: [Int]) -> Double? {
    guard varietyPenalty > 0 || maxPerDay < route.count else { return 0 }
    var earlier = 0
    for (index, vertex) in route.enumerated() {
      let before = route[..<index].count { categories[$0] == categories[vertex] }
      guard before < maxPerDay else { return nil }
      earlier += before
    }
    return varietyPenalty * Double(earlier)
  }

  /// The objective of a trip, one route a day, or `nil` when it is not a
  /// trip: a route does not fit, a vertex repeats, or a category has more
  /// stops than allowed.
  ///
  /// - Complexity: O(n + total route length * log m).
  public func value(of routes: [[Int]]) -> Double? {
    guard routes.count <= dayCount else { return nil }
    var seen = Array(repeating: false, count: vertexCount)
    var perCategory = Array(repeating: 0, count: categoryCount)
    var total = 0.0
    for (day, route) in routes.enumerated() {
      for vertex in route {
        guard (1..<vertexCount).contains(vertex), !seen[vertex] else { return nil }
        seen[vertex] = true
        perCategory[categories[vertex]] += 1
        if let limit = maxPerCategory, perCategory[categories[vertex]] > limit { return nil }
      }
      guard let value = value(of: route, day: day) else { return nil }
      total += value
    }
    return total
  }
}
