/// A command-line option, declared once: its name, the value it takes, and
/// its help text. Commands list the options they take; help and parsing are
/// generated from these declarations.
struct Option: Hashable, Sendable {
  var name: String
  var short: Character?
  /// What the value is called in help (`K`, `LAT,LON`), or `nil` for a flag.
  var value: String?
  var help: String

  static func flag(_ name: String, short: Character? = nil, _ help: String) -> Option {
    Option(name: name, short: short, value: nil, help: help)
  }

  static func value(_ name: String, _ value: String, short: Character? = nil, _ help: String)
    -> Option
  {
    Option(name: name, short: short, value: value, help: help)
  }

  /// `--name`, as messages spell it.
  var spelling: String { "--\(name)" }

  /// The request key of the same name in camelCase: `round-trip` is `roundTrip`.
  var key: String { Self.key(name) }

  static func key(_ name: String) -> String {
    let words = name.split(separator: "-")
    return (words.first.map(String.init) ?? "")
      + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// `--distance-weight` for the request key `distanceWeight`.
  static func spelling(ofKey key: String) -> String {
    "--" + key.map { $0.isUppercase ? "-\($0.lowercased())" : String($0) }.joined()
  }
}
