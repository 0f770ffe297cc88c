/// A plan lived through in time: when each stop is reached, when its visit
/// begins and ends, and when the plan is over. Times are minutes from the
/// start.
public struct Timeline: Sendable, Equatable {
  public struct Visit: Sendable, Equatable {
    public var arrive: Double
    /// When the visit begins: the earliest time at or after `arrive` from
    /// which the whole visit fits in one opening interval (with a wait cap,
    /// the time the schedule within the cap gives it).
    public var begin: Double
    public var leave: Double

    public init(arrive: Double, begin: Double, leave: Double) {
      self.arrive = arrive
      self.begin = begin
      self.leave = leave
    }

    /// Minutes spent waiting for the place to open.
    public var wait: Double { begin - arrive }
  }

  /// The visits that fit, in order; fewer than the stops when one does not.
  public var visits: [Visit]
  /// When the last visit ends, or on a round trip when the person is back at
  /// the origin.
  public var finish: Double
  /// Whether every visit fits and the plan is over by the horizon.
  public var isFeasible: Bool

  public var totalWait: Double { visits.reduce(0) { $0 + $1.wait } }

  public init(visits: [Visit], finish: Double, isFeasible: Bool) {
    self.visits = visits
    self.finish = finish
    self.isFeasible = isFeasible
  }
}
