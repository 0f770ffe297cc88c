import ItineraryCore

/// An upper bound on what a trip can still gain from any vertex, day and
/// departure time: the best walk home that day, places allowed to repeat
/// (the relaxation of "each place once") but never straight back to the
/// one before (`CompletionCell`), each visit within its opening hours,
/// scores less the price of the kilometres, then the best such walk of
/// every later day. Waiting is left free, which only adds.
///
/// Time is counted in steps of `step` minutes: a departure is taken at the
/// start of its step, so every walk only gets earlier and the value stays an
/// upper bound (a walk that fits leaving later fits leaving sooner, waiting
/// where it must). A visit and leg shorter than one step are bounded by every
/// score there is.
///
/// - Complexity: O(n^2 * T / step * log m) time and O(n * T / step) memory
///   for n vertices, days of T minutes in all and m open intervals a place
///   (each scan stops at the first successor too late to reach).
struct TripCompletionBound {
  let step: Double
  /// Where each day's table starts in `cells`, and its slots.
  private let offsets: [Int]
  private let slots: [Int]
  /// `cells[offsets[day] + v * slots[day] + slot]`.
  private let cells: [CompletionCell]
  /// The most every day after each can gain, from the origin at its start.
  private let later: [Double]

  /// The most cells a bound keeps by default: 96 MiB.
  static let maxCells = 1 << 23

  /// The bound of every day, in at most about `maxCells` cells, filled in
  /// at most about `maxWork` steps.
  ///
  /// When `deadline` passes during the filling, the slots left are set to
  /// every score there is (an upper bound, a useless one); the search that
  /// asked for it stops at the same deadline anyway.
  init(
    _ instance: TripInstance, successors: DaySuccessors, maxWork: Int = TripLabelling.boundWork,
    maxCells: Int = maxCells, deadline: Deadline? = nil
  ) {
    let n = instance.vertexCount
    let minutes = instance.horizons.reduce(0, +)
    let step = max(
      1, Double(n * n) * minutes / Double(maxWork), Double(n) * minutes / Double(maxCells))
    let everything = instance.scores.reduce(0) { $0 + max($1, 0) }
    let slots = instance.horizons.map { Int($0 / step) + 1 }
    self.step = step
    self.slots = slots
    var offsets: [Int] = []
    var total = 0
    for count in slots {
      offsets.append(total)
      total += n * count
    }
    self.offsets = offsets
    var cells = Array(repeating: CompletionCell(atMost: everything), count: total)
    let weight = instance.distanceWeight
    for day in 0..<instance.dayCount where !(deadline?.hasPassed ?? false) {
      let (base, count, horizon) = (offsets[day], slots[day], instance.horizons[day])
      let onlyOpenings = successors.onlyOpenings[day]
      let latestBegins = successors.latestBegins[day]
      let places = successors[day]
      for slot in stride(from: count - 1, through: 0, by: -1) {
        if let deadline, deadline.hasPassed { break }
        let time = Double(slot) * step
        for v in 0..<n {
          var choice = CompletionCell.Choice(
            home: time + instance.travel(v, 0) <= horizon ? -weight * instance.km(v, 0) : -.infinity
          )
          for next in places {
            guard time <= next.last else { break }
            let w = next.vertex
            let way = instance.travel(v, w)
            guard w != v, time + way <= latestBegins[w] else { continue }
            let dwell = instance.dwell[w]
            let leave: Double
            if onlyOpenings[w].isNaN {
              guard
                let begin = instance.windows[day][w].earliestVisit(
                  arrival: time + way, dwell: dwell),
                begin + dwell + instance.travel(w, 0) <= horizon
              else { continue }
              leave = begin + dwell
            } else {
              leave = max(time + way, onlyOpenings[w]) + dwell
            }
            let slotLeft = Int(leave / step)
            let rest =
              slotLeft > slot ? cells[base + w * count + slotLeft].value(after: v) : everything
            choice.offer(instance.scores[w] - weight * instance.km(v, w) + rest, through: w)
          }
          cells[base + v * count + slot] = choice.cell
        }
      }
    }
    self.cells = cells
    var later = Array(repeating: 0.0, count: instance.dayCount)
    for day in stride(from: instance.dayCount - 2, through: 0, by: -1) {
      later[day] = later[day + 1] + max(0, cells[offsets[day + 1]].value)
    }
    self.later = later
  }

  /// The most a trip at `vertex` on `day`, leaving it at `time`, can still
  /// gain without going straight back to `previous`; minus infinity when it
  /// cannot get home that day.
  @inline(__always)
  func value(day: Int, at vertex: Int, leaving time: Double, after previous: Int) -> Double {
    value(day: day, at: vertex, leaving: time, avoiding: { $0 == previous })
  }

  /// The most a trip at `vertex` on `day`, leaving it at `time`, can still
  /// gain when it may not go on to a vertex `barred` says it may not; minus
  /// infinity when it cannot get home that day.
  @inline(__always)
  func value(day: Int, at vertex: Int, leaving time: Double, avoiding barred: (Int) -> Bool)
    -> Double
  {
    let slot = Int(time / step)
    let count = slots[day]
    guard slot < count else { return -.infinity }
    return cells[offsets[day] + vertex * count + slot].value(avoiding: barred) + later[day]
  }
}
