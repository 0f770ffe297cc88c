import ItineraryJSON

/// The keys of a kind of request, each declared once (`RequestKey`), and the
/// readers and the writer every front end shares: `JSONDecoder` through
/// `decode(_:from:)`, the quick reader through `scan(_:into:)`, the echo of
/// answers through `echo(_:to:)`. The CLI's flags and the OpenAPI document
/// are checked against `names` by the tests.
struct RequestSchema<Request>: Sendable {
  /// In the order the echo writes them: by the UTF-8 bytes of their names.
  let keys: [RequestKey<Request>]
  private let byName: [String: RequestKey<Request>]

  /// - Precondition: no name twice.
  init(_ keys: [RequestKey<Request>]) {
    self.keys = keys.sorted {
      SortedJSONEncoder.precedes($0.name.description, $1.name.description)
    }
    byName = Dictionary(uniqueKeysWithValues: keys.map { ($0.name.description, $0) })
  }

  /// Every key's name.
  var names: [String] { keys.map(\.name.description) }

  /// Sets `request` from a decoder's object, refusing a key it does not
  /// know so that a misspelt one (`tpo`) is an error naming it.
  ///
  /// - Complexity: O(keys).
  func decode(_ request: inout Request, from decoder: any Decoder) throws {
    try UnknownKey.check(decoder, known: names)
    let values = try decoder.container(keyedBy: AnyKey.self)
    for key in keys { try key.decode(&request, values) }
  }

  /// Sets `request` from a scanned object's members, as `decode` would;
  /// `false` when a key is unknown or a value not plainly of its key's type.
  ///
  /// - Complexity: O(members).
  func scan(_ members: [String: ScannedJSON], into request: inout Request) -> Bool {
    for (name, value) in members {
      guard let key = byName[name] else { return false }
      if value == .null { continue }
      guard key.scan(&request, value) else { return false }
    }
    return true
  }

  /// Writes every key that has a value, in byte order of the names.
  ///
  /// - Complexity: O(keys).
  func echo(_ request: Request, to json: inout CompactJSON) {
    for key in keys { key.echo(request, &json) }
  }
}
