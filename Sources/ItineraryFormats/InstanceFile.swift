import Foundation
import ItineraryCore
import ItineraryJSON

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
  ///   - memoryLimit: bytes reading may take; a file that needs more is
  ///     refused before it is parsed.
  ///   - deadline: when reading must have ended (see `JSONObject`): past
  ///     it, `.failure` saying the time limit ran out.
  /// - Returns: the problem, validated: coordinates on the Earth, finite numbers,
  ///   unique place ids, a non-empty category list.
  /// - Complexity: O(size of the file).
  public static func decode(
    _ data: Data, source: String, memoryLimit: Int = SolveOptions.defaultMemoryBudget,
    deadline: Deadline? = nil
  ) throws(ItineraryError) -> Problem {
    let root = try JSONObject(
      data: data, source: source, memoryLimit: memoryLimit, deadline: deadline
    ) { data in
      GTSPLIBReader.looksLikeGTSPLIB(data)
        ? "this looks like a GTSPLIB file, not an instance JSON file "
          + "(solve it with 'itinerary gtsp \(source)')" : nil
    }
    if let version = try root.optionalInteger("version"), version != 1 {
      throw root.failure("version", "unsupported version \(version) (this tool reads 1)")
    }
    let origin = try coordinate(in: root.object("origin"))
    let exploring = root.has("select") || root.has("days")
    let select = root.has("select") ? try root.object("select") : nil
    var categories: [String]?
    if let select, select.has("categories") {
      categories = try select.strings("categories")
      if categories?.isEmpty == true {
        throw select.failure("categories", "the category list is empty")
      }
    } else if !exploring {
      categories = try root.strings("categories")
      if categories?.isEmpty == true {
        throw root.failure("categories", "the category list is empty")
      }
    }
    for (index, category) in (categories ?? []).enumerated()
    where category.trimmingCharacters(in: .whitespaces).isEmpty {
      throw (select ?? root).failure("categories[\(index)]", "empty category name")
    }
    var places: [Place] = []
    var firstIndex: [String: Int] = [:]
    for (index, object) in try root.objects("places").enumerated() {
      if index % 1024 == 1023, let deadline, deadline.hasPassed {
        throw ItineraryError(
          .failure, "\(source): the time limit ran out while reading the file, at places[\(index)]")
      }
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
    let time = try timeFrame(in: root)
    var exploration: Exploration?
    if exploring {
      guard let time else {
        throw root.failure("start", "a trip needs its time: start and end, or days")
      }
      exploration = try self.exploration(in: root, select: select, frame: time)
    }
    return Problem(
      origin: origin, categories: categories ?? distinctCategories(of: places), places: places,
      distanceWeight: weight, roundTrip: try root.optionalBool("roundTrip") ?? exploring,
      order: try root.optionalBool("anyOrder") == true ? .any : .given,
      time: time.map { frame in
        var frame = frame
        if let first = exploration?.days.first {
          frame.start = first.start
          frame.end = first.end
        }
        return frame
      },
      exploration: exploration)
  }

  /// Every category of `places`, once each (ignoring case), in the order
  /// they first appear: a trip with no category list may visit any place.
  private static func distinctCategories(of places: [Place]) -> [String] {
    var seen: Set<String> = []
    return places.flatMap(\.categories).filter { seen.insert($0.lowercased()).inserted }
  }

  /// The trip keys: `days` (else the one day from `start` to `end`) and
  /// `select.maxPerCategory`.
  private static func exploration(in root: JSONObject, select: JSONObject?, frame: TimeFrame)
    throws(ItineraryError) -> Exploration
  {
    var days: [Exploration.Day] = []
    if root.has("days") {
      for object in try root.objects("days") {
        let start = try localTime(in: object, "start", on: nil)
        let end = try localTime(in: object, "end", on: start.date)
        let day = Exploration.Day(
          start: try instant(of: start, in: object, "start", zone: frame.timeZone),
          end: try instant(of: end, in: object, "end", zone: frame.timeZone))
        if day.end <= day.start {
          throw object.failure("end", "\(end) is not after the start \(start)")
        }
        if let last = days.last, day.start < last.end {
          throw object.failure("start", "\(start) is before the day before it ends")
        }
        days.append(day)
      }
      guard (1...Exploration.maximumDays).contains(days.count) else {
        throw root.failure(
          "days", "a trip has 1 to \(Exploration.maximumDays) days, found \(days.count)")
      }
    } else {
      days = [Exploration.Day(start: frame.start, end: frame.end)]
    }
    let limit = try select?.optionalInteger("maxPerCategory")
    if let select, let limit, limit < 1 {
      throw select.failure("maxPerCategory", "\(limit) is below 1")
    }
    return Exploration(days: days, maxPerCategory: limit)
  }

  /// The time keys: `nil` without a `start` (the problem is then timeless).
  private static func timeFrame(in root: JSONObject) throws(ItineraryError) -> TimeFrame? {
    if !root.has("start"), root.has("days"), let first = try root.objects("days").first {
      return try timeFrame(in: root, startIn: first)
    }
    return try timeFrame(in: root, startIn: root)
  }

  /// The time keys of `root`, the start (and end) read from `startIn`.
  private static func timeFrame(in root: JSONObject, startIn: JSONObject) throws(ItineraryError)
    -> TimeFrame?
  {
    guard startIn.has("start") else {
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
    let startTime = try localTime(in: startIn, "start", on: nil)
    let start = try instant(of: startTime, in: startIn, "start", zone: zone)
    var end: Date?
    if startIn.has("end") {
      let endTime = try localTime(in: startIn, "end", on: startTime.date)
      end = try instant(of: endTime, in: startIn, "end", zone: zone)
      if let end, end <= start {
        throw startIn.failure("end", "\(endTime) is not after the start \(startTime)")
      }
    }
    let speed = try root.optionalNumber("speedKmh") ?? TravelMode.walk.defaultSpeedKmh
    if !TimeFrame.speedRangeKmh.contains(speed) {
      throw root.failure("speedKmh", "\(speed) is outside the accepted \(TimeFrame.speedRangeText)")
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
    let maxWait = try root.optionalNumber("maxWaitMinutes")
    if let maxWait, !(0...TimeFrame.maximumDwell).contains(maxWait) {
      throw root.failure("maxWaitMinutes", "\(maxWait) is outside [0, \(TimeFrame.maximumDwell)]")
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
      unknownHours: unknown ?? .open, waitWeight: waitWeight, holidays: holidays,
      maxWaitMinutes: maxWait)
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
