import ItineraryCore

/// The places of each day of a trip, latest first: ordered by the last
/// time a route may leave any other vertex and still begin the place's
/// visit that day and get home by the day's end, so that a scan from a
/// vertex at some time stops at the first place too late to reach from
/// anywhere, and skips those too late to reach from that vertex.
///
/// - Complexity: O(d * n^2) time (each place's nearest way in) and O(d * n)
///   memory for n vertices and d days.
struct DaySuccessors {
  struct Successor {
    /// The last minute a route may leave any vertex and still visit this
    /// place that day.
    var last: Double
    var vertex: Int
  }

  /// `latestBegins[day][w]`: the latest begin of a visit to `w` on `day`
  /// from which the route still gets home by the day's end (minus infinity:
  /// none).
  let latestBegins: [[Double]]
  /// `onlyOpenings[day][w]`: when `w` has one open interval that day, its
  /// beginning (a visit reached by its latest begin begins at the later of
  /// it and the arrival, and fits); not a number when it has several.
  let onlyOpenings: [[Double]]
  /// `orders[day]`: the places, latest first.
  private let orders: [[Successor]]

  init(_ instance: TripInstance) {
    let n = instance.vertexCount
    let nearestWayIn = (0..<n).map { w in
      (0..<n).lazy.filter { $0 != w }.map { instance.travel($0, w) }.min() ?? 0
    }
    latestBegins = (0..<instance.dayCount).map { day in
      (0..<n).map { w in
        let dwell = instance.dwell[w]
        let latest = instance.windows[day][w].intervals
          .filter { $0.end - $0.begin >= dwell }.map { $0.end - dwell }.max()
        return min(latest ?? -.infinity, instance.horizons[day] - dwell - instance.travel(w, 0))
      }
    }
    onlyOpenings = instance.windows.map { windows in
      windows.map { $0.intervals.count == 1 ? $0.intervals[0].begin : .nan }
    }
    orders = latestBegins.map { latest in
      (1..<max(n, 1)).map { Successor(last: latest[$0] - nearestWayIn[$0], vertex: $0) }
        .filter(\.last.isFinite).sorted { $0.last > $1.last }
    }
  }

  /// The places of `day` a route may still reach, latest first: a scan
  /// stops at the first whose `last` is before the time it leaves, and
  /// skips those its own way there makes too late (`latestBegins`).
  @inline(__always)
  subscript(day: Int) -> [Successor] { orders[day] }
}
