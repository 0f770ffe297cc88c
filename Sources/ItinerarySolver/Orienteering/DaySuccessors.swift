import ItineraryCore

/// Each vertex's successors on each day of a trip, latest first: ordered by
/// the last time one may leave the vertex and still begin the successor's
/// visit that day and get home by the day's end, so that a scan from a
/// vertex at some time stops at the first successor too late to reach.
///
/// - Complexity: O(d * n^2 log n) time and O(d * n^2) memory for n vertices
///   and d days.
struct DaySuccessors {
  struct Successor {
    var vertex: Int
    /// The last minute one may leave the vertex and still visit this
    /// successor that day.
    var last: Double
    /// Minutes from the vertex.
    var way: Double
    /// Minutes of its visit.
    var dwell: Double
    /// Its score less the price of the kilometres from the vertex.
    var worth: Double
    /// When the successor has one open interval that day, its beginning: a
    /// visit reached by `last` begins at the later of it and the arrival,
    /// and fits. Not a number when it has several.
    var onlyOpening: Double
  }

  /// `latestBegins[day][w]`: the latest begin of a visit to `w` on `day`
  /// from which the route still gets home by the day's end (minus infinity:
  /// none).
  let latestBegins: [[Double]]
  private let successors: [Successor]
  private let vertexCount: Int

  init(_ instance: TripInstance) {
    let n = instance.vertexCount
    vertexCount = n
    latestBegins = (0..<instance.dayCount).map { day in
      (0..<n).map { w in
        let dwell = instance.dwell[w]
        let latest = instance.windows[day][w].intervals
          .filter { $0.end - $0.begin >= dwell }.map { $0.end - dwell }.max()
        return min(latest ?? -.infinity, instance.horizons[day] - dwell - instance.travel(w, 0))
      }
    }
    var successors: [Successor] = []
    successors.reserveCapacity(instance.dayCount * n * n)
    for (day, latest) in latestBegins.enumerated() {
      let openings = (0..<n).map { w in
        let intervals = instance.windows[day][w].intervals
        return intervals.count == 1 ? intervals[0].begin : .nan
      }
      for v in 0..<n {
        let row = (1..<n).map { w in
          let way = instance.travel(v, w)
          return Successor(
            vertex: w, last: w == v ? -.infinity : latest[w] - way, way: way,
            dwell: instance.dwell[w],
            worth: instance.scores[w] - instance.distanceWeight * instance.km(v, w),
            onlyOpening: openings[w])
        }
        successors += row.sorted { $0.last > $1.last }
        successors.append(
          Successor(vertex: v, last: -.infinity, way: 0, dwell: 0, worth: 0, onlyOpening: .nan))
      }
    }
    self.successors = successors
  }

  /// The successors of `vertex` on `day`, latest first; a successor whose
  /// `last` is minus infinity (the vertex itself among them) is never
  /// reached.
  @inline(__always)
  subscript(day: Int, vertex: Int) -> ArraySlice<Successor> {
    let start = (day * vertexCount + vertex) * vertexCount
    return successors[start..<start + vertexCount]
  }
}
