/// A number Flickr sends as a number or as a string (`"total": "93"`, older answers).
struct FlexibleInt: Decodable {
  var value: Int
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      value = number
    } else {
      let text = try container.decode(String.self)
      guard let number = Int(text) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number")
      }
      value = number
    }
  }
}

/// A value a service sends as a string or as a number: Flickr's
/// `"license": "4"` or `4`, a Foursquare category id of v3 or of v2.
struct FlexibleString: Decodable {
  var value: String
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      value = String(number)
    } else {
      value = try container.decode(String.self)
    }
  }
}
