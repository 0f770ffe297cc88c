/// One tag test: `key` (present), `key=value`, or `prefix:*` (any key under the prefix).
struct TagPattern: Sendable {
  enum Test: Sendable {
    case present(String)
    case equals(String, String)
    case prefix(String)
  }
  let test: Test
  /// The `key=value` written, for comparing with a category's own tags.
  let text: String

  init(_ text: String) {
    self.text = text
    if text.hasSuffix(":*") {
      test = .prefix(String(text.dropLast()))
    } else if let equals = text.firstIndex(of: "=") {
      test = .equals(String(text[..<equals]), String(text[text.index(after: equals)...]))
    } else {
      test = .present(text)
    }
  }

  /// Whether some tag of `tags` matches, without spelling it out.
  func isMatched(by tags: [String: String]) -> Bool {
    switch test {
    case .present(let key): tags[key] != nil
    case .equals(let key, let value): tags[key] == value
    case .prefix(let prefix): tags.keys.contains { $0.hasPrefix(prefix) }
    }
  }

  /// The tags of `tags` this pattern matches, as `key=value`.
  func matches(_ tags: [String: String]) -> [String] {
    switch test {
    case .present(let key):
      tags[key].map { ["\(key)=\($0)"] } ?? []
    case .equals(let key, let value):
      tags[key] == value ? ["\(key)=\(value)"] : []
    case .prefix(let prefix):
      tags.filter { $0.key.hasPrefix(prefix) }.map { "\($0.key)=\($0.value)" }
    }
  }
}
