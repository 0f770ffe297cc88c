import Foundation
import ItineraryCore
import ItineraryOutput

/// A place as `/v1/complete` shows it: what its city file holds.
struct PlaceJSON: Encodable {
  var id: String
  var name: String
  var categories: [String]
  var lat: Double
  var lon: Double
  /// The score a plan gives it (`Scoring.score`), and where it comes from.
  var score: Double
  var scoreSource: ScoreSource?
  /// Its main OpenStreetMap tag (`tourism=museum`), for map places.
  var kind: String?
  var rating: Double?
  var reviewCount: Int?
  var address: String?
  var openingHours: String?
  var photoURL: String?

  init(_ place: Place) {
    id = place.id
    name = place.name
    categories = place.categories
    lat = place.coordinate.lat
    lon = place.coordinate.lon
    score = Scoring.score(of: place)
    scoreSource = place.scoreSource
    kind = place.kind
    rating = place.rating
    reviewCount = place.reviewCount
    address = place.address
    openingHours = place.openingHours
    photoURL = place.photoURL
  }
}

extension HTTPResponse {
  /// Any encodable value as the API's JSON (sorted keys, a final newline).
  static func encoded<Value: Encodable>(_ value: Value, status: Int = 200)
    throws(ItineraryError) -> HTTPResponse
  {
    .json(try ResponseJSON.encode(value), status: status)
  }
}
