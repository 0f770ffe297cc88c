import ItineraryCore

/// Typed query parameters, each error naming the parameter.
struct QueryValues {
  var query: [String: String]

  func string(_ name: String) -> String? { query[name] }

  /// Refuses a parameter the route does not take, as an unknown key of a
  /// body is refused: a misspelt `openNow` must not be silently ignored.
  func refuseUnknown(known: [String]) throws(ItineraryError) {
    for name in query.keys.sorted() where !known.contains(name) {
      throw ItineraryError(
        .usage,
        "query: unknown parameter '\(name)'\(NearestWord.hint(name, among: known)) "
          + "(known: \(known.joined(separator: ", ")))")
    }
  }

  func number(_ name: String) throws(ItineraryError) -> Double? {
    guard let text = query[name] else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw ItineraryError(.usage, "query: \(name) expects a finite number, got '\(text)'")
    }
    return value
  }

  /// A whole number, checked against the request's own range by its
  /// validation.
  func integer(_ name: String) throws(ItineraryError) -> Int? {
    guard let text = query[name] else { return nil }
    guard let value = Int(text) else {
      throw ItineraryError(.usage, "query: \(name) expects a whole number, got '\(text)'")
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

  /// `true`, `false`, or the parameter alone (`?openNow`): true.
  func flag(_ name: String) throws(ItineraryError) -> Bool? {
    guard let text = query[name] else { return nil }
    switch text.lowercased() {
    case "", "true", "1": return true
    case "false", "0": return false
    default: throw ItineraryError(.usage, "query: \(name) expects true or false, got '\(text)'")
    }
  }

  /// One of a type's values, by its name.
  func choice<T: RawRepresentable>(_ name: String, among known: [T]) throws(ItineraryError) -> T?
  where T.RawValue == String {
    guard let text = query[name] else { return nil }
    guard let value = T(rawValue: text.lowercased()) ?? T(rawValue: text) else {
      let names = known.map(\.rawValue)
      throw ItineraryError(
        .usage,
        "query: \(name) expects one of \(names.joined(separator: ", "))"
          + "\(NearestWord.hint(text, among: names)), got '\(text)'")
    }
    return value
  }

  /// `lat` and `lon` together, or `nil` when both are absent.
  func coordinate() throws(ItineraryError) -> Coordinate? {
    let lat = try number("lat")
    let lon = try number("lon")
    switch (lat, lon) {
    case (nil, nil): return nil
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
