import Foundation
import ItineraryCore
import ItineraryPlaces

/// One command's arguments, parsed by hand against its declared options:
/// `--key value` and `--key=value` both work, `--` ends the options, and
/// every problem (an unknown option, an option of another command, a missing
/// or malformed value) is a usage error naming it. An option given twice
/// keeps every value: the last one counts, or all for a repeatable option
/// (`strings`).
struct ParsedArguments {
  let command: Command
  private(set) var values: [Option: [String]] = [:]
  private(set) var flags: Set<Option> = []
  private(set) var positionals: [String] = []

  /// - Complexity: O(arguments * options).
  init(_ arguments: [String], for command: Command) throws(ItineraryError) {
    self.command = command
    let options = command.options + [Options.help, Options.version]
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
      let isShort = !argument.hasPrefix("--")
      var name = String(argument.dropFirst(isShort ? 1 : 2))
      var inline: String?
      if let equals = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard
        let option = options.first(where: {
          isShort ? $0.short.map(String.init) == name : $0.name == name
        })
      else { throw unknown(argument, name: name, options: options) }
      if option.value != nil {
        guard let value = inline ?? iterator.next() else {
          throw ItineraryError(
            .usage, "\(command.name): \(option.spelling) needs a value (\(option.value ?? ""))")
        }
        values[option, default: []].append(value)
      } else {
        if inline != nil {
          throw ItineraryError(.usage, "\(command.name): \(option.spelling) takes no value")
        }
        flags.insert(option)
      }
    }
  }

  private func unknown(_ argument: String, name: String, options: [Option]) -> ItineraryError {
    if let elsewhere = Command.all.first(where: { other in
      other.options.contains { $0.name == name }
    }) {
      return ItineraryError(
        .usage,
        "\(command.name): \(argument) does not apply here (it is an option of '\(elsewhere.name)')")
    }
    let hint = NearestWord.hint(name, among: options.map(\.name), prefix: "--")
    return ItineraryError(
      .usage,
      "\(command.name): unknown option '\(argument)'\(hint) (see 'itinerary help \(command.name)')")
  }

  func has(_ flag: Option) -> Bool { flags.contains(flag) }

  /// `true` when the flag is given, else `nil` (the request's default applies).
  func flag(_ flag: Option) -> Bool? { flags.contains(flag) ? true : nil }

  func string(_ option: Option) -> String? { values[option]?.last }

  /// Every value of a repeatable option, in the order given.
  func strings(_ option: Option) -> [String] { values[option] ?? [] }

  func integer(_ option: Option) throws(ItineraryError) -> Int? {
    guard let text = values[option]?.last else { return nil }
    guard let value = Int(text) else {
      throw malformed(option, text, "a whole number")
    }
    return value
  }

  /// A finite number: `inf`, `nan` and what overflows a double are refused.
  func number(_ option: Option) throws(ItineraryError) -> Double? {
    guard let text = values[option]?.last else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw malformed(option, text, "a finite number")
    }
    return value
  }

  func choice<T: RawRepresentable & CaseIterable>(_ option: Option, _: T.Type = T.self)
    throws(ItineraryError) -> T? where T.RawValue == String
  {
    guard let text = values[option]?.last else { return nil }
    guard let value = T(rawValue: text.lowercased()) else {
      let known = T.allCases.map(\.rawValue)
      throw malformed(
        option, text,
        "one of \(known.joined(separator: ", "))\(NearestWord.hint(text, among: known))")
    }
    return value
  }

  /// Every `KEY=NUMBER` value of a repeatable option, the last one of a key
  /// counting: `--dwell museum=90 --dwell cafe=20`.
  func numbersByKey(_ option: Option) throws(ItineraryError) -> [String: Double]? {
    let texts = strings(option)
    guard !texts.isEmpty else { return nil }
    var result: [String: Double] = [:]
    for text in texts {
      let parts = text.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count == 2, !parts[0].isEmpty, let value = Double(parts[1]), value.isFinite
      else { throw malformed(option, text, "\(option.value ?? "KEY=NUMBER") with a number") }
      result[parts[0]] = value
    }
    return result
  }

  /// `LAT,LON` in decimal degrees.
  func coordinate(_ option: Option) throws(ItineraryError) -> Coordinate? {
    guard let text = values[option]?.last else { return nil }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else {
      throw malformed(option, text, "LAT,LON in degrees")
    }
    return Coordinate(lat: lat, lon: lon)
  }

  private func malformed(_ option: Option, _ text: String, _ expected: String) -> ItineraryError {
    ItineraryError(
      .usage, "\(command.name): \(option.spelling) expects \(expected), got '\(text)'")
  }

  /// The one positional argument, or `nil` for none; more is a usage
  /// error that says what was `expected`.
  func atMostOne(_ expected: String) throws(ItineraryError) -> String? {
    guard positionals.count <= 1 else {
      throw ItineraryError(.usage, "\(command.name): expected \(expected)")
    }
    return positionals.first
  }

  /// Exactly one positional argument, named `what` in the message.
  func single(_ what: String) throws(ItineraryError) -> String {
    guard positionals.count == 1, let only = positionals.first else {
      throw ItineraryError(
        .usage, "\(command.name): expected one \(what), got \(positionals.count)")
    }
    return only
  }

  /// Runs a request's validation, its errors told as this command's.
  func validated(_ check: () throws(ItineraryError) -> Void) throws(ItineraryError) {
    try validatedValue(check)
  }

  /// Runs `body`, its usage errors told as this command's.
  func validatedValue<T>(_ body: () throws(ItineraryError) -> T) throws(ItineraryError) -> T {
    do throws(ItineraryError) {
      return try body()
    } catch {
      throw ItineraryError(error.kind, "\(command.name): \(error.message)")
    }
  }
}
