import Foundation
import ItineraryCore

/// The rules for the names a person gives things in the store (saved plans,
/// collections) and for the place ids kept there.
enum StoreName {
  /// The longest name accepted, in characters.
  static let maximumLength = 200

  /// Checks `name` and returns it.
  ///
  /// - Parameter what: what is named, for the message (`plan name`).
  /// - Throws: `ItineraryError` (usage) for an empty name, one of only
  ///   spaces, one longer than `maximumLength`, or one holding a newline or
  ///   another control character.
  static func validated(_ name: String, _ what: String) throws(ItineraryError) -> String {
    if name.trimmingCharacters(in: .whitespaces).isEmpty {
      throw ItineraryError(.usage, "a \(what) cannot be empty")
    }
    if name.count > maximumLength {
      throw ItineraryError(.usage, "a \(what) is at most \(maximumLength) characters")
    }
    if let bad = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      let code = "U+" + String(bad.value, radix: 16, uppercase: true)
      throw ItineraryError(
        .usage, "a \(what) cannot hold a newline or another control character (\(code))")
    }
    return name
  }

  /// The error for a name that is not there: it names it and lists the
  /// near matches among `known` (else the first few known names), or says
  /// there are none at all.
  ///
  /// - Parameter context: words after the name (` in collection "Parks"`).
  static func unknown(_ name: String, _ what: String, known: [String], context: String = "")
    -> ItineraryError
  {
    let quoted = "\(what) \"\(name)\"\(context)"
    if known.isEmpty { return ItineraryError(.data, "no \(quoted): there are none yet") }
    let near = EditDistance.nearMatches(of: name, in: known)
    func list(_ names: some Sequence<String>) -> String {
      names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
    if near.isEmpty {
      let some = known.sorted().prefix(5)
      let more = known.count > some.count ? ", ..." : ""
      return ItineraryError(.data, "no \(quoted) (there are \(list(some))\(more))")
    }
    return ItineraryError(.data, "no \(quoted) (did you mean \(list(near))?)")
  }
}
