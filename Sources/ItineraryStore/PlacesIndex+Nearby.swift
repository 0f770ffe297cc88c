import ItineraryCore

/// A place and how far it is from the point asked about.
public struct NearbyPlace: Hashable, Sendable {
  public var place: Place
  /// Great-circle distance (`GreatCircle.distanceKm`), in kilometres.
  public var distanceKm: Double

  /// The nearest place of `category` when given (by `Place.isEligible`),
  /// or `nil` when there is none, from `within`, which gives the places
  /// within a radius nearest first.
  ///
  /// Searches circles of growing radius (1 km, then four times wider) until
  /// one holds a match: the nearest match in a circle is the nearest of all.
  ///
  /// - Complexity: O(log(D / 1 km)) calls of `within` for the distance D to the answer.
  static func nearest(
    category: String?, within: (Double) throws(ItineraryError) -> [NearbyPlace]
  ) throws(ItineraryError) -> NearbyPlace? {
    let everywhere = Double.pi * GreatCircle.earthRadiusKm
    var radius = 1.0
    while true {
      let found = try within(radius).first { category.map($0.place.isEligible(for:)) ?? true }
      if found != nil || radius >= everywhere { return found }
      radius = min(radius * 4, everywhere)
    }
  }
}

extension NearbyPlace {
  /// `place` and its great-circle distance from `point`.
  public init(_ place: Place, from point: Coordinate) {
    self.init(place: place, distanceKm: GreatCircle.distanceKm(point, place.coordinate))
  }
}

extension PlacesIndex {
  /// Every place whose great-circle distance from `centre` is at most
  /// `radiusKm`, nearest first (ties best first).
  ///
  /// The R*Tree finds the places in the circle's bounding box; the exact
  /// distance then decides, so the answer is exactly that of a plain scan.
  ///
  /// - Throws: `ItineraryError` (usage) for a negative or non-finite radius
  ///   or a centre that is not on the Earth.
  /// - Complexity: O(log n + b) for b places in the bounding box.
  public func within(radiusKm: Double, of centre: Coordinate) throws(ItineraryError)
    -> [NearbyPlace]
  {
    guard radiusKm.isFinite, radiusKm >= 0 else {
      throw ItineraryError(.usage, "a radius is a distance of at least 0 km, not \(radiusKm)")
    }
    if let reason = centre.invalidity { throw ItineraryError(.usage, "the centre's \(reason)") }
    return try candidates(radiusKm: radiusKm, around: centre).compactMap { index in
      let distance = GreatCircle.distanceKm(centre, places[index].coordinate)
      return distance <= radiusKm ? (distance: distance, index: index) : nil
    }.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.map {
      NearbyPlace(place: places[$0.index], distanceKm: $0.distance)
    }
  }

  /// The place nearest to `point`, of `category` when given (by
  /// `Place.isEligible`), or `nil` when there is none (`NearbyPlace.nearest`).
  ///
  /// - Throws: `ItineraryError` (usage) for a point that is not on the Earth.
  /// - Complexity: O(log(D / 1 km)) radius queries for the distance D to the answer.
  public func nearest(to point: Coordinate, category: String? = nil) throws(ItineraryError)
    -> NearbyPlace?
  {
    if let reason = point.invalidity { throw ItineraryError(.usage, "the point's \(reason)") }
    return try NearbyPlace.nearest(category: category) { (radius) throws(ItineraryError) in
      try within(radiusKm: radius, of: point)
    }
  }

  /// The positions in `places` of the places in the boxes around the circle.
  private func candidates(radiusKm: Double, around centre: Coordinate) throws(ItineraryError)
    -> [Int]
  {
    let boxes = GeoBox.covering(radiusKm: radiusKm, around: centre)
    do throws(SQLiteError) {
      return try connection.withLock { statements throws(SQLiteError) in
        var found: [Int] = []
        for box in boxes {
          try statements.box.bind([
            .real(box.minLat), .real(box.maxLat), .real(box.minLon), .real(box.maxLon),
          ])
          while try statements.box.step() { found.append(statements.box.int(0) - 1) }
        }
        return found
      }
    } catch {
      throw error.itineraryError(file: "the places index")
    }
  }
}
