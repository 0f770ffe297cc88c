import ItineraryCore
import ItineraryPlanning

extension PlanRequest {
  /// The keys `plan` and `explore` share, read from their flags: the start
  /// point and the fetch, how to move, when, how long to solve, and the
  /// cross-check. The words left over are the categories; a clock time among
  /// them after `--start DATE` is the start's time (`--start 2026-12-01 14:00`).
  ///
  /// - Parameter timeLimit: the command's `--time-limit` (their defaults differ).
  init(
    _ arguments: ParsedArguments, words: inout [String], timeLimit: Option
  ) throws(ItineraryError) {
    var start = arguments.string(Options.start)
    if let date = start, date.count == 10, !date.contains(":"),
      let time = words.firstIndex(where: Self.isClockTime)
    {
      start = "\(date) \(words.remove(at: time))"
    }
    self.init(categories: [])
    self.start = start
    end = arguments.string(Options.end)
    tz = arguments.string(Options.tz)
    dwell = try arguments.numbersByKey(Options.dwell)
    waitWeight = try arguments.number(Options.waitWeight)
    maxWaitMinutes = try arguments.number(Options.maxWait)
    unknownHours = try arguments.choice(Options.unknownHours)
    at = try arguments.coordinate(Options.at)
    near = arguments.string(Options.near)
    let avoided = arguments.strings(Options.avoid)
    avoid = avoided.isEmpty ? nil : avoided
    base = arguments.string(Options.base)
    provider = try arguments.choice(Options.provider)
    perCategory = try arguments.integer(Options.perCategory)
    noCache = arguments.flag(Options.noCache)
    refresh = arguments.flag(Options.refresh)
    allowPartial = arguments.flag(Options.allowPartial)
    connectTimeout = try arguments.number(Options.connectTimeout)
    timeout = try arguments.number(Options.timeout)
    mode = try arguments.choice(Options.mode)
    speed = try arguments.number(Options.speed)
    distanceWeight = try arguments.number(Options.distanceWeight)
    radius = try arguments.number(Options.radius)
    try arguments.readSolveLimits(into: &self, timeLimit: timeLimit)
    units = try arguments.choice(Options.units)
    cuisine = arguments.string(Options.cuisine)
    price = try arguments.integer(Options.price)
    photos = arguments.flag(PhotoOptions.photos)
  }

  /// `HH:MM` or `H:MM`: a time of day, never a category.
  static func isClockTime(_ word: String) -> Bool {
    let parts = word.split(separator: ":", omittingEmptySubsequences: false)
    return parts.count == 2 && (1...2).contains(parts[0].count) && parts[1].count == 2
      && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
  }
}
