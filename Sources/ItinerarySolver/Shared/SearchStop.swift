import ItineraryCore

/// How many partial plans a best-first search expands between two readings
/// of its deadline.
let deadlineInterval = 1024

/// Why a search stopped before it ran out of plans.
enum SearchStop: Sendable, Equatable {
  /// Its deadline passed or it was cancelled.
  case deadline
  /// It held as many partial plans as its memory budget allows.
  case memory
  /// It expanded as many partial plans as it was allowed to.
  case expansions

  /// The reason a solution gives.
  var reason: String {
    switch self {
    case .deadline: Solution.stoppedReason
    case .memory: Solution.memoryReason
    case .expansions: Solution.stoppedReason
    }
  }
}
