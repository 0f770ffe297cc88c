import Foundation
import ItineraryCore
import ItineraryStore

extension FoundPlace {
  /// A place sent to be liked or collected (`PUT /v1/likes/{placeId}`): any
  /// JSON object `init(from:)` reads (a search result, a plan's stop as the
  /// map page sends it), under the id the path gives. Distances are
  /// dropped: they were measured from a point the store does not keep.
  ///
  /// - Throws: `.usage` naming a missing key or a value of the wrong type,
  ///   `.data` for a point that is not on the Earth.
  /// - Complexity: O(size of the object).
  public init(sent object: [String: Any], id: String, source: String) throws(ItineraryError) {
    var object = object
    object["id"] = id
    self = try JSONRequest.value(FoundPlace.self, from: object, at: source)
    if let why = coordinate.invalidity {
      throw ItineraryError(.data, "\(source): the place's \(why)")
    }
    distanceKm = nil
    walkingMinutes = nil
  }

  /// A liked or collected place as the store keeps it, whichever front end
  /// kept it: its id and name are the store's when its JSON lacks them.
  ///
  /// - Parameter source: what the error names (`liked place node/1`).
  /// - Throws: `.data` when the JSON is no place.
  public init(kept: KeptPlace, source: String) throws(ItineraryError) {
    guard
      var object = try? JSONSerialization.jsonObject(with: kept.payload) as? [String: Any]
    else { throw ItineraryError(.data, "\(source): cannot be read back") }
    if object["id"] == nil { object["id"] = kept.placeID }
    if object["name"] == nil { object["name"] = kept.name }
    do throws(ItineraryError) {
      self = try JSONRequest.value(FoundPlace.self, from: object, at: source)
    } catch {
      throw ItineraryError(.data, "\(error.message) (cannot be read back)")
    }
  }
}
