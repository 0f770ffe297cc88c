import Synchronization

/// What the orienteering heuristic's searches running side by side share:
/// the best trip any of them has found, whether one has reached its target
/// (then all stop), and their iterations in all.
///
/// Each search offers every better trip it finds and looks at the shared
/// one now and then (`OrienteeringHeuristic`), so the searches work on one
/// another's finds rather than only racing.
final class OrienteeringSharedBest: Sendable {
  struct Trip: Sendable {
    var routes: [[Int]]
    var score: Double
    /// Seconds from the start of the searches to the trip.
    var seconds: Double
  }

  private struct State {
    var best: Trip
    var stopped = false
    var iterations = 0
  }

  private let state: Mutex<State>

  init(_ trip: Trip) { state = Mutex(State(best: trip)) }

  /// The best trip offered, or the first one.
  var best: Trip { state.withLock { $0.best } }

  /// Whether a search has asked all of them to stop.
  var isStopped: Bool { state.withLock { $0.stopped } }

  /// The iterations every search has reported.
  var iterations: Int { state.withLock { $0.iterations } }

  /// Keeps `trip` when it scores more than the best by more than `epsilon`.
  func offer(_ trip: Trip, epsilon: Double) {
    state.withLock { if trip.score > $0.best.score + epsilon { $0.best = trip } }
  }

  /// The best trip, when it scores more than `score` by more than `epsilon`.
  func better(than score: Double, epsilon: Double) -> Trip? {
    state.withLock { $0.best.score > score + epsilon ? $0.best : nil }
  }

  /// Asks every search to stop.
  func stop() { state.withLock { $0.stopped = true } }

  /// Adds a finished search's iterations.
  func report(iterations: Int) { state.withLock { $0.iterations += iterations } }
}
