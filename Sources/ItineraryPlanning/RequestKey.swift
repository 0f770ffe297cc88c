import ItineraryJSON

/// One key of a request, declared once with the property it sets: every
/// reader and writer of requests (`JSONDecoder`, the quick reader, the
/// compact echo) goes through the same list of keys, so none can miss one.
struct RequestKey<Request>: Sendable {
  let name: StaticString
  /// Reads the key, when present, from a JSON object.
  let decode: @Sendable (inout Request, KeyedDecodingContainer<AnyKey>) throws -> Void
  /// Reads the key from a scanned value; `false` when it is not plainly of its type.
  let scan: @Sendable (inout Request, ScannedJSON) -> Bool
  /// Writes the key, when it has a value.
  let echo: @Sendable (Request, inout CompactJSON) -> Void

  /// The key `name` of the optional property at `path`, absent when `nil`.
  init<Value: RequestValue>(
    _ name: StaticString, _ path: WritableKeyPath<Request, Value?> & Sendable
  ) {
    self.name = name
    let key = AnyKey(stringValue: name.description)
    decode = { request, values in
      request[keyPath: path] = try values.decodeIfPresent(Value.self, forKey: key)
    }
    scan = { request, value in
      guard let read = Value(scanned: value) else { return false }
      request[keyPath: path] = read
      return true
    }
    echo = { request, json in request[keyPath: path]?.echo(name, to: &json) }
  }

  /// The key `name` of the property at `path`, `absent` when left out.
  init<Value: RequestValue>(
    _ name: StaticString, _ path: WritableKeyPath<Request, Value> & Sendable, absent: Value
  ) {
    self.name = name
    let key = AnyKey(stringValue: name.description)
    decode = { request, values in
      request[keyPath: path] = try values.decodeIfPresent(Value.self, forKey: key) ?? absent
    }
    scan = { request, value in
      guard let read = Value(scanned: value) else { return false }
      request[keyPath: path] = read
      return true
    }
    echo = { request, json in request[keyPath: path].echo(name, to: &json) }
  }
}
