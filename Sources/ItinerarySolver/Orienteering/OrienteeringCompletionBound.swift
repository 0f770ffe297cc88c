import ItineraryCore

/// An upper bound on the score one route can still collect, from any vertex
/// and departure time: the best walk back to the depot when vertices may
/// repeat (the relaxation of "each vertex once") but never straight back
/// to the one before (`CompletionCell`), computed by a dynamic program
/// over time.
///
/// When the table would be large or slow to fill, time is counted in
/// coarser steps of `step` units, every duration rounded down:
/// each walk only gets earlier, so the value stays an upper bound. A visit
/// that takes no step at all is bounded by every score there is.
///
/// - Complexity: O(n^2 * T / step) time and O(n * T / step) memory for n
///   vertices and a day of T units.
struct OrienteeringCompletionBound {
  let step: Int
  private let slots: Int
  /// `cells[v * slots + slot]`.
  private let cells: [CompletionCell]

  /// The bound for `day`, with at most `maxCells` cells (n times the slots)
  /// and `maxWork` steps to fill them (n^2 times the slots).
  ///
  /// When `deadline` passes during the filling, the earlier slots are left
  /// at the whole score (still an upper bound, a useless one); the search
  /// that asked for it stops at the same deadline anyway.
  init(
    _ instance: OrienteeringInstance, day: OrienteeringDay, maxCells: Int = 1 << 23,
    maxWork: Int, deadline: Deadline? = nil
  ) {
    let n = instance.vertexCount
    let horizon = day.end + 1
    step = max(
      1, (n * horizon + maxCells - 1) / maxCells, (n * n * horizon + maxWork - 1) / maxWork)
    let everything = instance.scores.dropFirst().reduce(0) { $0 + max($1, 0) }
    let slots = horizon / step + 1
    self.slots = slots
    let q = step
    let end = day.end / q
    // Times in slots, worked out once: no division in the loop below.
    let opens = instance.opens.map { $0 / q }
    let durations = instance.durations.map { $0 / q }
    let homes = (0..<n).map { instance.travel($0, 0) / q }
    let successors = OrienteeringSuccessors(instance, step: q)
    var cells = Array(repeating: CompletionCell(atMost: -.infinity), count: n * slots)
    // Backwards over departure slots: from `v` leaving at `t`, go home or on to `w`.
    for t in stride(from: slots - 1, through: 0, by: -1) {
      if let deadline, deadline.hasPassed {
        for v in 0..<n {
          for slot in 0...t { cells[v * slots + slot] = CompletionCell(atMost: everything) }
        }
        break
      }
      for v in 0..<n {
        var choice = CompletionCell.Choice(home: t + homes[v] <= end ? 0 : -.infinity)
        for next in successors[v] {
          guard next.last >= t else { break }
          let w = next.vertex
          let leave = max(t + next.way, opens[w]) + durations[w]
          guard leave < slots else { continue }
          let rest = leave == t ? everything : cells[w * slots + leave].value(after: v)
          choice.offer(instance.scores[w] + rest, through: w)
        }
        cells[v * slots + t] = choice.cell
      }
    }
    self.cells = cells
  }

  /// The most score a route at `vertex`, leaving it at `time`, can still
  /// collect on its way home, without going straight back to `previous`;
  /// minus infinity when it cannot get home.
  @inline(__always)
  func value(at vertex: Int, leaving time: Int, after previous: Int) -> Double {
    value(at: vertex, leaving: time, avoiding: { $0 == previous })
  }

  /// The most score a route at `vertex`, leaving it at `time`, can still
  /// collect on its way home when it may not go on to a vertex `barred`
  /// says it may not; minus infinity when it cannot get home.
  @inline(__always)
  func value(at vertex: Int, leaving time: Int, avoiding barred: (Int) -> Bool) -> Double {
    let slot = time / step
    return slot < slots ? cells[vertex * slots + slot].value(avoiding: barred) : -.infinity
  }
}
