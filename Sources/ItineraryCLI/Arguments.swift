import ItineraryCore

/// A command's flags, parsed by hand: `--key value` and `--key=value` both
/// work, `--` ends the options, and every problem is a usage error (exit 64).
struct Arguments {
  /// A flag a command accepts.
  struct Option {
    var name: String
    var takesValue: Bool
    var short: Character?

    static func flag(_ name: String, short: Character? = nil) -> Option {
      Option(name: name, takesValue: false, short: short)
    }

    static func value(_ name: String, short: Character? = nil) -> Option {
      Option(name: name, takesValue: true, short: short)
    }
  }

  private(set) var values: [String: String] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String] = []
  private let command: String

  /// - Complexity: O(arguments * options).
  init(_ arguments: [String], options: [Option], command: String) throws(ItineraryError) {
    self.command = command
    let options = options + [.flag("help", short: "h")]
    var iterator = arguments.makeIterator()
    parsing: while let argument = iterator.next() {
      if argument == "--" {
        while let rest = iterator.next() { positionals.append(rest) }
        break parsing
      }
      guard argument.hasPrefix("-"), argument != "-", Double(argument) == nil else {
        positionals.append(argument)
        continue
      }
      var name = String(argument.drop { $0 == "-" })
      var inline: String?
      if let equals = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      let isShort = !argument.hasPrefix("--")
      guard
        let option = options.first(where: {
          isShort ? $0.short.map(String.init) == name : $0.name == name
        })
      else {
        throw ItineraryError(
          .usage, "\(command): unknown option '\(argument)' (see 'itinerary \(command) --help')")
      }
      if option.takesValue {
        guard let value = inline ?? iterator.next() else {
          throw ItineraryError(.usage, "\(command): --\(option.name) needs a value")
        }
        values[option.name] = value
      } else {
        if inline != nil {
          throw ItineraryError(.usage, "\(command): --\(option.name) takes no value")
        }
        flags.insert(option.name)
      }
    }
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }

  func value(_ name: String) -> String? { values[name] }

  /// A whole number of at least `minimum`, or `defaultValue` when absent.
  func integer(_ name: String, default defaultValue: Int, minimum: Int = 1) throws(ItineraryError)
    -> Int
  {
    guard let text = values[name] else { return defaultValue }
    guard let value = Int(text), value >= minimum else {
      throw ItineraryError(
        .usage, "\(command): --\(name) expects a whole number >= \(minimum), got '\(text)'")
    }
    return value
  }

  /// A finite number of at least `minimum`, or `nil` when absent.
  func number(_ name: String, minimum: Double = 0) throws(ItineraryError) -> Double? {
    guard let text = values[name] else { return nil }
    guard let value = Double(text) else {
      throw ItineraryError(.usage, "\(command): --\(name) expects a number, got '\(text)'")
    }
    guard value.isFinite, value >= minimum else {
      throw ItineraryError(
        .data, "\(command): --\(name) must be a finite number >= \(minimum), got '\(text)'")
    }
    return value
  }

  /// One of a fixed set of words, or `defaultValue` when absent.
  func choice<T: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: T)
    throws(ItineraryError) -> T where T.RawValue == String
  {
    guard let text = values[name] else { return defaultValue }
    guard let value = T(rawValue: text.lowercased()) else {
      let known = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw ItineraryError(
        .usage, "\(command): --\(name) expects one of \(known), got '\(text)'")
    }
    return value
  }
}
