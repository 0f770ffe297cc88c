import ItineraryCore

/// The exact method for trips: a labelling algorithm over (vertex, day,
/// time, value, places visited, stops per category), the days one after
/// another, each label extended by one more visit or by going home for the
/// night. Labels are taken earliest first.
///
/// A label at a vertex on a day dominates another there when it leaves no
/// later, has visited no place the other has not, has no more stops of any
/// category, and its value is at least the other's plus the waiting price of
/// the minutes it is ahead: leaving `t` minutes sooner can cost at most `t`
/// more minutes of waiting later that day, and nothing after it. A label is
/// pruned when its value plus `TripBound` cannot beat the best trip known.
///
/// - Complexity: exponential in the worst case (the problem is NP-hard);
///   each extension is O(labels at its vertex and day) for dominance and
///   O(n) for the bound.
public enum TripLabelling {
  public struct Result: Sendable {
    /// The best trip found (the incumbent when nothing beat it).
    public var routes: [[Int]]
    public var value: Double
    /// Whether no trip is better.
    public var proven: Bool
    public var labels: Int
  }

  /// The most vertices, origin included, the exact method takes on.
  public static let maxVertices = VisitedSet.capacity

  /// The best trip, proven when the search ends before `deadline` and within
  /// `maxLabels` labels.
  public static func solve(
    _ instance: TripInstance, incumbent: [[Int]] = [], deadline: Deadline,
    maxLabels: Int = 2_000_000
  ) -> Result {
    let start = instance.value(of: incumbent).map { (incumbent, $0) } ?? ([], 0)
    guard instance.vertexCount <= maxVertices else {
      return Result(routes: start.0, value: start.1, proven: false, labels: 0)
    }
    var search = Search(instance: instance, best: start.0, bestValue: start.1)
    let finished = search.run(until: deadline, maxLabels: maxLabels)
    return Result(
      routes: search.best, value: search.bestValue, proven: finished, labels: search.labels.count)
  }
}

/// Which vertices a label has visited, for up to 256 vertices.
public struct VisitedSet: Sendable, Equatable {
  private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  public static let capacity = 256

  @inline(__always)
  func contains(_ vertex: Int) -> Bool {
    let bit = UInt64(1) << UInt64(vertex & 63)
    switch vertex >> 6 {
    case 0: return words.0 & bit != 0
    case 1: return words.1 & bit != 0
    case 2: return words.2 & bit != 0
    default: return words.3 & bit != 0
    }
  }

  @inline(__always)
  mutating func insert(_ vertex: Int) {
    let bit = UInt64(1) << UInt64(vertex & 63)
    switch vertex >> 6 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }

  @inline(__always)
  func isSubset(of other: VisitedSet) -> Bool {
    words.0 & ~other.words.0 == 0 && words.1 & ~other.words.1 == 0
      && words.2 & ~other.words.2 == 0 && words.3 & ~other.words.3 == 0
  }

  public static func == (a: VisitedSet, b: VisitedSet) -> Bool {
    a.isSubset(of: b) && b.isSubset(of: a)
  }
}

private struct Search {
  struct Label {
    var vertex: Int
    var day: Int
    var time: Double
    var value: Double
    var visited: VisitedSet
    /// Stops per category, at `counts[countsStart ..< countsStart + categories]`
    /// (none without a category limit).
    var countsStart: Int
    var parent: Int
  }

  let instance: TripInstance
  let bound: TripBound
  let epsilon: Double
  let tracksCounts: Bool
  var best: [[Int]]
  var bestValue: Double
  var labels: [Label] = []
  var counts: [UInt8] = []

  init(instance: TripInstance, best: [[Int]], bestValue: Double) {
    self.instance = instance
    self.best = best
    self.bestValue = bestValue
    bound = TripBound(instance)
    tracksCounts = instance.maxPerCategory != nil
    epsilon = 1e-9 * max(1, instance.scores.reduce(0) { $0 + abs($1) })
  }

  /// The routes of the trip that ends with `label`, one per day up to its day.
  func routes(ending label: Int) -> [[Int]] {
    var routes = Array(repeating: [Int](), count: labels[label].day + 1)
    var index = label
    while index >= 0 {
      let here = labels[index]
      if here.vertex != 0 { routes[here.day].insert(here.vertex, at: 0) }
      index = here.parent
    }
    while routes.last?.isEmpty == true { routes.removeLast() }
    return routes
  }

  func count(_ label: Label, _ category: Int) -> Int {
    tracksCounts ? Int(counts[label.countsStart + category]) : 0
  }

  func countsAreCovered(_ a: Label, by b: Label) -> Bool {
    guard tracksCounts else { return true }
    for category in 0..<instance.categoryCount
    where counts[a.countsStart + category] > counts[b.countsStart + category] {
      return false
    }
    return true
  }

  /// Whether `a` dominates `b`, both at one vertex on one day.
  func dominates(_ a: Label, _ b: Label) -> Bool {
    a.time <= b.time && a.value - instance.waitWeight * (b.time - a.time) >= b.value
      && a.visited.isSubset(of: b.visited) && countsAreCovered(a, by: b)
  }

  /// Runs to the end (true) or until the deadline or the label budget (false).
  mutating func run(until deadline: Deadline, maxLabels: Int) -> Bool {
    let n = instance.vertexCount
    let days = instance.dayCount
    var alive: [Bool] = []
    var front = Array(repeating: [Int](), count: n * days)
    var queue = MaxHeap<Int>()
    let limit = instance.maxPerCategory ?? Int.max

    func key(_ day: Int, _ time: Double) -> Double { -(Double(day) * 1e7 + time) }

    /// Adds a label unless one at its place dominates it; drops those it dominates.
    func add(_ label: Label) -> Bool {
      let slot = label.vertex * days + label.day
      var removed = false
      for other in front[slot] where dominates(labels[other], label) {
        // Its counts, the last ones appended, are not needed.
        if tracksCounts && label.vertex != 0 { counts.removeLast(instance.categoryCount) }
        return true
      }
      for other in front[slot] {
        if dominates(label, labels[other]) {
          alive[other] = false
          removed = true
        }
      }
      if removed { front[slot].removeAll { !alive[$0] } }
      guard labels.count < maxLabels else { return false }
      front[slot].append(labels.count)
      queue.push(key(label.day, label.time), labels.count)
      labels.append(label)
      alive.append(true)
      return true
    }

    counts = tracksCounts ? Array(repeating: 0, count: instance.categoryCount) : []
    guard
      add(
        Label(
          vertex: 0, day: 0, time: 0, value: 0, visited: VisitedSet(), countsStart: 0,
          parent: -1))
    else { return false }
    var popped = 0
    while let (_, index) = queue.pop() {
      guard alive[index] else { continue }
      popped += 1
      // A pop may extend to every place, each checked against its front: often.
      if popped & 7 == 0, deadline.hasPassed { return false }
      let label = labels[index]
      let v = label.vertex
      let home = label.value - instance.distanceWeight * instance.km(v, 0)
      if v != 0, home > bestValue + epsilon {
        bestValue = home
        best = routes(ending: index)
      }
      // Home for the night, and on to the next day.
      if label.day + 1 < days {
        var night = label
        night.vertex = 0
        night.day += 1
        night.time = 0
        night.value = home
        night.parent = index
        if home + bound.value(day: night.day, time: 0, visited: night.visited)
          > bestValue + epsilon
        {
          guard add(night) else { return false }
        }
      }
      for w in 1..<n where !label.visited.contains(w) {
        let category = instance.categories[w]
        if count(label, category) >= limit { continue }
        guard let visit = instance.visit(w, from: v, leaving: label.time, day: label.day),
          visit.leave + instance.travel(w, 0) <= instance.horizons[label.day]
        else { continue }
        var visited = label.visited
        visited.insert(w)
        let value = label.value + visit.gain
        guard
          value + bound.value(day: label.day, time: visit.leave, visited: visited) > bestValue
            + epsilon
        else { continue }
        var countsStart = 0
        if tracksCounts {
          countsStart = counts.count
          // Element by element: appending a slice of itself would copy the whole array.
          for index in label.countsStart..<label.countsStart + instance.categoryCount {
            counts.append(counts[index])
          }
          counts[countsStart + category] += 1
          let categoryBound = bound.value(
            visited: visited, counts: counts[countsStart..<countsStart + instance.categoryCount])
          guard value + categoryBound > bestValue + epsilon else {
            counts.removeLast(instance.categoryCount)
            continue
          }
        }
        let next = Label(
          vertex: w, day: label.day, time: visit.leave, value: value, visited: visited,
          countsStart: countsStart, parent: index)
        guard add(next) else { return false }
      }
    }
    return true
  }
}
