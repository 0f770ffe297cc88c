import ItineraryCore

/// The time of an ordered plan in its integer program, exactly as the
/// timeline defines it.
///
/// Columns: `b[i]`, when the visit at stop `i` begins, and `w[i] >= 0`, the
/// wait before it (minutes from the start, continuous), and `z[i][p][m]`,
/// binary: place `p` fills stop `i` inside its open interval `m` (only the
/// intervals long enough for the dwell).
///
/// Rows:
/// - arrival plus wait: `b[0] = w[0] + sum_p t(origin, p) x[0][p]` and
///   `b[i] = w[i] + b[i-1] + sum_p dwell(i-1, p) x[i-1][p] + sum t(p, q) y[i-1][p][q]`;
/// - one interval for the place chosen: `sum_m z[i][p][m] = x[i][p]`;
/// - the visit inside it: `b[i] >= sum open(m) z[i][p][m]` and
///   `b[i] + sum_p dwell(i, p) x[i][p] <= sum close(m) z[i][p][m]`
///   (exactly one `z` of a stop is 1, so both are linear);
/// - over by the horizon, the way back included on a round trip.
///
/// The objective loses `waitWeight` per minute of `w`. A begin later than
/// the earliest never helps (the visits after it can only begin later and
/// wait as long in all), so the optimum is the timeline's.
///
/// - Complexity: O(sum n_i * m) more columns and nonzeros for m open
///   intervals a place, plus one term per leg variable.
enum OrderedTimeRows {
  /// A leg variable `y[stop][from][to]`.
  struct Leg {
    var stop: Int
    var from: Int
    var to: Int
    var column: Int32
  }

  static func rows(
    _ timing: Timing, layers: [[Int]], stopColumn: [[Int: Int32]], legs: [Leg],
    program: GLPKProblem
  ) -> [GLPKProblem.Row] {
    let horizon = timing.horizon
    let k = layers.count
    let begin = program.addContinuousColumns(
      objective: Array(repeating: 0, count: k), bounds: 0...horizon)
    let wait = program.addContinuousColumns(
      objective: Array(repeating: -timing.frame.waitWeight, count: k),
      bounds: 0...min(horizon, timing.frame.maxWaitMinutes ?? horizon))
    func dwell(_ i: Int, _ place: Int) -> Double {
      timing.dwell(Plan.Stop(category: i, place: place))
    }
    var rows: [GLPKProblem.Row] = []
    // Arrival plus wait, as `b[i] - w[i] - arrival = 0`.
    var arrival: [GLPKProblem.Row] = (0..<k).map { i in
      GLPKProblem.Row(terms: [(begin + Int32(i), 1), (wait + Int32(i), -1)], bound: .fixed(0))
    }
    for place in layers[0] {
      guard let column = stopColumn[0][place] else { continue }
      let minutes = timing.travelMinutes(from: .origin, to: .place(place))
      if minutes.isFinite { arrival[0].terms.append((column, -minutes)) }
    }
    for i in 1..<max(k, 1) {
      arrival[i].terms.append((begin + Int32(i - 1), -1))
      for place in layers[i - 1] {
        if let column = stopColumn[i - 1][place] {
          arrival[i].terms.append((column, -dwell(i - 1, place)))
        }
      }
    }
    for leg in legs {
      let minutes = timing.travelMinutes(from: .place(leg.from), to: .place(leg.to))
      arrival[leg.stop + 1].terms.append((leg.column, -(minutes.isFinite ? minutes : horizon)))
    }
    rows += arrival
    for (i, layer) in layers.enumerated() {
      var opens = GLPKProblem.Row(terms: [(begin + Int32(i), 1)], bound: .lower(0))
      var closes = GLPKProblem.Row(terms: [(begin + Int32(i), 1)], bound: .upper(0))
      for place in layer {
        guard let column = stopColumn[i][place] else { continue }
        let stay = dwell(i, place)
        closes.terms.append((column, stay))
        let intervals = timing.windows(of: place).intervals.filter { $0.end - $0.begin >= stay }
        let first = program.addBinaryColumns(objective: Array(repeating: 0, count: intervals.count))
        var choice = GLPKProblem.Row(terms: [(column, -1)], bound: .fixed(0))
        for (offset, interval) in intervals.enumerated() {
          let z = first + Int32(offset)
          choice.terms.append((z, 1))
          opens.terms.append((z, -interval.begin))
          closes.terms.append((z, -interval.end))
        }
        rows.append(choice)
      }
      rows += [opens, closes]
    }
    if let last = layers.indices.last {
      var over = GLPKProblem.Row(terms: [(begin + Int32(last), 1)], bound: .upper(horizon))
      for place in layers[last] {
        guard let column = stopColumn[last][place] else { continue }
        let back =
          timing.problem.roundTrip ? timing.travelMinutes(from: .place(place), to: .origin) : 0
        over.terms.append((column, dwell(last, place) + (back.isFinite ? back : horizon)))
      }
      rows.append(over)
    }
    return rows
  }
}
