import ItineraryCore
import ItinerarySolver

extension ShapeStep {
  /// The places a trip must visit (`must`), among its candidates: a place
  /// that is no candidate joins them, with a category only it fills when
  /// none of its own is the trip's (`PinnedLayer`).
  ///
  /// - Parameters:
  ///   - places: the trip's candidates, avoided places out; gains the must
  ///     places that were not among them.
  ///   - categories: the trip's categories; gains the must places' own ones.
  /// - Returns: the must places' indices into `places`.
  /// - Throws: `.usage` for a word naming several places or none, or a
  ///   place both a must and avoided.
  /// - Complexity: that of `PlaceName.resolve` for each word, plus O(n) for
  ///   n candidates.
  static func must(
    _ words: [String]?, in city: [Place], avoided: Set<String>, places: inout [Place],
    categories: inout [String]
  ) throws(ItineraryError) -> [Int] {
    var indices: [Int] = []
    for word in words ?? [] {
      let place = try PlaceName.resolve(word, role: "must", in: city)
      if avoided.contains(place.id) {
        throw ItineraryError(.usage, "\(place.name) (\(place.id)) is both a must and avoided")
      }
      if let index = places.firstIndex(where: { $0.id == place.id }) {
        if !indices.contains(index) { indices.append(index) }
        continue
      }
      var added = place
      if !place.categories.contains(where: categories.contains) {
        let layer = PinnedLayer.name(of: place)
        added.categories.append(layer)
        categories.append(layer)
      }
      indices.append(places.count)
      places.append(added)
    }
    return indices
  }

  /// The must places of `problem` a trip leaves out, named for a message.
  static func missing(_ must: [Int], from trip: TripSolver.Result, in problem: Problem)
    -> [String]
  {
    let visited = Set(trip.days.joined().map(\.place))
    return must.filter { !visited.contains($0) }.map {
      "\(problem.places[$0].name) (\(problem.places[$0].id))"
    }
  }
}
