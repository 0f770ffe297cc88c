import Foundation
import ItineraryCore

/// The contract's instance file (section 2): a self-contained planning problem.
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
      order: try root.optionalBool("anyOrder") == true ? .any : .given)
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
    return Place(
      id: id, name: try object.optionalString("name") ?? id, categories: categories,
      coordinate: try coordinate(in: object), rating: rating, reviewCount: reviews,
      price: try object.optionalInteger("price"), score: score,
      address: try object.optionalString("address"), source: "file")
  }
}
