import ItineraryCore

/// Typed query parameters, each error naming the parameter.
struct QueryValues {
  var query: [String: String]

  func string(_ name: String) -> String? { query[name] }

  func number(_ name: String) throws(ItineraryError) -> Double? {
    guard let text = query[name] else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw ItineraryError(.usage, "query: \(name) expects a finite number, got '\(text)'")
    }
    return value
  }

  /// A whole number within `range`.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(ItineraryError) -> Int? {
    guard let text = query[name] else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw ItineraryError(
        .usage,
        "query: \(name) expects a whole number within \(range.lowerBound)...\(range.upperBound), got '\(text)'"
      )
    }
    return value
  }

  /// `lat` and `lon` together, or `fallback` when both are absent.
  func coordinate(or fallback: Coordinate) throws(ItineraryError) -> Coordinate {
    let lat = try number("lat")
    let lon = try number("lon")
    switch (lat, lon) {
    case (nil, nil): return fallback
    case (let lat?, let lon?):
      let point = Coordinate(lat: lat, lon: lon)
      if let reason = point.invalidity {
        throw ItineraryError(.usage, "query: the point's \(reason)")
      }
      return point
    default: throw ItineraryError(.usage, "query: lat and lon go together")
    }
  }
}
