import ItineraryPlanning

/// What the server's limits bound in a request: its solver's seconds and
/// megabytes, and its cross-check's seconds when it asks for one.
protocol LimitedRequest {
  var timeLimit: Double? { get set }
  var memoryLimit: Double? { get set }
  var verifyTimeLimit: Double? { get set }
  /// Whether the request asks for the GLPK cross-check.
  var verifies: Bool { get }
}

/// The one policy every planning route applies: no solver and no
/// cross-check longer than the server's deadline, no solver holding more
/// than the default memory.
struct RequestLimits: Sendable {
  /// The most seconds a request's solver and cross-check may take.
  var deadline: Double

  /// `request` within the limits; `defaultTime` is its kind's time limit.
  func apply<Request: LimitedRequest>(to request: Request, defaultTime: Double) -> Request {
    var limited = request
    limited.timeLimit = capped(request.timeLimit, defaultTime)
    limited.memoryLimit = request.memoryLimit.map { min($0, Defaults.memoryLimit) }
    if request.verifies {
      limited.verifyTimeLimit = capped(request.verifyTimeLimit, Defaults.verifyTimeLimit)
    }
    return limited
  }

  /// A time limit no longer than the deadline; an absent one stays absent
  /// when its default fits, so the response echoes the request as sent.
  private func capped(_ seconds: Double?, _ byDefault: Double) -> Double? {
    guard let seconds else { return deadline < byDefault ? deadline : nil }
    return min(seconds, deadline)
  }
}

extension PlanRequest: LimitedRequest {
  var verifies: Bool { verify == true }
}

extension SolveSettings: LimitedRequest {
  var verifies: Bool { verify == true }
}

extension BenchmarkRequest: LimitedRequest {
  /// GLPK does not model the benchmark files.
  var verifyTimeLimit: Double? {
    get { nil }
    set {}
  }
  var verifies: Bool { false }
}
