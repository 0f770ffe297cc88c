/// A planning problem: the documented instance, independent of where it came from.
public struct Problem: Sendable {
  public var origin: Coordinate
  /// The stop categories, in visiting order when `order` is `.given`.
  public var categories: [String]
  public var places: [Place]
  /// The objective's price of one kilometre, in score points.
  public var distanceWeight: Double
  /// Whether the way back from the last stop to the origin counts.
  public var roundTrip: Bool
  /// Whether the stops visit the categories in their given order or in any.
  public var order: VisitOrder
  /// Road distances and times between the origin and the places; legs are
  /// measured on the great circle when `nil` (the documented default).
  public var roads: RoadTable?
  /// When the plan happens, or `nil` to plan timelessly.
  public var time: TimeFrame?
  /// With one, the problem is a trip whose places the engine chooses
  /// (`categories` are then the eligible ones, and may be empty).
  public var exploration: Exploration?

  /// The documented default: 0.5 points per kilometre (walking).
  public static let defaultDistanceWeight = 0.5

  public init(
    origin: Coordinate, categories: [String], places: [Place],
    distanceWeight: Double = Problem.defaultDistanceWeight, roundTrip: Bool = false,
    order: VisitOrder = .given, roads: RoadTable? = nil, time: TimeFrame? = nil,
    exploration: Exploration? = nil
  ) {
    self.origin = origin
    self.categories = categories
    self.places = places
    self.distanceWeight = distanceWeight
    self.roundTrip = roundTrip
    self.order = order
    self.roads = roads
    self.time = time
    self.exploration = exploration
  }

  /// For each category, the indices of the places eligible for it.
  ///
  /// Names are compared with each of the k categories rather than hashed: a
  /// few comparisons of short strings cost less than one hash. Places mostly
  /// come category by category, so the category at the same position of the
  /// place before is tried first: one comparison then stands for k.
  ///
  /// - Complexity: O(k * total number of place categories).
  public func eligiblePlaces() -> [[Int]] {
    let names = categories.map(\.foldedForComparison)
    // Each name's layers: its own and those of the same name.
    let namesakes = names.map { name in names.indices.filter { names[$0] == name } }
    func firstLayer(_ category: String) -> Int {
      let folded = category.foldedForComparison
      return names.firstIndex(of: folded) ?? -1
    }
    var eligible = Array(repeating: [Int](), count: categories.count)
    // The category last seen at each position of a place's list, with its
    // first layer (-1 for none).
    var recent: [(category: String, layer: Int)] = []
    // By index: iterating the places would copy every one of them.
    for place in places.indices {
      for (position, category) in places[place].categories.enumerated() {
        if position == recent.count {
          recent.append((category, firstLayer(category)))
        } else if recent[position].category != category {
          recent[position] = (category, firstLayer(category))
        }
        let layer = recent[position].layer
        guard layer >= 0 else { continue }
        for layer in namesakes[layer] where eligible[layer].last != place {
          eligible[layer].append(place)
        }
      }
    }
    return eligible
  }

  /// The score of every place, by index.
  public func scores() -> [Double] { places.indices.map { Scoring.score(of: places[$0]) } }

  /// The largest magnitude a score or a distance weight may have, so that
  /// every objective stays a finite number.
  public static let maximumMagnitude = 1e9

  /// Checks what no solver can work around: an empty category list, a
  /// coordinate off the Earth, a number that is not finite or too large, a
  /// negative weight, a road table of another size than the places.
  public func validate() throws(ItineraryError) {
    if categories.isEmpty && exploration == nil {
      throw ItineraryError(.data, "the category list is empty")
    }
    if let exploration {
      if time == nil { throw ItineraryError(.data, "a trip needs a start") }
      try exploration.validate()
    }
    if let roads, roads.placeCount != places.count {
      throw ItineraryError(
        .data, "the road table covers \(roads.placeCount) places, the problem has \(places.count)")
    }
    if let why = origin.invalidity { throw ItineraryError(.data, "origin: \(why)") }
    try time?.validate()
    if !(0...Self.maximumMagnitude).contains(distanceWeight) {
      throw ItineraryError(
        .data, "distanceWeight \(distanceWeight) is outside [0, \(Self.maximumMagnitude)]")
    }
    for index in places.indices {
      let id = { self.places[index].id }
      if let why = places[index].coordinate.invalidity {
        throw ItineraryError(.data, "place \(id()): \(why)")
      }
      if let dwell = places[index].dwellMinutes, !(0...TimeFrame.maximumDwell).contains(dwell) {
        throw ItineraryError(
          .data,
          "place \(id()): dwellMinutes \(dwell) is outside [0, \(TimeFrame.maximumDwell)]")
      }
      let score = Scoring.score(of: places[index])
      if !(-Self.maximumMagnitude...Self.maximumMagnitude).contains(score) {
        throw ItineraryError(
          .data,
          "place \(id()): score \(score) is outside [-\(Self.maximumMagnitude), \(Self.maximumMagnitude)]"
        )
      }
    }
  }

  /// Why no plan exists because some category has no eligible place, or `nil`.
  ///
  /// - Parameter eligible: `eligiblePlaces()`, when already at hand.
  public func missingCategoryReason(_ eligible: [[Int]]? = nil) -> String? {
    for (category, eligible) in zip(categories, eligible ?? eligiblePlaces())
    where eligible.isEmpty {
      return "no place is eligible for category '\(category)'"
    }
    return nil
  }
}
