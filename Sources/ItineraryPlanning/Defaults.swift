import ItineraryCore

/// The documented defaults of requests, named once.
public enum Defaults {
  /// Plans shown.
  public static let top = 3
  /// The most plans one request may ask for: more is never what a person
  /// reads, and bounds the search.
  public static let maxTop = 1000
  /// Places a live provider is asked for per category.
  public static let perCategory = 50
  /// The most places a live provider may be asked for per category.
  public static let maxPerCategory = 240
  /// Seconds the solver may take.
  public static let timeLimit = 10.0
  /// Seconds `explore` may take choosing a trip: a safety net, since the
  /// search is bounded by its work (`TripSolver`) and ends well before on a
  /// city's days; when it passes, the answer says so (`work.deadline`).
  public static let tripTimeLimit = 10.0
  /// Seconds GLPK may take for `verify`.
  public static let verifyTimeLimit = 60.0
  /// Megabytes the solver may hold for its tables and searches; past it,
  /// the best found.
  public static let memoryLimit = Double(SolveOptions.defaultMemoryBudget >> 20)
  /// The most megabytes a request may give the solver: a terabyte.
  public static let maxMemoryLimit = 1_048_576.0
  /// The longest any time limit may be: a day.
  public static let maxSeconds = 86_400.0
  /// The largest radius that means anything on the Earth, in kilometres.
  public static let maxRadiusKm = 20_050.0
  /// The slowest travel speed accepted, in km/h, and the fastest: those
  /// of instance files.
  public static let speedKmh = TimeFrame.speedRangeKmh

  /// The longest single wait at a closed door a request allows, in minutes.
  public static let maxWaitMinutes = 45.0
  /// Score points a request loses per minute of waiting: half what a
  /// minute of walking costs at the walking distance weight (0.5 points a
  /// km at 4.8 km/h is 0.04 points a minute), so a shorter walk is worth a
  /// little waiting, and a plan with no waiting wins a tie.
  public static let waitWeight = 0.02
  /// A request with no end ends at the local midnight after its start, or
  /// this many hours after a start later than `lateStartHour`.
  public static let lateStartHours = 4.0
  public static let lateStartHour = 20

  /// How far from the start candidates are looked for, by default.
  public static func radiusKm(_ mode: TravelMode) -> Double {
    switch mode {
    case .walk: 3
    case .bike: 10
    case .drive: 25
    }
  }
}
