/// Route-pool recombination for the team orienteering heuristic: the routes
/// of the good trips met during the search, kept once per set of vertices,
/// and the best trip made of them, at most one route per day and no vertex
/// twice (a set-packing problem, solved by branch and bound).
///
/// Each entry remembers its value on each day it is on time for, so a trip
/// built from the pool is feasible by construction (and re-checked by the
/// caller), but for a model's limit on stops of one category.
struct OrienteeringRoutePool<Model: OrienteeringModel>: Sendable {
  struct Entry: Sendable {
    var route: [Int]
    /// Its best value over the days.
    var score: Double
    /// `values[d]`: the route's value on day `d`, `nil` when it is late.
    var values: [Double?]
  }

  private(set) var entries: [Entry] = []
  /// How many routes were ever added.
  private(set) var additions = 0
  /// The most entries kept; past it the lower-scoring half is dropped.
  let capacity: Int
  private let instance: Model
  private var keys: Set<[Int]> = []

  init(instance: Model, capacity: Int = 3000) {
    self.instance = instance
    self.capacity = max(2, capacity)
  }

  /// Adds `route` unless the pool already has a route of the same vertices
  /// or the route is on time on no day.
  ///
  /// - Returns: whether it was added.
  /// - Complexity: O(L log L + days * L) for a route of L visits.
  @discardableResult
  mutating func add(_ route: [Int]) -> Bool {
    guard !route.isEmpty else { return false }
    let key = route.sorted()
    guard !keys.contains(key) else { return false }
    let values = (0..<instance.dayCount).map { instance.outcome(of: route, day: $0)?.value }
    guard let score = values.compactMap({ $0 }).max() else { return false }
    if entries.count >= capacity {
      entries.sort { $0.score > $1.score }
      entries.removeLast(entries.count - capacity / 2)
      keys = Set(entries.map { $0.route.sorted() })
    }
    keys.insert(key)
    additions += 1
    entries.append(Entry(route: route, score: score, values: values))
    return true
  }

  /// The best trip of pool routes (one route per day at most, each vertex at
  /// most once), by depth-first branch and bound over the days, routes in
  /// decreasing best value; days alike take routes in increasing rank only
  /// (the same trip in another order is not searched again).
  ///
  /// - Parameter work: the most route comparisons; past it the best trip
  ///   found so far is returned.
  /// - Returns: one route per day (empty when none), the score, and whether
  ///   the search was complete (the trip is the best packing of the pool).
  /// - Complexity: exponential in the day count in the worst case, bounded by
  ///   `work`.
  func bestTrip(work: Int = 4_000_000) -> (routes: [[Int]], score: Double, complete: Bool) {
    let dayCount = instance.dayCount
    let order = entries.indices.sorted {
      entries[$0].score != entries[$1].score
        ? entries[$0].score > entries[$1].score : $0 < $1
    }
    let words = (instance.vertexCount + 63) / 64
    var bits = Array(repeating: UInt64(0), count: order.count * words)
    for (rank, entry) in order.enumerated() {
      for vertex in entries[entry].route { bits[rank * words + vertex / 64] |= 1 << (vertex % 64) }
    }
    let scores = order.map { entries[$0].score }
    let values = order.map { entries[$0].values }
    // sameAsBefore[d]: day d is alike day d - 1.
    let sameAsBefore = (0..<dayCount).map { $0 > 0 && instance.daysAlike($0, $0 - 1) }
    // restSame[d]: every day from d on has the times of day d - 1.
    var restSame = Array(repeating: true, count: dayCount + 1)
    for day in stride(from: dayCount - 1, through: 0, by: -1) {
      restSame[day] = sameAsBefore[day] && restSame[day + 1]
    }
    var used = Array(repeating: UInt64(0), count: words)
    var chosen = Array(repeating: -1, count: dayCount)
    var best = chosen
    var bestScore = 0.0
    var budget = work
    let epsilon = 1e-9 * max(1, scores.first ?? 1) * Double(dayCount)

    func fits(_ rank: Int) -> Bool {
      budget -= 1
      for word in 0..<words where bits[rank * words + word] & used[word] != 0 { return false }
      return true
    }
    func mark(_ rank: Int) {
      for word in 0..<words { used[word] ^= bits[rank * words + word] }
    }
    /// The scores of the `count` best routes that fit, from `from` on.
    func bound(from: Int, count: Int) -> Double {
      var sum = 0.0
      var taken = 0
      var rank = from
      while taken < count, rank < scores.count, budget > 0 {
        if fits(rank) {
          sum += scores[rank]
          taken += 1
        }
        rank += 1
      }
      return sum
    }
    func search(_ day: Int, _ from: Int, _ value: Double) {
      if value > bestScore + epsilon {
        bestScore = value
        best = chosen
      }
      guard day < dayCount, budget > 0 else { return }
      let start = sameAsBefore[day] ? from : 0
      if sameAsBefore[day], day > 0, chosen[day - 1] < 0 { return }
      let left = dayCount - day
      let chain = restSame[day + 1]
      if value + bound(from: restSame[day] ? start : 0, count: left) <= bestScore + epsilon {
        return
      }
      for rank in start..<scores.count {
        guard budget > 0 else { return }
        // In a run of days alike, every later route scores at most this one.
        if chain, value + Double(left) * scores[rank] <= bestScore + epsilon { break }
        guard let worth = values[rank][day], fits(rank) else { continue }
        mark(rank)
        chosen[day] = rank
        search(day + 1, rank + 1, value + worth)
        chosen[day] = -1
        mark(rank)
      }
      // This day without a route, and so the days alike after it.
      var next = day + 1
      while next < dayCount, sameAsBefore[next] { next += 1 }
      if next < dayCount { search(next, 0, value) }
    }
    search(0, 0, 0)
    let routes = best.map { $0 < 0 ? [] : entries[order[$0]].route }
    return (routes, bestScore, budget > 0)
  }
}
