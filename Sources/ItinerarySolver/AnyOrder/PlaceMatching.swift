/// A different eligible place for every category, when there is one: a
/// perfect matching of categories to places, found by augmenting paths
/// (Kuhn's algorithm).
///
/// Each category first keeps its preferred place unless an earlier one took
/// it, then takes a free place, and only then moves other categories along
/// an augmenting path. When no assignment exists, no plan does: a plan is one.
struct PlaceMatching {
  private let eligible: [[Int]]
  /// The category holding each place, by place.
  private var holder: [Int: Int] = [:]
  private var assigned: [Int?]

  private init(eligible: [[Int]]) {
    self.eligible = eligible
    assigned = Array(repeating: nil, count: eligible.count)
  }

  /// A place for every category, all different, or `nil` when none exists.
  ///
  /// - Parameters:
  ///   - eligible: for each category, the places that may fill it.
  ///   - preferred: for each category, the place to keep if it can, or `nil`.
  /// - Complexity: O(k * E) for k categories and E (category, place) pairs.
  static func assign(eligible: [[Int]], preferred: [Int?]) -> [Int]? {
    var matching = PlaceMatching(eligible: eligible)
    for (category, place) in preferred.enumerated() {
      guard let place, eligible.indices.contains(category), eligible[category].contains(place),
        matching.holder[place] == nil
      else { continue }
      matching.take(place, for: category)
    }
    for category in eligible.indices where matching.assigned[category] == nil {
      if let free = eligible[category].first(where: { matching.holder[$0] == nil }) {
        matching.take(free, for: category)
        continue
      }
      var visited = Set<Int>()
      guard matching.augment(from: category, visited: &visited) else { return nil }
    }
    return matching.assigned.compactMap { $0 }
  }

  private mutating func take(_ place: Int, for category: Int) {
    holder[place] = category
    assigned[category] = place
  }

  /// Gives `category` a place, moving the holders of places on the way to
  /// others; `false` when no path reaches a free place.
  private mutating func augment(from category: Int, visited: inout Set<Int>) -> Bool {
    for place in eligible[category] where visited.insert(place).inserted {
      if let other = holder[place], !augment(from: other, visited: &visited) { continue }
      take(place, for: category)
      return true
    }
    return false
  }
}
