import ItineraryCore

/// An instance to solve (`solve FILE`, a batch line's `instance`) with the
/// settings that override the file's.
public struct SolveRequest: Sendable {
  public var instance: Problem
  public var settings: SolveSettings

  public init(instance: Problem, settings: SolveSettings = SolveSettings()) {
    self.instance = instance
    self.settings = settings
  }
}

/// What may override an instance, and what it is called in messages: the
/// keys are the flags of `solve` in camelCase, as for plan requests.
public struct SolveSettings: Codable, Sendable, Equatable {
  /// Where the instance came from (a path, `-`), for what a response says.
  public var source: String?
  public var top: Int?
  /// Diverse alternatives instead of the K best (the default of `solve`).
  public var diverse: Bool?
  public var exact: Bool?
  public var anyOrder: Bool?
  public var roundTrip: Bool?
  public var distanceWeight: Double?
  public var verify: Bool?
  public var verifyTimeLimit: Double?
  public var timeLimit: Double?
  public var seed: Int?
  /// Megabytes the solver may hold.
  public var memoryLimit: Double?
  /// Overrides of the instance's time keys (`start` and `end` as local
  /// times `YYYY-MM-DD HH:MM`, `end` also `HH:MM` on the start's day).
  public var start: String?
  public var end: String?
  public var tz: String?
  /// Minutes at a stop by category, over the instance's `dwellMinutes`.
  public var dwell: [String: Double]?
  public var waitWeight: Double?
  public var unknownHours: UnknownHours?
  /// Solve timelessly, whatever times the instance holds.
  public var anytime: Bool?

  public init() {}

  /// The keys besides `instance` an instance request may hold.
  public static let keys = [
    "top", "diverse", "exact", "anyOrder", "roundTrip", "distanceWeight", "verify",
    "verifyTimeLimit", "timeLimit", "seed", "start", "end", "tz", "dwell", "waitWeight",
    "unknownHours", "anytime", "memoryLimit",
  ]

  /// Checks every value against its range, naming keys as the front end does.
  public func validate(naming name: (String) -> String = { $0 }) throws(ItineraryError) {
    func fail(_ key: String, _ message: String) -> ItineraryError {
      ItineraryError(.usage, "\(name(key)) \(message)")
    }
    if exact == true && diverse == true {
      throw ItineraryError(.usage, "\(name("exact")) and \(name("diverse")) exclude each other")
    }
    try Range.check(top, 1...Defaults.maxTop, "top", fail)
    try Range.check(seed, 0...Int.max, "seed", fail)
    try Range.check(distanceWeight, 0...Problem.maximumMagnitude, "distanceWeight", fail)
    try Range.positive(timeLimit, atMost: Defaults.maxSeconds, "timeLimit", fail)
    try Range.positive(verifyTimeLimit, atMost: Defaults.maxSeconds, "verifyTimeLimit", fail)
    try Range.positive(memoryLimit, atMost: Defaults.maxMemoryLimit, "memoryLimit", fail)
    // A start the clock cannot read is a bad flag or key (usage), caught
    // here rather than later as bad data in the instance.
    if let start {
      do throws(ItineraryError) {
        _ = try LocalDateTime(parsing: start)
      } catch {
        throw fail("start", "must be a local date and time, YYYY-MM-DDTHH:MM, got \"\(start)\"")
      }
    }
    let timedKeys = [
      ("start", start != nil), ("end", end != nil), ("tz", tz != nil),
      ("waitWeight", waitWeight != nil), ("dwell", dwell != nil),
      ("unknownHours", unknownHours != nil),
    ].filter(\.1).map(\.0)
    try TimeStep.validate(
      dwell: dwell, waitWeight: waitWeight, anytime: anytime, timedKeys: timedKeys, name: name)
  }
}
