import Foundation

/// Cuts secrets (API keys, `Bearer` tokens, passwords in a base URL) out of
/// whatever a service sends back, before any of it reaches a message, the
/// response cache or a parsed place.
///
/// A service may echo the request, headers and all, in an error body or
/// even in a 200 answer; redacting the URL alone let such a key through to
/// stderr, to the server's answers and into the cache file.
struct SecretRedaction: Sendable {
  /// What replaces a secret.
  static let mask = "<redacted>"

  /// Every form of every secret to look for, longest first, so that a
  /// secret holding another is cut whole.
  let forms: [String]

  /// - Parameter secrets: the secrets as sent; empty ones are ignored.
  init(_ secrets: [String]) {
    var forms: Set<String> = []
    for secret in secrets where !secret.isEmpty {
      forms.insert(secret)
      // As a JSON string would carry it, and as a query string would.
      forms.insert(Self.jsonEscaped(secret))
      forms.insert(urlQueryValue(secret))
    }
    self.forms = forms.sorted { ($0.utf8.count, $0) > ($1.utf8.count, $1) }
  }

  /// Whether there is nothing to redact.
  var isEmpty: Bool { forms.isEmpty }

  /// `text` with every secret replaced by `<redacted>`. Control characters
  /// and escape sequences, which a message drops when it cleans the text,
  /// cannot hide a secret: text that only holds one once cleaned is
  /// returned cleaned and redacted.
  func text(_ text: String) -> String {
    guard !isEmpty else { return text }
    let redacted = forms.reduce(text) {
      $0.replacingOccurrences(of: $1, with: Self.mask)
    }
    guard let cleaned = DisplayText.clean(redacted), contains(cleaned) else { return redacted }
    return forms.reduce(cleaned) { $0.replacingOccurrences(of: $1, with: Self.mask) }
  }

  /// Whether `text` holds a secret as it stands.
  func contains(_ text: String) -> Bool {
    forms.contains { text.contains($0) }
  }

  /// A response body with every secret replaced by `<redacted>`: its bytes
  /// as they are, and, in a JSON body that spells a secret with `\u`
  /// escapes, every string that decodes (and cleans) to one.
  ///
  /// - Complexity: O(body length * secrets).
  func body(_ data: Data) -> Data {
    guard !isEmpty else { return data }
    var data = data
    for form in forms {
      let needle = Data(form.utf8)
      let replacement = Data(Self.mask.utf8)
      var searchStart = data.startIndex
      while let found = data.range(of: needle, in: searchStart..<data.endIndex) {
        data.replaceSubrange(found, with: replacement)
        searchStart = found.lowerBound + replacement.count
      }
    }
    guard data.range(of: Data(#"\u"#.utf8)) != nil,
      let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    else { return data }
    var changed = false
    let redacted = redactStrings(object, changed: &changed)
    guard changed,
      let rewritten = try? JSONSerialization.data(
        withJSONObject: redacted, options: [.fragmentsAllowed])
    else { return data }
    return rewritten
  }

  /// `object` with every string (keys too) passed through `text(_:)`.
  private func redactStrings(_ object: Any, changed: inout Bool) -> Any {
    switch object {
    case let string as String:
      let redacted = text(string)
      if redacted != string { changed = true }
      return redacted
    case let array as [Any]:
      return array.map { redactStrings($0, changed: &changed) }
    case let dictionary as [String: Any]:
      var result: [String: Any] = [:]
      for (key, value) in dictionary {
        let redactedKey = text(key)
        if redactedKey != key { changed = true }
        result[redactedKey] = redactStrings(value, changed: &changed)
      }
      return result
    default:
      return object
    }
  }

  /// `secret` as it appears inside a JSON string.
  static func jsonEscaped(_ secret: String) -> String {
    secret.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "/", with: "\\/")
  }
}

extension HTTPRequest {
  /// The secrets this request carries: the value of every header that
  /// authenticates (`Authorization`, `Proxy-Authorization`, any header
  /// naming a key or a token), the credential after its scheme word
  /// (`Bearer KEY`), and the user name and password of the URL.
  var secrets: [String] {
    var found: [String] = []
    for header in headers {
      guard let colon = header.firstIndex(of: ":") else { continue }
      let name = header[..<colon].lowercased()
      guard
        ["auth", "key", "token", "secret", "cookie"].contains(where: { name.contains($0) })
      else { continue }
      let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      found.append(value)
      if let space = value.lastIndex(of: " ") {
        found.append(String(value[value.index(after: space)...]))
      }
    }
    if let parts = URLComponents(string: url) {
      found += [parts.user, parts.password, parts.percentEncodedUser, parts.percentEncodedPassword]
        .compactMap { $0 }
    }
    return found.filter { !$0.isEmpty }
  }
}
