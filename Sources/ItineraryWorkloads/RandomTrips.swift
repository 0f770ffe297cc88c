import Foundation
import ItineraryCore

/// Small seeded trips for the tests' oracles: places within about 2 km,
/// each open the same one or two intervals every day (or hours unknown),
/// with a brute force over every subset, split into days and ordered, that
/// reads those hours and lives through each day by its own arithmetic.
package enum RandomTrips {
  /// One opening interval of a day, minutes after midnight.
  package struct Hours {
    package var open: Int
    package var close: Int
  }

  package struct Case {
    package var problem: Problem
    /// The same hours every day, by place.
    package var hours: [[Hours]]
    /// Minutes after midnight each day starts and ends.
    package var dayStart: [Int]
    package var dayEnd: [Int]
    package var dwell: [Double]
    /// Whether the trip is shaped as a person's day: restaurants are meals,
    /// variety and worth by time count (`Exploration.Shaping`).
    package var shaped = false
    /// A person's day's prices (`prices`), set once the case is made.
    var mealBonus = 0.0
    var varietyPenalty = 0.0
  }

  static let zone = TimeZone(identifier: "UTC") ?? .gmt
  static let categories = ["museum", "cafe", "park"]
  /// A person's day adds restaurants, its meal stops.
  static let shapedCategories = categories + ["restaurant"]

  static func clock(_ minutes: Int) -> String {
    String(format: "%02d:%02d", minutes / 60, minutes % 60)
  }

  /// Places within about 2 km, each open one or two intervals a day (or
  /// always, hours unknown), some with a dwell of their own; each day at
  /// most `maxStops` stops when given. `shaped`: a person's day, with
  /// restaurants among the places. `endsAway`: every day ends at a point
  /// of its own (`Exploration.end`), the last place, which is no stop.
  package static func make(
    seed: UInt64, places count: Int, days: Int, maxStops: Int? = nil, shaped: Bool = false,
    endsAway: Bool = false
  ) -> Case {
    var random = SplitMix64(seed: seed)
    var places: [Place] = []
    var hours: [[Hours]] = []
    var dwell: [Double] = []
    let categories = shaped ? Self.shapedCategories : Self.categories
    let categoryDwell = [60.0, 20.0, 0.0, 45.0]
    for index in 0..<count {
      var intervals: [Hours] = []
      if random.below(5) > 0 {
        let open = 9 * 60 + random.below(5 * 60)
        let close = open + 30 + random.below(4 * 60)
        intervals.append(Hours(open: open, close: close))
        if random.below(3) == 0, close + 30 < 23 * 60 {
          let again = close + 30 + random.below(60)
          intervals.append(
            Hours(open: again, close: min(23 * 60 + 59, again + 60 + random.below(120))))
        }
      }
      let text =
        intervals.isEmpty
        ? nil
        : "Mo-Su " + intervals.map { "\(clock($0.open))-\(clock($0.close))" }.joined(separator: ",")
      let category = random.below(categories.count)
      let own = random.below(4) == 0 ? Double(random.below(90)) : nil
      places.append(
        Place(
          id: "p\(index)", name: "p\(index)", categories: [categories[category]],
          coordinate: Coordinate(
            lat: 60.17 + Double(random.below(2000)) / 100_000,
            lon: 24.93 + Double(random.below(4000)) / 100_000),
          score: Double(1 + random.below(50)) / 10, openingHours: text, dwellMinutes: own))
      hours.append(intervals.isEmpty ? [Hours(open: 0, close: 10 * 24 * 60)] : intervals)
      dwell.append(own ?? categoryDwell[category])
    }
    let dayStart = (0..<days).map { _ in 9 * 60 + random.below(4 * 60) }
    let dayEnd = dayStart.map { $0 + 90 + random.below(5 * 60) }
    let date = { (day: Int, minutes: Int) in
      Date(timeIntervalSince1970: 1_796_083_200 + Double(day * 86_400 + minutes * 60))
    }
    if endsAway {
      places.append(
        Place(
          id: "end", name: "end", categories: ["end"],
          coordinate: Coordinate(
            lat: 60.17 + Double(random.below(2000)) / 100_000,
            lon: 24.93 + Double(random.below(4000)) / 100_000),
          score: 0, openingHours: "24/7", dwellMinutes: 0))
      hours.append([Hours(open: 0, close: 10 * 24 * 60)])
      dwell.append(0)
    }
    let exploration = Exploration(
      days: (0..<days).map {
        Exploration.Day(
          start: date($0, dayStart[$0]), end: date($0, dayEnd[$0]), maxStops: maxStops)
      },
      maxPerCategory: random.below(2) == 0 ? nil : 1 + random.below(2),
      shaping: shaped
        ? Exploration.Shaping(mealCategories: ["restaurant"], variety: true, worthByTime: true)
        : Exploration.Shaping(), end: endsAway ? count : nil)
    let frame = TimeFrame(
      start: date(0, dayStart[0]), timeZone: zone, end: date(0, dayEnd[0]),
      dwellMinutes: Dictionary(uniqueKeysWithValues: zip(categories, categoryDwell)),
      waitWeight: random.below(2) == 0 ? 0 : Double(random.below(5)) / 100)
    let problem = Problem(
      origin: Coordinate(lat: 60.175, lon: 24.95), categories: categories, places: places,
      distanceWeight: Double(random.below(4)) / 4, roundTrip: true, time: frame,
      exploration: exploration)
    var trip = Case(
      problem: problem, hours: hours, dayStart: dayStart, dayEnd: dayEnd, dwell: dwell,
      shaped: shaped)
    (trip.mealBonus, trip.varietyPenalty) = prices(trip)
    return trip
  }

  /// Lunch and dinner: the minutes of the day a meal may begin.
  static let meals = [(690.0, 840.0), (1050.0, 1230.0)]

  /// What a place is worth by this test's own reading: its score, times
  /// the square root of its hours of visit in a person's day.
  static func worth(_ place: Int, _ trip: Case) -> Double {
    let score = Scoring.score(of: trip.problem.places[place])
    return trip.shaped ? score * (max(trip.dwell[place], 1) / 60).squareRoot() : score
  }

  static func isMeal(_ place: Int, _ trip: Case) -> Bool {
    trip.shaped && trip.problem.places[place].categories[0] == "restaurant"
  }

  /// The places some day can hold alone, with a positive score.
  static func visitable(_ trip: Case) -> [Int] {
    trip.problem.places.indices.filter { place in
      Scoring.score(of: trip.problem.places[place]) > 0
        && trip.dayStart.indices.contains { dayLive([place], day: $0, trip) != nil }
    }
  }

  /// A person's day's prices: what a covered meal adds (four times the best
  /// worth) and what each earlier stop of a category takes (three quarters of the mean
  /// worth).
  static func prices(_ trip: Case) -> (meal: Double, variety: Double) {
    guard trip.shaped else { return (0, 0) }
    let places = visitable(trip)
    let worths = places.map { worth($0, trip) }
    let meal = places.contains { isMeal($0, trip) } ? 4 * (worths.max() ?? 0) : 0
    let variety = 0.75 * worths.reduce(0, +) / Double(max(places.count, 1))
    return (meal, variety)
  }

  /// The objective of one day's route by this test's own reading, or `nil`.
  package static func dayValue(_ route: [Int], day: Int, _ trip: Case) -> Double? {
    guard let (value, meals) = dayLive(route, day: day, trip) else { return nil }
    return value + trip.mealBonus * Double(meals)
  }

  /// One day lived through: its value without meal bonuses, and how many
  /// meals it has in meal windows the day covers whole.
  static func dayLive(_ route: [Int], day: Int, _ trip: Case) -> (Double, Int)? {
    let problem = trip.problem
    if let limit = problem.exploration?.days[day].maxStops, route.count > limit { return nil }
    let speed = problem.time?.speedKmh ?? 0
    let waitWeight = problem.time?.waitWeight ?? 0
    let (dayStart, dayEnd) = (Double(trip.dayStart[day]), Double(trip.dayEnd[day]))
    var clock = dayStart
    var here = problem.origin
    var value = 0.0
    var used = Set<Int>()
    var covered = 0
    for place in route {
      let km = GreatCircle.distanceKm(here, problem.places[place].coordinate)
      let arrive = clock + km * 60 / speed
      let dwell = trip.dwell[place]
      // Each window, or the whole day for a place that is not a meal.
      let windows =
        isMeal(place, trip)
        ? meals.indices.filter { !used.contains($0) && meals[$0].1 >= dayStart }
          .map { ($0, meals[$0].0, meals[$0].1) }
        : [(-1, -Double.infinity, Double.infinity)]
      var chosen: (window: Int, begin: Double)?
      for (window, earliest, latest) in windows where chosen == nil {
        for hours in trip.hours[place] {
          let begin = max(arrive, Double(hours.open), earliest)
          if begin <= latest, begin + dwell <= Double(hours.close) {
            chosen = (window, begin)
            break
          }
        }
      }
      guard let (window, begin) = chosen else { return nil }
      if let cap = problem.time?.maxWaitMinutes, begin - arrive > cap { return nil }
      if window >= 0 {
        used.insert(window)
        if meals[window].0 >= dayStart, meals[window].1 <= dayEnd { covered += 1 }
      }
      value += worth(place, trip) - problem.distanceWeight * km - waitWeight * (begin - arrive)
      clock = begin + dwell
      here = problem.places[place].coordinate
    }
    let home = problem.exploration?.end.map { problem.places[$0].coordinate } ?? problem.origin
    let back = GreatCircle.distanceKm(here, home)
    guard route.isEmpty || clock + back * 60 / speed <= dayEnd else { return nil }
    guard let variety = varietyCost(route, trip) else { return nil }
    return route.isEmpty ? (0, 0) : (value - problem.distanceWeight * back - variety, covered)
  }

  /// What a day's stops cost in variety: each earlier stop of its category;
  /// `nil` when a priced trip without a category limit has more than
  /// `TripInstance.varietyCap` of one category that day.
  static func varietyCost(_ places: [Int], _ trip: Case) -> Double? {
    let counts = Dictionary(grouping: places) { trip.problem.places[$0].categories[0] }
    if trip.varietyPenalty > 0, trip.problem.exploration?.maxPerCategory == nil,
      counts.values.contains(where: { $0.count > TripInstance.varietyCap })
    {
      return nil
    }
    return trip.varietyPenalty
      * counts.values.reduce(0.0) { total, members in
        total + Double(members.count * (members.count - 1) / 2)
      }
  }

  /// Whether no category has more stops than allowed.
  package static func withinLimit(_ places: [Int], _ trip: Case) -> Bool {
    guard let limit = trip.problem.exploration?.maxPerCategory else { return true }
    let counts = Dictionary(grouping: places) { trip.problem.places[$0].categories[0] }
    return counts.values.allSatisfy { $0.count <= limit }
  }

  /// The best objective over every trip: each day a sequence of places not
  /// used before, extended only while it stays on time.
  package static func bruteForce(_ trip: Case) -> Double { bruteForce(trip, must: []) ?? 0 }

  /// The best objective over every trip that visits each place of `must`
  /// (indices into the problem's places), or `nil` when none does.
  package static func bruteForce(_ trip: Case, must: Set<Int>) -> Double? {
    let days = trip.dayStart.count
    var best: Double?
    func extend(day: Int, route: [Int], used: [Int], before: Double) {
      guard withinLimit(used, trip), let value = dayValue(route, day: day, trip) else { return }
      if must.isSubset(of: used) {
        best = max(best ?? -.infinity, before + value)
      }
      if day + 1 < days { extend(day: day + 1, route: [], used: used, before: before + value) }
      for place in trip.problem.places.indices
      where !used.contains(place) && place != trip.problem.exploration?.end {
        // A route that does not fit stays so however it grows, which the
        // guard above relies on.
        extend(day: day, route: route + [place], used: used + [place], before: before)
      }
    }
    extend(day: 0, route: [], used: [], before: 0)
    return best
  }

  package static func value(of days: [[Plan.Stop]], _ trip: Case) -> Double? {
    let places = days.flatMap { $0.map(\.place) }
    guard Set(places).count == places.count, withinLimit(places, trip) else { return nil }
    var total = 0.0
    for (day, stops) in days.enumerated() {
      guard let value = dayValue(stops.map(\.place), day: day, trip) else { return nil }
      total += value
    }
    return total
  }
}
