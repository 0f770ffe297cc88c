import ItineraryCore

/// One of the field's benchmark files to solve, with the settings that mean
/// something for one: the text of a GTSPLIB file (`{"gtsplib": "NAME: ..."}`)
/// or of an OPTW / TOPTW file (`{"optw": "...", "name": "c101.txt",
/// "routes": 2}`), as `gtsp FILE` and `optw FILE` read them.
///
/// Its answer comes when the time limit is spent or the tour is proven
/// optimal, so with a time limit the same request may find a better answer
/// on a quieter machine.
public struct BenchmarkRequest: Sendable, Equatable {
  public enum Format: String, Sendable, CaseIterable {
    case gtsplib
    case optw
  }

  public var format: Format
  /// The file's text.
  public var text: String
  /// The file's name: messages name it, and the OPTW time unit follows it
  /// (`pr` files in hundredths, the others in tenths).
  public var name: String
  /// The settings of the run, as for instances.
  public var routes: Int?
  /// Searches side by side (OPTW); absent: one.
  public var threads: Int?
  public var timeLimit: Double?
  public var seed: Int?
  /// Megabytes the solver may hold; a file that needs more is refused.
  public var memoryLimit: Double?

  /// The keys of a benchmark request besides the format's, which holds the text.
  public static let keys = ["name", "routes", "threads", "timeLimit", "seed", "memoryLimit"]
  /// The most routes a trip may have.
  public static let maxRoutes = 100
  /// The most searches side by side.
  public static let maxThreads = 256

  public init(format: Format, text: String, name: String) {
    self.format = format
    self.text = text
    self.name = name
  }

  /// Checks every value against its range, naming keys as the front end does.
  public func validate(naming name: (String) -> String = { $0 }) throws(ItineraryError) {
    func fail(_ key: String, _ message: String) -> ItineraryError {
      ItineraryError(.usage, "\(name(key)) \(message)")
    }
    if format == .gtsplib {
      for (key, given) in [("routes", routes != nil), ("threads", threads != nil)] where given {
        throw ItineraryError(.usage, "\(name(key)) applies to OPTW files")
      }
    }
    try Range.check(routes, 1...Self.maxRoutes, "routes", fail)
    try Range.check(threads, 1...Self.maxThreads, "threads", fail)
    try Range.check(seed, 0...Int.max, "seed", fail)
    try Range.positive(timeLimit, atMost: Defaults.maxSeconds, "timeLimit", fail)
    try Range.positive(memoryLimit, atMost: Defaults.maxMemoryLimit, "memoryLimit", fail)
  }

  /// The solver options of the run, stopped early by `cancellation`.
  public func options(cancellation: Cancellation?) -> SolveOptions {
    var options = SolveOptions(
      timeLimit: timeLimit, seed: seed, memoryLimit: memoryLimit, cancellation: cancellation)
    options.threads = threads ?? 1
    return options
  }
}
