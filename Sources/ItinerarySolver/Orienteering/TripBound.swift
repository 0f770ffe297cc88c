import ItineraryCore

/// Upper bounds on what a trip can still gain, for pruning labels.
///
/// The time bound is the least of two. A fractional knapsack: each place
/// not yet visited takes at least its visit plus the shortest leg into it,
/// out of the time left today and every later day, and gains at most its
/// score; taken by score per minute, the last one in part, ignoring
/// distance, waiting and opening hours. And `TripCompletionBound`, which
/// counts the hours and the kilometres but lets places repeat. The category
/// bound, with a category limit or a variety penalty: the best scores left
/// in each category, as many as the category has stops left, each less the
/// least variety penalty any day still has for it. Meals are bounded apart
/// (`TripInstance.mealsLeft`).
///
/// - Complexity: O(n) per bound for n vertices (the knapsack stops once it
///   passes what it is compared with), after building `TripCompletionBound`.
struct TripBound {
  private let instance: TripInstance
  private let completion: TripCompletionBound
  /// Vertices by score per minute, best first.
  private let byRatio: [Int]
  private let minutes: [Double]
  /// Vertices of each category by score, best first.
  private let byScore: [[Int]]
  /// Minutes of every day after each day.
  private let later: [Double]

  init(
    _ instance: TripInstance, successors: DaySuccessors,
    work: Int = TripLabelling.boundWork, cells: Int = TripCompletionBound.maxCells,
    deadline: Deadline? = nil
  ) {
    self.instance = instance
    completion = TripCompletionBound(
      instance, successors: successors, maxWork: work, maxCells: cells, deadline: deadline)
    let n = instance.vertexCount
    let minutes = (0..<n).map { w in
      instance.dwell[w] + ((0..<n).filter { $0 != w }.map { instance.travel($0, w) }.min() ?? 0)
    }
    self.minutes = minutes
    byRatio = (1..<max(n, 1)).sorted { a, b in
      instance.scores[a] * minutes[b] > instance.scores[b] * minutes[a]
    }
    var byScore = Array(repeating: [Int](), count: instance.categoryCount)
    for w in (1..<max(n, 1)).sorted(by: { instance.scores[$0] > instance.scores[$1] }) {
      byScore[instance.categories[w]].append(w)
    }
    self.byScore = byScore
    var later = Array(repeating: 0.0, count: instance.dayCount)
    for day in stride(from: instance.dayCount - 2, through: 0, by: -1) {
      later[day] = later[day + 1] + instance.horizons[day + 1]
    }
    self.later = later
  }

  /// Whether the places not in `out` may add more than `need`, leaving a
  /// stop at `time` on `day`, by the fractional knapsack (the caller asks
  /// `completion` apart, as it learns what is out).
  @inline(__always)
  func exceeds(_ need: Double, day: Int, leaving time: Double, out: PlaceSet) -> Bool {
    knapsack(day: day, time: time, out: out, above: need) > need
  }

  /// The completion bound alone: the most a trip at `vertex` on `day`,
  /// leaving it at `time`, can still gain without going straight back to
  /// `previous`.
  @inline(__always)
  func completion(day: Int, at vertex: Int, leaving time: Double, after previous: Int) -> Double {
    completion.value(day: day, at: vertex, leaving: time, after: previous)
  }

  /// The completion bound alone, when the route may not go on to a vertex
  /// `barred` says it may not.
  @inline(__always)
  func completion(
    day: Int, at vertex: Int, leaving time: Double, avoiding barred: (Int) -> Bool
  ) -> Double {
    completion.value(day: day, at: vertex, leaving: time, avoiding: barred)
  }

  /// The fractional knapsack of the places not in `out`, with the time
  /// left after `time` on `day`; once it passes `above`, any value past it.
  private func knapsack(day: Int, time: Double, out: PlaceSet, above: Double) -> Double {
    var capacity = instance.horizons[day] - time + later[day]
    var total = 0.0
    for w in byRatio where !out.contains(w) {
      let need = minutes[w]
      if need <= capacity {
        total += instance.scores[w]
        capacity -= need
        if total > above { return total }
      } else {
        return total + instance.scores[w] * capacity / need
      }
    }
    return total
  }

  /// The most the places not in `out` can add on `day` and after, with
  /// `counts` stops made of each category (over the trip, then that day):
  /// in each category, the best places left, as many as its limits allow
  /// (over the trip, and each day's), each less the least variety penalty
  /// left for it (the next stop of the category today, or the next of a
  /// later day), while that adds.
  func value(day: Int, out: PlaceSet, counts: ArraySlice<UInt8>) -> Double {
    let limit = instance.maxPerCategory ?? Int.max
    let categories = instance.categoryCount
    let laterDays = instance.dayCount - 1 - day
    let penalty = instance.varietyPenalty
    var total = 0.0
    let perDay = instance.maxPerDay
    // Later days hold at most this many stops of a category.
    let laterRoom = perDay == .max ? Int.max : laterDays * perDay
    for (category, places) in byScore.enumerated() {
      var made = Int(counts[counts.startIndex + category])
      // Stops of the category today, and those placed on later days.
      var today = Int(counts[counts.startIndex + categories + category])
      var later = 0
      for w in places where made < limit && !out.contains(w) {
        let todayPenalty = today < perDay ? Double(today) : .infinity
        let laterPenalty =
          laterDays > 0 && later < laterRoom ? Double(later / laterDays) : .infinity
        let least = min(todayPenalty, laterPenalty)
        guard least.isFinite else { break }
        let worth = instance.scores[w] - penalty * least
        if worth <= 0 { break }
        total += worth
        made += 1
        if todayPenalty <= laterPenalty { today += 1 } else { later += 1 }
      }
    }
    return total
  }
}
