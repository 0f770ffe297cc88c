import Foundation
import ItineraryCore
import ItineraryPlaces

/// The `itinerary` command line as a library: `main` calls `run` and exits
/// with what it returns, and tests call it in-process.
public enum CLI {
  /// The release, as the live providers also send it in their `User-Agent`.
  public static let version = ItineraryRelease.version

  static let help = """
    usage: itinerary COMMAND [options]

    Plans the best itineraries: one place per category, scored by popularity
    and distance.

    commands:
      plan CATEGORY...     plan around a start point (embedded city by default)
      solve FILE.json      solve an instance file, print the contract's JSON
      categories           list the category vocabulary

    Run 'itinerary COMMAND --help' for a command's options.

    """

  /// Runs one command line (without the program name) and returns the exit code.
  ///
  /// A failure prints one `error:` line on standard error and returns the
  /// contract's code: 64 bad usage, 65 bad data, 69 service unavailable, 1 else.
  ///
  /// - Parameter environment: API keys and `ITINERARY_*` settings (contract section 7).
  public static func run(
    arguments: [String], terminal: Terminal = .standard,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    do throws(ItineraryError) {
      guard let command = arguments.first else {
        terminal.writeError(help)
        return ItineraryError.Kind.usage.exitCode
      }
      let status = try dispatch(
        command, Array(arguments.dropFirst()), terminal: terminal, environment: environment)
      if let failure = terminal.outputFailure() { throw failure }
      return status
    } catch {
      terminal.writeError("error: \(error.message)\n")
      return error.kind.exitCode
    }
  }

  private static func dispatch(
    _ command: String, _ rest: [String], terminal: Terminal, environment: [String: String]
  ) throws(ItineraryError) -> Int32 {
    switch command {
    case "plan": return try PlanCommand.run(rest, terminal: terminal, environment: environment)
    case "solve": return try SolveCommand.run(rest, terminal: terminal)
    case "categories": return try CategoriesCommand.run(rest, terminal: terminal)
    case "help", "--help", "-h":
      terminal.write(help)
      return 0
    case "--version":
      terminal.write("itinerary \(version)\n")
      return 0
    default:
      throw ItineraryError(
        .usage, "unknown command '\(command)' (commands: plan, solve, categories)")
    }
  }
}
