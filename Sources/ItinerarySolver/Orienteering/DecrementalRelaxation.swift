import ItineraryCore

/// What one search of a labelling over a fixed set of critical vertices
/// found.
enum RelaxedSearchOutcome {
  /// The deadline passed or the labels ran out.
  case stopped
  /// No trip beats the best known one.
  case noBetter
  /// The best relaxed trip, one route a day, better than the best known one.
  case relaxed([[Int]])
}

/// A labelling whose relaxation of "each vertex once" only forbids repeating
/// its critical vertices, searched again and again as they grow
/// (decremental state-space relaxation, Righini and Salani 2009).
protocol RelaxedLabelSearch {
  var critical: CriticalVertices { get set }
  /// The labels the last search made.
  var labelCount: Int { get }
  /// One search over the current critical vertices.
  mutating func run(until deadline: Deadline) -> RelaxedSearchOutcome
  /// Takes `trip` as the best known when it beats it and is a trip.
  mutating func improve(trip: [[Int]])
}

extension RelaxedLabelSearch {
  /// Searches until one proves that no trip beats the best known, or finds a
  /// best relaxed trip that repeats no vertex (then the best, taken as
  /// such); after any other search, the vertices its best relaxed trip
  /// repeats become critical.
  ///
  /// - Returns: whether the best known trip is proven best, the searches
  ///   run and the labels they made.
  /// - Complexity: that of the searches, one more each time at least one
  ///   vertex becomes critical, `CriticalSet.capacity` at most.
  mutating func searchToTheEnd(until deadline: Deadline, vertexCount: Int) -> (
    proven: Bool, searches: Int, labels: Int
  ) {
    var searches = 0
    var labels = 0
    while true {
      searches += 1
      let outcome = run(until: deadline)
      labels += labelCount
      switch outcome {
      case .stopped: return (false, searches, labels)
      case .noBetter: return (true, searches, labels)
      case .relaxed(let trip):
        let repeated = CriticalVertices.repeated(in: trip, vertexCount: vertexCount)
        if repeated.isEmpty {
          improve(trip: trip)
          return (true, searches, labels)
        }
        guard critical.insert(repeated) else { return (false, searches, labels) }
      }
    }
  }
}
