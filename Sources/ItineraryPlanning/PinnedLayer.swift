import ItineraryCore

/// A stop only one place fills: a place named among the stops, or the point
/// a plan ends at (`endAt`). The solvers see a category of one eligible
/// place, so they need nothing new; its name starts with `=`, which no
/// category's does, and a response shows the place's own category.
enum PinnedLayer {
  /// The category of the stop `place` alone fills.
  static func name(of place: Place) -> String { "=" + place.id }

  /// The category of the end point.
  static let finish = "=end"

  /// The category a response shows for a stop of `layer` at `place`: the
  /// place's first own one for a named place, `end` for the end point.
  static func shown(_ layer: String, at place: Place) -> String {
    guard layer.hasPrefix("=") else { return layer }
    if layer == finish { return "end" }
    return place.categories.first { !$0.hasPrefix("=") } ?? layer
  }

  /// How a response names the category `layer` of `problem`: the place's
  /// name for a named place, `end` for the end point.
  ///
  /// - Complexity: O(n) for n places.
  static func label(_ layer: String, in problem: Problem) -> String {
    guard layer.hasPrefix("=") else { return layer }
    if layer == finish { return "end" }
    return problem.places.first { $0.id == layer.dropFirst() }?.name ?? layer
  }

  /// The end point as a place: no score, no minutes there, always open.
  static func finishPlace(at point: Coordinate, name: String) -> Place {
    Place(
      id: "end", name: name, categories: [finish], coordinate: point, score: 0,
      openingHours: "24/7", dwellMinutes: 0)
  }
}
