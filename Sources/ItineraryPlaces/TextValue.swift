/// An object's `value` when it is a string, else nil: a Commons metadata
/// field or a Wikidata data value, whose `value` may also be an object or a
/// number that the readers here have no use for.
struct TextValue: Decodable {
  var value: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    value = try? container.decodeIfPresent(String.self, forKey: .value)
  }

  enum Key: String, CodingKey { case value }
}
