import ItineraryCore

/// Random planning problems in the shape of real requests: places clustered
/// around a start point, some eligible for several categories, ratings and
/// review counts spread as on review sites.
package enum RandomProblems {
  package struct Shape: Sendable, CustomStringConvertible {
    package var categories: Int
    package var placesPerCategory: Int
    /// The chance that a place also belongs to a second category.
    package var sharedFraction = 0.3
    package var roundTrip = false
    package var order = VisitOrder.given
    package var distanceWeight = 0.5
    /// Half the side of the square the places lie in, in kilometres.
    package var radiusKm = 3.0

    package init(
      categories: Int, placesPerCategory: Int, sharedFraction: Double = 0.3,
      roundTrip: Bool = false, order: VisitOrder = .given, distanceWeight: Double = 0.5,
      radiusKm: Double = 3.0
    ) {
      self.categories = categories
      self.placesPerCategory = placesPerCategory
      self.sharedFraction = sharedFraction
      self.roundTrip = roundTrip
      self.order = order
      self.distanceWeight = distanceWeight
      self.radiusKm = radiusKm
    }

    package var description: String {
      "k=\(categories) n=\(placesPerCategory) shared=\(sharedFraction) roundTrip=\(roundTrip)"
        + " order=\(order) w=\(distanceWeight)"
    }
  }

  /// A problem of the given shape drawn from `generator`.
  package static func make<G: RandomNumberGenerator>(_ shape: Shape, using generator: inout G)
    -> Problem
  {
    let origin = Coordinate(lat: 60.1699, lon: 24.9384)
    let kmPerDegreeLat = 111.2
    let kmPerDegreeLon = kmPerDegreeLat * 0.4975  // cos(60.17 degrees)
    let names = (0..<shape.categories).map { "c\($0)" }
    var places: [Place] = []
    for category in names {
      for _ in 0..<shape.placesPerCategory {
        var categories = [category]
        if shape.categories > 1, Double.random(in: 0..<1, using: &generator) < shape.sharedFraction,
          let other = names.filter({ $0 != category }).randomElement(using: &generator)
        {
          categories.append(other)
        }
        let northKm = Double.random(in: -shape.radiusKm...shape.radiusKm, using: &generator)
        let eastKm = Double.random(in: -shape.radiusKm...shape.radiusKm, using: &generator)
        let rated = Double.random(in: 0..<1, using: &generator) < 0.9
        places.append(
          Place(
            id: "p\(places.count)", name: "Place \(places.count)", categories: categories,
            coordinate: Coordinate(
              lat: origin.lat + northKm / kmPerDegreeLat, lon: origin.lon + eastKm / kmPerDegreeLon),
            rating: rated ? (Double(Int.random(in: 2...10, using: &generator)) / 2) : nil,
            reviewCount: rated ? Int.random(in: 0...2000, using: &generator) : nil))
      }
    }
    return Problem(
      origin: origin, categories: names, places: places, distanceWeight: shape.distanceWeight,
      roundTrip: shape.roundTrip, order: shape.order)
  }
}

extension RandomProblems {
  /// A random road table for `problem`: every ordered pair's road is its
  /// great-circle distance times a detour drawn in [1, 2] (so the table is
  /// asymmetric), its time that distance at 3 to 60 km/h, and each road is
  /// missing with probability `missing`.
  package static func roads<G: RandomNumberGenerator>(
    for problem: Problem, missing: Double = 0.1, using generator: inout G
  ) -> RoadTable? {
    let points = [problem.origin] + problem.places.map(\.coordinate)
    var kilometres = points.map { _ in [Double?]() }
    var minutes = points.map { _ in [Double?]() }
    for (i, a) in points.enumerated() {
      for (j, b) in points.enumerated() {
        let road =
          i == j
          ? 0 : GreatCircle.distanceKm(a, b) * Double.random(in: 1...2, using: &generator)
        let absent = i != j && Double.random(in: 0..<1, using: &generator) < missing
        kilometres[i].append(absent ? nil : road)
        minutes[i].append(absent ? nil : road / Double.random(in: 3...60, using: &generator) * 60)
      }
    }
    return try? RoadTable(kilometres: kilometres, minutes: minutes, source: "random")
  }
}
