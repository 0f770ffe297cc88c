import Foundation
import ItineraryCore
import ItineraryJSON
import ItineraryPlaces

extension JSONRequest {
  /// A plan or trip request line read the quick way (`ScannedJSON`): the
  /// same `id` and request as `decode(_:source:)` gives, or `nil` for any
  /// line that is not a plain, valid one of those, which that reads instead.
  ///
  /// - Complexity: O(size of the line).
  static func quickly(_ data: Data) -> (id: JSONValue?, request: JSONRequest)? {
    guard case .object(let members) = ScannedJSON.scan(data) else { return nil }
    var id: JSONValue?
    var request: JSONRequest?
    for (key, value) in members {
      switch key {
      case "id":
        // As `decodeIfPresent` reads it, `null` being none; any other number
        // than a whole one is for `JSONValue.init(from:)` to read.
        switch value {
        case .null: id = nil
        case .bool(let flag): id = .bool(flag)
        case .string(let text): id = .string(text)
        default:
          guard let integer = value.integer else { return nil }
          id = .integer(integer)
        }
      case "plan", "explore":
        guard request == nil, let plan = PlanRequest(scanned: value) else { return nil }
        request = key == "plan" ? .plan(plan) : .explore(plan)
      default: return nil
      }
    }
    return request.map { (id, $0) }
  }

  /// A plan request body (`POST /v1/plan`, `POST /v1/explore`): read the
  /// quick way when it is a plain one, else as `plan(_:source:)` reads it.
  ///
  /// - Throws: what `parse(_:source:)` and `plan(_:source:)` throw.
  /// - Complexity: O(size of the body).
  public static func plan(body: Data, source: String) throws(ItineraryError) -> PlanRequest {
    if let scanned = ScannedJSON.scan(body), let plan = PlanRequest(scanned: scanned) {
      return plan
    }
    return try plan(parse(body, source: source), source: source)
  }
}

extension PlanRequest {
  /// The request an object holds, as `init(from:)` reads it, or `nil` when
  /// a key is unknown or a value is not plainly of its key's type.
  fileprivate init?(scanned: ScannedJSON) {
    guard case .object(let members) = scanned else { return nil }
    self.init(categories: [])
    for (key, value) in members {
      guard Self.keys.contains(key) else { return nil }
      if value == .null { continue }
      guard read(key, value) else { return nil }
    }
  }

  /// Sets the member `key` from `value`; `false` when it is not of its type.
  private mutating func read(_ key: String, _ value: ScannedJSON) -> Bool {
    func set<T>(_ path: WritableKeyPath<PlanRequest, T?>, _ read: T?) -> Bool {
      guard let read else { return false }
      self[keyPath: path] = read
      return true
    }
    switch key {
    case "categories":
      guard let words = value.strings else { return false }
      categories = words
      return true
    case "at": return set(\.at, value.coordinate)
    case "near": return set(\.near, value.string)
    case "provider": return set(\.provider, value.string.flatMap(ProviderID.init(rawValue:)))
    case "perCategory": return set(\.perCategory, value.integer)
    case "noCache": return set(\.noCache, value.bool)
    case "refresh": return set(\.refresh, value.bool)
    case "allowPartial": return set(\.allowPartial, value.bool)
    case "connectTimeout": return set(\.connectTimeout, value.double)
    case "timeout": return set(\.timeout, value.double)
    case "top": return set(\.top, value.integer)
    case "exact": return set(\.exact, value.bool)
    case "diverse": return set(\.diverse, value.bool)
    case "roundTrip": return set(\.roundTrip, value.bool)
    case "anyOrder": return set(\.anyOrder, value.bool)
    case "mode": return set(\.mode, value.string.flatMap(TravelMode.init(rawValue:)))
    case "speed": return set(\.speed, value.double)
    case "distances": return set(\.distances, value.string.flatMap(Distances.init(rawValue:)))
    case "distanceWeight": return set(\.distanceWeight, value.double)
    case "radius": return set(\.radius, value.double)
    case "units": return set(\.units, value.string.flatMap(DistanceUnit.init(rawValue:)))
    case "verify": return set(\.verify, value.bool)
    case "verifyTimeLimit": return set(\.verifyTimeLimit, value.double)
    case "timeLimit": return set(\.timeLimit, value.double)
    case "seed": return set(\.seed, value.integer)
    case "memoryLimit": return set(\.memoryLimit, value.double)
    case "start": return set(\.start, value.string)
    case "end": return set(\.end, value.string)
    case "tz": return set(\.tz, value.string)
    case "dwell": return set(\.dwell, value.minutesByWord)
    case "waitWeight": return set(\.waitWeight, value.double)
    case "maxWaitMinutes": return set(\.maxWaitMinutes, value.double)
    case "unknownHours":
      return set(\.unknownHours, value.string.flatMap(UnknownHours.init(rawValue:)))
    case "openNow": return set(\.openNow, value.bool)
    case "anytime": return set(\.anytime, value.bool)
    case "days": return set(\.days, value.integer)
    case "day": return set(\.day, value.tripDays)
    case "maxPerCategory": return set(\.maxPerCategory, value.integer)
    case "pace": return set(\.pace, value.string.flatMap(Pace.init(rawValue:)))
    case "meals": return set(\.meals, value.bool)
    case "cuisine": return set(\.cuisine, value.string)
    case "price": return set(\.price, value.integer)
    case "photos": return set(\.photos, value.bool)
    case "avoid": return set(\.avoid, value.strings)
    case "base": return set(\.base, value.string)
    case "endAt": return set(\.endAt, value.string)
    case "must": return set(\.must, value.strings)
    default: return false
    }
  }
}

extension ScannedJSON {
  /// `{"lat": ..., "lon": ...}` and nothing else.
  fileprivate var coordinate: Coordinate? {
    guard let members = members(["lat", "lon"]), let lat = members["lat"]?.double,
      let lon = members["lon"]?.double
    else { return nil }
    return Coordinate(lat: lat, lon: lon)
  }

  /// An object of numbers (`dwell`).
  fileprivate var minutesByWord: [String: Double]? {
    guard case .object(let members) = self else { return nil }
    var minutes: [String: Double] = [:]
    for (word, value) in members {
      guard let number = value.double else { return nil }
      minutes[word] = number
    }
    return minutes
  }

  /// A list of `{"start": ..., "end": ...}` and nothing else.
  fileprivate var tripDays: [TripDay]? {
    guard case .array(let values) = self else { return nil }
    var days: [TripDay] = []
    for value in values {
      guard let members = value.members(["start", "end"]), let start = members["start"]?.string,
        let end = members["end"]?.string
      else { return nil }
      days.append(TripDay(start: start, end: end))
    }
    return days
  }
}
