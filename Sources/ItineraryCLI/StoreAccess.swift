import ItineraryCore
import ItineraryOutput
import ItineraryStore

/// What the store commands share: the store the environment names, and
/// the checks of their arguments.
enum StoreAccess {
  /// Opens the store of `ITINERARY_DATA_DIR` (or the default data directory).
  static func open(_ context: Context) throws(ItineraryError) -> Store {
    let terminal = context.terminal
    return try Store(environment: context.environment) { terminal.writeError("warning: \($0)\n") }
  }

  /// The action asked for, the first positional argument (`list` when none
  /// is given), one of `actions`; then the store it acts on.
  static func open(_ arguments: ParsedArguments, _ actions: [String], _ context: Context)
    throws(ItineraryError) -> (action: String, store: Store)
  {
    let command = arguments.command.name
    let action = arguments.positionals.first ?? "list"
    guard actions.contains(action) else {
      throw ItineraryError(
        .usage,
        "\(command): unknown action '\(action)'\(NearestWord.hint(action, among: actions)) "
          + "(actions: \(actions.joined(separator: ", ")))")
    }
    return (action, try open(context))
  }

  /// The arguments after the action, exactly as many as `names` names.
  static func operands(_ arguments: ParsedArguments, _ names: String...) throws(ItineraryError)
    -> [String]
  {
    let rest = Array(arguments.positionals.dropFirst())
    guard rest.count == names.count else {
      let action = arguments.positionals.first.map { " \($0)" } ?? ""
      let expected = names.isEmpty ? "nothing more" : names.joined(separator: " ")
      throw ItineraryError(
        .usage,
        "\(arguments.command.name)\(action): expected \(expected), got \(rest.count) "
          + "argument\(rest.count == 1 ? "" : "s")")
    }
    return rest
  }

  /// `list`: the rows `rows` reads, once the arguments are checked to end
  /// at the action, aligned in columns one a line; `empty` on standard
  /// error when there are none.
  static func list(
    _ arguments: ParsedArguments, _ terminal: Terminal, empty: String,
    _ rows: () throws(ItineraryError) -> [[String]]
  ) throws(ItineraryError) {
    _ = try operands(arguments)
    write(try rows(), terminal, empty: empty)
  }

  /// `rows` aligned in columns, one a line; `empty` on standard error when
  /// there are none.
  static func write(_ rows: [[String]], _ terminal: Terminal, empty: String) {
    if rows.isEmpty {
      terminal.writeError(empty + "\n")
    } else {
      terminal.write(TextColumns.align(rows).map { $0 + "\n" }.joined())
    }
  }

  /// The `--format` asked for (or named by `-o FILE`'s extension), one of
  /// `allowed`, else `fallback`.
  static func format(
    _ arguments: ParsedArguments, default fallback: OutputFormat,
    allowed: [OutputFormat] = OutputFormat.allCases
  ) throws(ItineraryError) -> OutputFormat {
    let format = try arguments.format(default: fallback)
    guard allowed.contains(format) else {
      let asked =
        arguments.string(Options.format) != nil
        ? "--format \(format.rawValue)"
        : "\(format.rawValue) (named by -o \(arguments.string(Options.output) ?? ""))"
      throw ItineraryError(
        .usage,
        "\(arguments.command.name): \(asked) does not apply here (\(allowed.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    return format
  }

  /// A history entry's number, as given on the command line.
  static func entryNumber(_ text: String, _ arguments: ParsedArguments) throws(ItineraryError)
    -> Int64
  {
    guard let number = Int64(text), number > 0 else {
      throw ItineraryError(
        .usage, "\(arguments.command.name): expected a history entry number, got '\(text)'")
    }
    return number
  }

  /// `rename NAME NEW_NAME`: renames with `body` and says so.
  static func rename(
    _ arguments: ParsedArguments, _ terminal: Terminal,
    _ body: (String, String) throws(ItineraryError) -> Void
  ) throws(ItineraryError) {
    let names = try operands(arguments, "NAME", "NEW_NAME")
    try body(names[0], names[1])
    terminal.writeError(
      "renamed \"\(TerminalText.clean(names[0]))\" to \"\(TerminalText.clean(names[1]))\"\n")
  }

  /// `delete NAME`: deletes `what` (`collection `, or nothing for a plan)
  /// with `body` and says so.
  static func delete(
    _ arguments: ParsedArguments, _ terminal: Terminal, what: String,
    _ body: (String) throws(ItineraryError) -> Void
  ) throws(ItineraryError) {
    let name = try operands(arguments, "NAME")[0]
    try body(name)
    terminal.writeError("deleted \(what)\"\(TerminalText.clean(name))\"\n")
  }
}
