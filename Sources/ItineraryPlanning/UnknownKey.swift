import ItineraryCore

/// A key a request does not know, found while decoding it.
public struct UnknownKey: Error, Sendable {
  public var key: String
  public var codingPath: [String]
  public var known: [String]

  /// ` (did you mean top?)`, or nothing.
  public var hint: String { NearestWord.hint(key, among: known) }

  /// Throws for the first key of the decoder's object that is not `known`.
  static func check(_ decoder: any Decoder, known: [String]) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: {
      !known.contains($0)
    }) {
      throw UnknownKey(
        key: unknown, codingPath: decoder.codingPath.map(\.stringValue), known: known)
    }
  }
}

/// Any key of a JSON object.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
