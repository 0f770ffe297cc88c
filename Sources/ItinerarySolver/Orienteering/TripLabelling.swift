import ItineraryCore

/// The exact method for trips: a labelling algorithm over (vertex, day,
/// time, value, stops per category), the days one after another, each label
/// extended by one more visit or by going home for the night. Labels are
/// taken earliest first.
///
/// As in `OrienteeringLabelling`, "each place once" is relaxed: a label
/// remembers only the critical places it has visited and its ng-memory
/// (`NGNeighbourhoods`), the places of its route near every place visited
/// since. Whenever the best relaxed trip visits a place twice, the places it
/// repeats become critical and the search runs again (decremental
/// state-space relaxation), until the best relaxed trip visits none twice,
/// hence is optimal.
///
/// A label at a vertex on a day dominates another there when it leaves no
/// later, remembers no place and has visited no critical place the other has
/// not, has no more stops of any category (over the trip with a category
/// limit, that day with a variety penalty or a daily limit) nor that day
/// (the pace), and its
/// value is at least the
/// other's plus the waiting price of the minutes it is ahead, and has had
/// no meal the other has not (`TripInstance.meals(_:day:after:)` forgets
/// the meal windows already past): leaving `t`
/// minutes sooner can cost at most `t` more minutes of waiting later that
/// day, and nothing after it. A label is pruned when its value plus
/// `TripBound` over the places it may still visit cannot beat the best trip
/// known. Each vertex and day keeps its labels in a `LabelFront`.
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
    /// Searches run, one per critical set.
    public var iterations: Int
    public var labels: Int
  }

  /// The places of each ng-neighbourhood, the place itself included. 16
  /// proves sooner than 8, on the benchmark files and on trips alike: the
  /// relaxation is tighter, so fewer searches are needed, and the fronts it
  /// makes longer stay short enough.
  public static let neighbourhood = 16
  /// Up to this many vertices the search works out the shortest walks
  /// between them (O(n^3)), to leave out places it can no longer reach.
  static let reachVertices = 320
  /// The most steps the completion bound takes by default: about 50 ms on
  /// a trip's few hundred places.
  public static let boundWork = 1 << 22
  /// Bytes one label takes, with its queue entry and place in the
  /// dominance lists.
  public static let bytesPerLabel = 160

  /// The best trip, proven when the search ends before `deadline` and within
  /// `maxLabels` labels per search.
  ///
  /// Given a bar (`atLeast`), it only looks for trips worth at least that,
  /// pruning the others as it prunes those the incumbent beats: a proven
  /// result worth less says that no trip reaches the bar, sooner than a
  /// proof of the optimum would.
  ///
  /// - Parameters:
  ///   - neighbourhood: the size of each ng-neighbourhood, from 1 (no
  ///     ng-memory: decremental state-space relaxation alone) to 32.
  ///   - boundWork: the most steps the completion bound may take; below
  ///     what it needs it counts time in coarser steps, sooner and weaker.
  ///   - memoryBudget: bytes the bound's table and the labels may take: a
  ///     quarter for the table, the rest for the labels, at `bytesPerLabel`
  ///     each (fewer than `maxLabels` when it says so).
  public static func solve(
    _ instance: TripInstance, incumbent: [[Int]] = [], deadline: Deadline,
    maxLabels: Int = 2_000_000, neighbourhood: Int = neighbourhood,
    boundWork: Int = boundWork, memoryBudget: Int = .max, atLeast bar: Double = -.infinity
  ) -> Result {
    let start = instance.value(of: incumbent).map { (incumbent, $0) } ?? ([], 0)
    // Its tables take O(n^2) to build: not when there is no time to use them.
    guard !deadline.hasPassed else {
      return Result(routes: start.0, value: start.1, proven: false, iterations: 0, labels: 0)
    }
    let cellBudget = memoryBudget / 4 / MemoryLayout<CompletionCell>.stride
    var search = Search(
      instance: instance, best: start.0, bestValue: start.1,
      maxLabels: max(1, min(maxLabels, memoryBudget / 4 * 3 / bytesPerLabel)),
      neighbourhood: neighbourhood, boundWork: boundWork,
      boundCells: max(1, min(TripCompletionBound.maxCells, cellBudget)), bar: bar,
      deadline: deadline)
    let end = search.searchToTheEnd(until: deadline, vertexCount: instance.vertexCount)
    return Result(
      routes: search.best, value: search.bestValue, proven: end.proven,
      iterations: end.searches, labels: end.labels)
  }
}

/// The places a label may no longer visit, as `TripBound` sees them: the
/// critical ones it has visited or can no longer reach.
struct PlaceSet {
  let unavailable: CriticalSet
  /// Each vertex's index among the critical ones, or -1.
  let criticalIndex: [Int]

  @inline(__always)
  func contains(_ vertex: Int) -> Bool {
    let index = criticalIndex[vertex]
    return index >= 0 && unavailable.contains(index)
  }
}

/// A trip label as dominance sees it; its stops per category are kept
/// outside it, in the search's counts.
struct TripLabelEntry: LabelFrontEntry {
  struct Context {
    let waitWeight: Double
    /// Whether stops so far tell labels apart (a day has a pace).
    let comparesStops: Bool
    /// The part of each label's counts that tells labels apart.
    let compared: Range<Int>
    /// Every label's stops per category, or empty when nothing limits them.
    let counts: UnsafeBufferPointer<UInt8>
  }

  var time: Double
  /// The label's value.
  var score: Double
  var unavailable: CriticalSet
  var memory: UInt32
  var countsStart: Int32
  /// Stops so far on its day: fewer leave more of the pace.
  var stops: Int32
  /// The day's meal windows that have had their meal.
  var meals: UInt8
  private var index: Int32
  var label: Int { Int(index) }

  /// Small enough that fronts move little memory as they change.
  init(
    time: Double, score: Double, unavailable: CriticalSet, memory: UInt32, countsStart: Int,
    stops: Int, meals: UInt8, label: Int
  ) {
    self.time = time
    self.score = score
    self.unavailable = unavailable
    self.memory = memory
    self.countsStart = Int32(countsStart)
    self.stops = Int32(stops)
    self.meals = meals
    index = Int32(label)
  }

  @inline(__always)
  func dominates(_ other: Self, in context: Context) -> Bool {
    guard
      unavailable.isSubset(of: other.unavailable) && memory & ~other.memory == 0
        && time <= other.time && score - context.waitWeight * (other.time - time) >= other.score
        && (stops <= other.stops || !context.comparesStops) && meals & ~other.meals == 0
    else { return false }
    return hasNoMoreStops(than: other, in: context)
  }

  /// Whether this label scores no less than `older` and has no more
  /// places it may not visit nor stops in any category: being no earlier,
  /// it also waits less for any label `older` dominates.
  @inline(__always)
  func supersedes(_ older: Self, in context: Context) -> Bool {
    score >= older.score && unavailable.isSubset(of: older.unavailable)
      && memory & ~older.memory == 0 && (stops <= older.stops || !context.comparesStops)
      && meals & ~older.meals == 0
      && hasNoMoreStops(than: older, in: context)
  }

  @inline(__always)
  private func hasNoMoreStops(than other: Self, in context: Context) -> Bool {
    guard !context.counts.isEmpty else { return true }
    for index in context.compared
    where context.counts[Int(countsStart) + index] > context.counts[Int(other.countsStart) + index]
    {
      return false
    }
    return true
  }
}

/// One search of the labelling algorithm over a fixed critical set.
private struct Search: RelaxedLabelSearch {
  struct Label {
    var vertex: Int
    var day: Int
    var time: Double
    var value: Double
    /// The critical places visited, or out of reach on the last day.
    var unavailable: CriticalSet
    /// The ng-memory, as positions in the vertex's neighbourhood.
    var memory: UInt32
    /// Stops per category over the trip, then that day, at
    /// `counts[countsStart ..< countsStart + 2 * categories]` (none without
    /// a category limit or a variety penalty).
    var countsStart: Int
    /// Stops so far on its day, for the pace.
    var stops: Int
    /// The day's meal windows that have had their meal.
    var meals: UInt8
    var parent: Int
  }

  let instance: TripInstance
  let bound: TripBound
  /// The places of each day, latest first.
  let successors: DaySuccessors
  let neighbourhoods: NGNeighbourhoods
  /// The last day's latest begin of a visit to each vertex that still gets
  /// home by the day's end (minus infinity: none).
  let lastBegins: [Double]
  /// `reach[v * n + w]`: the fewest minutes from leaving v to arriving at
  /// w by any walk; empty when there are too many vertices to work it out.
  let reach: [Double]
  let epsilon: Double
  let tracksCounts: Bool
  /// The counts that tell labels apart: over the trip with a category
  /// limit, that day with a variety penalty.
  let compared: Range<Int>
  var critical: CriticalVertices
  var best: [[Int]]
  var bestValue: Double
  /// What a trip must be worth more than (by `epsilon`) to be looked for:
  /// the best trip's value, or a hair below the bar when that is higher.
  var threshold: Double
  let comparesStops: Bool
  let maxLabels: Int
  var labels: [Label] = []
  var labelCount: Int { labels.count }
  var counts: [UInt8] = []

  init(
    instance: TripInstance, best: [[Int]], bestValue: Double, maxLabels: Int,
    neighbourhood: Int, boundWork: Int, boundCells: Int, bar: Double, deadline: Deadline
  ) {
    self.instance = instance
    self.maxLabels = maxLabels
    self.best = best
    self.bestValue = bestValue
    let successors = DaySuccessors(instance)
    self.successors = successors
    bound = TripBound(
      instance, successors: successors, work: boundWork, cells: boundCells, deadline: deadline)
    let n = instance.vertexCount
    let lastBegins = successors.latestBegins[instance.dayCount - 1]
    let reach =
      n <= TripLabelling.reachVertices
      ? shortestWalks(
        vertexCount: n, travel: instance.travel, visit: { instance.dwell[$0] }) : []
    self.lastBegins = lastBegins
    self.reach = reach
    neighbourhoods = NGNeighbourhoods(
      vertexCount: n, size: neighbourhood, distance: instance.travel,
      latest: { v, u in
        guard !reach.isEmpty else { return Int.max }
        let latest = lastBegins[u] - reach[v * n + u]
        return latest.isFinite ? Int(latest.rounded(.down)) : latest > 0 ? Int.max : Int.min
      })
    critical = CriticalVertices(vertexCount: instance.vertexCount)
    tracksCounts =
      instance.maxPerCategory != nil || instance.varietyPenalty > 0 || instance.maxPerDay < .max
    let categories = instance.categoryCount
    let first = instance.maxPerCategory == nil ? categories : 0
    let end =
      instance.varietyPenalty > 0 || instance.maxPerDay < .max ? 2 * categories : categories
    compared = first..<end
    epsilon = 1e-9 * max(1, instance.scores.reduce(0) { $0 + abs($1) })
    threshold = max(bestValue, bar - 2 * epsilon)
    comparesStops = instance.maxStops.contains { $0 < .max }
  }

  /// `set` with the critical places a label leaving `vertex` at `time` on
  /// the last day can no longer reach in time.
  func unreachable(from vertex: Int, at time: Double, adding set: CriticalSet) -> CriticalSet {
    guard !reach.isEmpty else { return set }
    var set = set
    let n = instance.vertexCount
    for (index, other) in critical.vertices.enumerated() where !set.contains(index) {
      if time + reach[vertex * n + other] > lastBegins[other] { set.insert(index) }
    }
    return set
  }

  /// Takes `routes` as the best known when they beat it and are a trip.
  mutating func improve(trip routes: [[Int]]) {
    if let value = instance.value(of: routes), value > bestValue + epsilon {
      best = routes
      bestValue = value
      threshold = max(threshold, value)
    }
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

  /// The label's stops of `category` over the trip.
  func count(_ label: Label, _ category: Int) -> Int {
    tracksCounts ? Int(counts[label.countsStart + category]) : 0
  }

  /// The label's stops of `category` on its day.
  func dayCount(_ label: Label, _ category: Int) -> Int {
    tracksCounts ? Int(counts[label.countsStart + instance.categoryCount + category]) : 0
  }

  /// Runs to the end, or until the deadline or the label budget.
  mutating func run(until deadline: Deadline) -> RelaxedSearchOutcome {
    if deadline.hasPassed { return .stopped }
    let n = instance.vertexCount
    let days = instance.dayCount
    let lastDay = days - 1
    labels = []
    var alive: [Bool] = []
    var front = Array(repeating: LabelFront<TripLabelEntry>(), count: n * days)
    var queue = MaxHeap<Int>()
    let limit = instance.maxPerCategory ?? Int.max
    var bestRelaxed = -1
    var bestRelaxedValue = -Double.infinity

    func key(_ day: Int, _ time: Double) -> Double { -(Double(day) * 1e7 + time) }

    /// Dominance's view of the stops per category.
    func context(_ counts: UnsafeBufferPointer<UInt8>) -> TripLabelEntry.Context {
      TripLabelEntry.Context(
        waitWeight: instance.waitWeight, comparesStops: comparesStops, compared: compared,
        counts: tracksCounts ? counts : UnsafeBufferPointer(start: nil, count: 0))
    }

    /// Adds a label unless one at its place dominates it; drops those it
    /// dominates. False when the label budget is spent.
    func add(_ label: Label) -> Bool {
      let entry = TripLabelEntry(
        time: label.time, score: label.value, unavailable: label.unavailable,
        memory: label.memory,
        countsStart: label.countsStart, stops: label.stops, meals: label.meals,
        label: labels.count)
      let slot = label.vertex * days + label.day
      let kept = counts.withUnsafeBufferPointer { counts in
        let context = context(counts)
        guard !front[slot].dominates(entry, in: context) else { return false }
        front[slot].add(entry, in: context) { alive[$0] = false }
        return true
      }
      guard kept else {
        // Its counts, the last ones appended, are not needed.
        if tracksCounts { counts.removeLast(stride) }
        return true
      }
      guard labels.count < maxLabels else { return false }
      queue.push(key(label.day, label.time), labels.count)
      labels.append(label)
      alive.append(true)
      return true
    }

    /// The memory at `w` after `v`, with the neighbours out of reach on the
    /// last day; `nil` when the route may not go back to `w`.
    func nextMemory(_ label: Label, to w: Int, leaving time: Double) -> UInt32? {
      let leaving = label.day == lastDay ? Int(time.rounded(.down)) : Int.min
      return neighbourhoods.memory(after: label.memory, from: label.vertex, to: w, leaving: leaving)
    }

    /// Whether a trip that goes home for the night after `label`, worth
    /// `home` then, may still beat the best known.
    func nightMayPay(_ label: Label, home: Double) -> Bool {
      let day = label.day + 1
      let need = threshold + epsilon - home - instance.mealsLeft(day: day, meals: 0, leaving: 0)
      return bound.completion(day: day, at: 0, leaving: 0, after: 0) > need
        && bound.exceeds(
          need, day: day, leaving: 0,
          out: PlaceSet(unavailable: label.unavailable, criticalIndex: critical.index))
    }

    /// `set` with the critical places out of reach from `w` at `time` on `day`.
    func outOfReach(_ set: CriticalSet, from w: Int, at time: Double, day: Int) -> CriticalSet {
      day == lastDay ? unreachable(from: w, at: time, adding: set) : set
    }

    let stride = 2 * instance.categoryCount
    counts = tracksCounts ? Array(repeating: 0, count: stride) : []
    guard
      add(
        Label(
          vertex: 0, day: 0, time: 0, value: 0,
          unavailable: outOfReach(CriticalSet(), from: 0, at: 0, day: 0), memory: 1,
          countsStart: 0, stops: 0, meals: 0, parent: -1))
    else { return .stopped }
    var popped = 0
    while let (_, index) = queue.pop() {
      guard alive[index] else { continue }
      popped += 1
      // A pop may extend to every place, each checked against its front: often.
      if popped & 7 == 0, deadline.hasPassed { return .stopped }
      let label = labels[index]
      let v = label.vertex
      counts.withUnsafeBufferPointer { counts in
        front[v * days + label.day].settle(
          index, score: label.value, in: context(counts))
      }
      let home = label.value - instance.distanceWeight * instance.km(v, 0)
      if v != 0, home > bestRelaxedValue {
        bestRelaxedValue = home
        bestRelaxed = index
        if home > bestValue + epsilon { improve(trip: routes(ending: index)) }
      }
      // Home for the night, and on to the next day.
      if label.day + 1 < days, nightMayPay(label, home: home) {
        var night = label
        night.vertex = 0
        night.day += 1
        night.time = 0
        night.value = home
        night.stops = 0
        night.meals = 0
        night.unavailable = outOfReach(label.unavailable, from: 0, at: 0, day: night.day)
        if tracksCounts {
          // The trip's counts go on; the new day's start at none.
          night.countsStart = counts.count
          for index in label.countsStart..<label.countsStart + instance.categoryCount {
            counts.append(counts[index])
          }
          counts.append(contentsOf: repeatElement(0, count: instance.categoryCount))
        }
        if v != 0 {
          // The way home is never barred: the origin is in no neighbourhood.
          var morning = label
          morning.day = night.day
          if let memory = nextMemory(morning, to: 0, leaving: 0) { night.memory = memory }
        }
        night.parent = index
        guard add(night) else { return .stopped }
      }
      let onward = label.stops < instance.maxStops[label.day] ? successors[label.day] : []
      let latestBegins = successors.latestBegins[label.day]
      for next in onward {
        guard label.time <= next.last else { break }
        let w = next.vertex
        guard w != v, label.time + instance.travel(v, w) <= latestBegins[w] else { continue }
        let bit = critical.index[w]
        if bit >= 0, label.unavailable.contains(bit) { continue }
        let category = instance.categories[w]
        let earlier = count(label, category)
        if earlier >= limit || earlier == Int(UInt8.max) { continue }
        if dayCount(label, category) >= instance.maxPerDay { continue }
        guard
          let visit = instance.visit(
            w, from: v, leaving: label.time, day: label.day, meals: label.meals),
          visit.leave + instance.travel(w, 0) <= instance.horizons[label.day]
        else { continue }
        let meals = instance.meals(
          visit.meal >= 0 ? label.meals | 1 << visit.meal : label.meals, day: label.day,
          after: visit.leave)
        let mealsLeft = instance.mealsLeft(day: label.day, meals: meals, leaving: visit.leave)
        let value =
          label.value + visit.gain - instance.varietyPenalty * Double(dayCount(label, category))
        let need = threshold + epsilon - value - mealsLeft
        // The completion bound first: it is one look, and prunes most.
        guard bound.completion(day: label.day, at: w, leaving: visit.leave, after: v) > need
        else { continue }
        var unavailable = label.unavailable
        if bit >= 0 { unavailable.insert(bit) }
        unavailable = outOfReach(unavailable, from: w, at: visit.leave, day: label.day)
        let out = PlaceSet(unavailable: unavailable, criticalIndex: critical.index)
        guard
          bound.exceeds(need, day: label.day, leaving: visit.leave, out: out),
          let memory = nextMemory(label, to: w, leaving: visit.leave),
          // The bound again, now that what the label may not visit is known.
          bound.completion(
            day: label.day, at: w, leaving: visit.leave,
            avoiding: { u in
              u == v || neighbourhoods.remembers(u, at: w, in: memory) || out.contains(u)
            }) > need
        else { continue }
        var countsStart = 0
        if tracksCounts {
          countsStart = counts.count
          // Element by element: appending a slice of itself would copy the whole array.
          for index in label.countsStart..<label.countsStart + stride {
            counts.append(counts[index])
          }
          counts[countsStart + category] += 1
          counts[countsStart + instance.categoryCount + category] += 1
          let categoryBound = bound.value(
            day: label.day, out: out, counts: counts[countsStart..<countsStart + stride])
          guard categoryBound > need else {
            counts.removeLast(stride)
            continue
          }
        }
        let next = Label(
          vertex: w, day: label.day, time: visit.leave, value: value, unavailable: unavailable,
          memory: memory, countsStart: countsStart, stops: label.stops + 1, meals: meals,
          parent: index)
        guard add(next) else { return .stopped }
      }
    }
    guard bestRelaxed >= 0, bestRelaxedValue > threshold + epsilon else { return .noBetter }
    return .relaxed(routes(ending: bestRelaxed))
  }
}
