import Foundation
import ItineraryCore
import ItineraryPlaces

/// The `itinerary` command line as a library: `main` calls `run` and exits
/// with what it returns, and tests call it in-process.
public enum CLI {
  /// The release, as the live providers also send it in their `User-Agent`.
  public static let version = ItineraryRelease.version

  static var help: String {
    let width = (Command.all.map(\.name.count).max() ?? 0) + 4
    let list = Command.all.map { "  " + $0.name.padding(toLength: width) + $0.summary }
    return """
      usage: itinerary COMMAND [options]

      Plans the best itineraries: one place per category, scored by popularity
      and distance, exactly.

      commands:
      \(list.joined(separator: "\n"))
        help COMMAND    a command's options

      Every command takes --help and --version. Formats, errors and exit codes:
      docs/reference.md.

      """
  }

  /// Runs one command line (without the program name) and returns the exit code.
  ///
  /// A failure prints one `error:` line on standard error and returns the
  /// documented code: 64 bad usage, 65 bad data, 69 service unavailable, 1 else.
  ///
  /// - Parameter environment: API keys and `ITINERARY_*` settings.
  public static func run(
    arguments: [String], terminal: Terminal = .standard,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    do throws(ItineraryError) {
      guard let name = arguments.first else {
        terminal.writeError(help)
        return ItineraryError.Kind.usage.exitCode
      }
      let rest = Array(arguments.dropFirst())
      switch name {
      case "help", "--help", "-h":
        return try showHelp(rest, terminal: terminal)
      case "--version":
        terminal.write("itinerary \(version)\n")
        return 0
      default:
        guard let command = Command.named(name) else {
          let names = Command.all.map(\.name) + ["help"]
          throw ItineraryError(
            .usage,
            "unknown command '\(name)'\(NearestWord.hint(name, among: names)) "
              + "(commands: \(names.joined(separator: ", ")))")
        }
        let parsed = try ParsedArguments(rest, for: command)
        if parsed.has(Options.help) {
          terminal.write(command.help)
          return 0
        }
        if parsed.has(Options.version) {
          terminal.write("itinerary \(version)\n")
          return 0
        }
        let status = try command.run(
          parsed, Context(terminal: terminal, environment: environment))
        if let failure = terminal.outputFailure() { throw failure }
        return status
      }
    } catch {
      terminal.writeError("error: \(ErrorLine.clean(error.message))\n")
      return error.kind.exitCode
    }
  }

  /// `itinerary help [COMMAND]`.
  private static func showHelp(_ rest: [String], terminal: Terminal) throws(ItineraryError)
    -> Int32
  {
    guard let name = rest.first else {
      terminal.write(help)
      return 0
    }
    guard rest.count == 1, let command = Command.named(name) else {
      throw ItineraryError(
        .usage,
        "help: no command '\(rest.joined(separator: " "))'"
          + NearestWord.hint(name, among: Command.all.map(\.name)))
    }
    terminal.write(command.help)
    return 0
  }
}

/// Error messages on one line: a newline or control character from the
/// data (a place name) must not split or colour the line.
enum ErrorLine {
  static func clean(_ message: String) -> String {
    var result = ""
    for scalar in message.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += " "
      default:
        result.unicodeScalars.append(
          scalar.properties.generalCategory == .control ? "?" : scalar)
      }
    }
    return result
  }
}
