import Foundation
import ItineraryCore

/// The documented instance file: a self-contained planning problem.
public enum InstanceFile {
  /// Reads and decodes the instance file at `path` (see `decode`).
  ///
  /// - Complexity: O(size of the file).
  public static func read(contentsOf path: String) throws(ItineraryError) -> Problem {
    try decode(InputFile.contents(of: path), source: path)
  }

  /// Reads an instance, naming the file and field of anything wrong.
  ///
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - source: the name to use in errors, usually the path.
  /// - Returns: the problem, validated: coordinates on the Earth, finite numbers,
  ///   unique place ids, a non-empty category list.
  /// - Complexity: O(size of the file).
  public static func decode(_ data: Data, source: String) throws(ItineraryError) -> Problem {
    let root = try JSONObject(data: data, source: source)
    if let version = try root.optionalInteger("version"), version != 1 {
      throw root.failure("version", "unsupported version \(version) (this tool reads 1)")
    }
    let origin = try coordinate(in: root.object("origin"))
    let categories = try root.strings("categories")
    if categories.isEmpty { throw root.failure("categories", "the category list is empty") }
    for (index, category) in categories.enumerated()
    where category.trimmingCharacters(in: .whitespaces).isEmpty {
      throw root.failure("categories[\(index)]", "empty category name")
    }
    var places: [Place] = []
    var firstIndex: [String: Int] = [:]
    for (index, object) in try root.objects("places").enumerated() {
      let place = try self.place(in: object)
      if let first = firstIndex[place.id] {
        throw object.failure("id", "duplicate id '\(place.id)' (first at places[\(first)])")
      }
      firstIndex[place.id] = index
      places.append(place)
    }
    let weight = try root.optionalNumber("distanceWeight") ?? Problem.defaultDistanceWeight
    if !(0...Problem.maximumMagnitude).contains(weight) {
      throw root.failure("distanceWeight", "\(weight) is outside [0, \(Problem.maximumMagnitude)]")
    }
    return Problem(
      origin: origin, categories: categories, places: places, distanceWeight: weight,
      roundTrip: try root.optionalBool("roundTrip") ?? false,
      order: try root.optionalBool("anyOrder") == true ? .any : .given,
      time: try timeFrame(in: root))
  }

  /// The time keys: `nil` without a `start` (the problem is then timeless).
  private static func timeFrame(in root: JSONObject) throws(ItineraryError) -> TimeFrame? {
    guard root.has("start") else {
      if root.has("end") { throw root.failure("end", "a deadline needs a start") }
      return nil
    }
    let zone: TimeZone
    if let name = try root.optionalString("timeZone") {
      do throws(ItineraryError) {
        zone = try TimeZone.named(name)
      } catch {
        throw root.failure("timeZone", error.message)
      }
    } else {
      zone = .current
    }
    let startTime = try localTime(in: root, "start", on: nil)
    let start = try instant(of: startTime, in: root, "start", zone: zone)
    var end: Date?
    if root.has("end") {
      let endTime = try localTime(in: root, "end", on: startTime.date)
      end = try instant(of: endTime, in: root, "end", zone: zone)
      if let end, end <= start {
        throw root.failure("end", "\(endTime) is not after the start \(startTime)")
      }
    }
    let speed = try root.optionalNumber("speedKmh") ?? TravelMode.walk.defaultSpeedKmh
    if !(speed > 0 && speed <= 1000) {
      throw root.failure("speedKmh", "\(speed) is outside (0, 1000]")
    }
    var dwell: [String: Double] = [:]
    if root.has("dwellMinutes") {
      let minutes = try root.object("dwellMinutes")
      for key in minutes.values.keys.sorted() {
        dwell[key] = try self.dwell(in: minutes, key)
      }
    }
    let unknown = try root.optionalString("unknownHours").map { text throws(ItineraryError) in
      guard let value = UnknownHours(rawValue: text) else {
        throw root.failure("unknownHours", "expected open or closed, found '\(text)'")
      }
      return value
    }
    let waitWeight = try root.optionalNumber("waitWeight") ?? 0
    if !(0...Problem.maximumMagnitude).contains(waitWeight) {
      throw root.failure("waitWeight", "\(waitWeight) is outside [0, \(Problem.maximumMagnitude)]")
    }
    var holidays: Set<LocalDate> = []
    if root.has("holidays") {
      for (index, text) in try root.strings("holidays").enumerated() {
        do throws(ItineraryError) {
          holidays.insert(try LocalDate(parsing: text))
        } catch {
          throw root.failure("holidays[\(index)]", error.message)
        }
      }
    }
    return TimeFrame(
      start: start, timeZone: zone, end: end, speedKmh: speed, dwellMinutes: dwell,
      unknownHours: unknown ?? .open, waitWeight: waitWeight, holidays: holidays)
  }

  /// `key` as a local time, `YYYY-MM-DDTHH:MM`, or `HH:MM` on `date`.
  private static func localTime(in object: JSONObject, _ key: String, on date: LocalDate?)
    throws(ItineraryError) -> LocalDateTime
  {
    let text = try object.string(key)
    do throws(ItineraryError) {
      return try LocalDateTime(parsing: text, on: date)
    } catch {
      throw object.failure(key, error.message)
    }
  }

  private static func instant(
    of time: LocalDateTime, in object: JSONObject, _ key: String, zone: TimeZone
  ) throws(ItineraryError) -> Date {
    do throws(ItineraryError) {
      return try time.instant(in: zone)
    } catch {
      throw object.failure(key, error.message)
    }
  }

  /// Minutes at a stop, 0 to a week.
  private static func dwell(in object: JSONObject, _ key: String) throws(ItineraryError) -> Double {
    let minutes = try object.number(key)
    if !(0...TimeFrame.maximumDwell).contains(minutes) {
      throw object.failure(key, "\(minutes) is outside [0, \(Int(TimeFrame.maximumDwell))]")
    }
    return minutes
  }

  private static func coordinate(in object: JSONObject) throws(ItineraryError) -> Coordinate {
    let lat = try object.number("lat")
    let lon = try object.number("lon")
    if !(-90...90).contains(lat) { throw object.failure("lat", "\(lat) is outside [-90, 90]") }
    if !(-180...180).contains(lon) {
      throw object.failure("lon", "\(lon) is outside [-180, 180]")
    }
    return Coordinate(lat: lat, lon: lon)
  }

  private static func place(in object: JSONObject) throws(ItineraryError) -> Place {
    let id = try object.identifier("id")
    let categories = try object.strings("categories")
    let rating = try object.optionalNumber("rating")
    if let rating, !(0...5).contains(rating) {
      throw object.failure("rating", "\(rating) is outside [0, 5]")
    }
    let score = try object.optionalNumber("score")
    if let score, abs(score) > Problem.maximumMagnitude {
      throw object.failure(
        "score", "\(score) is outside [-\(Problem.maximumMagnitude), \(Problem.maximumMagnitude)]")
    }
    let reviews = try object.optionalInteger("reviewCount")
    if let reviews, reviews < 0 { throw object.failure("reviewCount", "\(reviews) is negative") }
    let name = try object.optionalString("name") ?? id
    let hours = try object.optionalString("openingHours")
    if let hours {
      do throws(OpeningHoursError) {
        _ = try OpeningHours(hours)
      } catch {
        throw object.failure("openingHours", "place '\(name)': \(error)")
      }
    }
    return Place(
      id: id, name: name, categories: categories,
      coordinate: try coordinate(in: object), rating: rating, reviewCount: reviews,
      price: try object.optionalInteger("price"), score: score,
      address: try object.optionalString("address"), openingHours: hours, source: "file",
      dwellMinutes: object.has("dwellMinutes") ? try dwell(in: object, "dwellMinutes") : nil)
  }
}
