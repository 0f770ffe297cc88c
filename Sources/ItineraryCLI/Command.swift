import ItineraryCore

/// A subcommand: its name, what it does, the options it takes, and how it
/// runs. Help is generated from this declaration.
struct Command: Sendable {
  var name: String
  /// Usage lines after `usage: itinerary `.
  var usage: [String]
  /// One line for the command list.
  var summary: String
  /// A paragraph for its own help.
  var description: String
  var options: [Option]
  var run: @Sendable (ParsedArguments, Context) throws(ItineraryError) -> Int32

  /// Every command, in the order help lists them.
  static let all: [Command] = [
    PlanCommand.command, ExploreCommand.command, SolveCommand.command, BatchCommand.command,
    ServeCommand.command,
    GTSPCommand.command, OPTWCommand.command,
    CategoriesCommand.command, CityCommand.command, SearchCommand.command, NearestCommand.command,
    CompleteCommand.command, ShowCommand.command, HistoryCommand.command, SaveCommand.command,
    PlansCommand.command, LikesCommand.like, LikesCommand.unlike, LikesCommand.liked,
    CollectionCommand.command, PhotosCommand.command,
  ]

  static func named(_ name: String) -> Command? { all.first { $0.name == name } }

  /// The command's help: usage, description, then every option aligned.
  var help: String {
    var lines = usage.enumerated().map { index, line in
      (index == 0 ? "usage: itinerary " : "       itinerary ") + line
    }
    lines += ["", description, "", "options:"]
    for option in options + [Options.help, Options.version] {
      var left = "  " + (option.short.map { "-\($0), " } ?? "") + option.spelling
      if let value = option.value { left += " \(value)" }
      let column = 29
      let text = Self.wrap(option.help, width: 80 - column)
      if left.count + 2 > column {
        lines.append(left)
        left = ""
      }
      for (index, line) in text.enumerated() {
        let start = index == 0 ? left : ""
        lines.append(start.padding(toLength: column) + line)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Words filled into lines of at most `width` characters.
  ///
  /// - Complexity: O(n) for n characters.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(whereSeparator: \.isWhitespace) {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + (line.isEmpty ? [] : [line])
  }
}

/// What a command runs with: where to write, and the environment.
struct Context: Sendable {
  var terminal: Terminal
  var environment: [String: String]
}

extension String {
  func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
