import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning
import ItineraryWebPage

/// Where a command's data goes: standard output, or `-o FILE` written whole
/// (see `OutputFile`; `-o -` is standard output).
enum Emit {
  static func data(_ data: Data, to path: String?, terminal: Terminal) throws(ItineraryError) {
    guard let path else {
      terminal.write(String(decoding: data, as: UTF8.self))
      return
    }
    try OutputFile.write(data, to: path, terminal: terminal)
    if path != "-" { terminal.writeError("wrote \(path)\n") }
  }

  /// Prints a response in `format`, then fails if GLPK disagreed with it.
  static func response(
    _ response: PlanResponse, format: OutputFormat, background: MapBackground,
    to path: String?, terminal: Terminal
  ) throws(ItineraryError) -> Int32 {
    try data(format.render(response, background: background), to: path, terminal: terminal)
    if let disagreement = response.disagreement { throw disagreement }
    return 0
  }
}

extension Terminal {
  /// Tells the person what the pipeline does: info as it is, warnings marked.
  func notice(_ notice: Notice) {
    switch notice.level {
    case .info: writeError("\(notice.text)\n")
    case .warning: writeError("warning: \(notice.text)\n")
    }
  }
}

extension ParsedArguments {
  /// The format asked for: `--format`, else the one the extension of
  /// `-o FILE` names (`.json`, `.geojson`, `.html`, `.ics`, `.gpx`), else `fallback`, so
  /// that `-o trip.geojson` never writes a table into a `.geojson` file.
  /// Any other extension keeps the command's default.
  func format(default fallback: OutputFormat) throws(ItineraryError) -> OutputFormat {
    if let given = try choice(Options.format, OutputFormat.self) { return given }
    return string(Options.output).flatMap(OutputFormat.init(namedBy:)) ?? fallback
  }
}

extension OutputFormat {
  /// The format a file name's extension names, ignoring case: `.json`,
  /// `.geojson`, `.html` (or `.htm`), `.ics`, `.gpx`; `nil` for any other.
  init?(namedBy path: String) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    switch name[name.index(after: dot)...].lowercased() {
    case "json": self = .json
    case "geojson": self = .geojson
    case "html", "htm": self = .html
    case "ics": self = .ics
    case "gpx": self = .gpx
    default: return nil
    }
  }
}
