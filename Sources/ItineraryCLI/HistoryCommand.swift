import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning
import ItineraryStore

/// `itinerary history [list|show N|rerun N|delete N|clear]`: the plans,
/// trips and searches run before.
enum HistoryCommand {
  static let actions = ["list", "show", "rerun", "delete", "clear"]

  static let command = Command(
    name: "history",
    usage: [
      "history [list] [--limit N]", "history show N", "history rerun N", "history delete N",
      "history clear",
    ],
    summary: "the plans and searches run before: list, show, rerun, delete",
    description: """
      Every plan, trip (explore) and search is kept with its request and answer in
      the store (ITINERARY_DATA_DIR), unless run with --no-history or
      ITINERARY_NO_HISTORY=1. 'list' shows the newest \(defaultLimit) unless
      --limit says otherwise. 'rerun N' asks entry N's request again and shows the
      new answer.
      """,
    options: [
      historyLimit, Options.format, Options.output, Options.tiles, Options.tilesAttribution,
      Options.noHistory,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let (action, store) = try StoreAccess.open(arguments, actions, context)
    let terminal = context.terminal
    switch action {
    case "list":
      _ = try StoreAccess.operands(arguments)
      let format = try StoreAccess.format(arguments, default: .table, allowed: [.table, .json])
      let entries = try store.history(limit: arguments.integer(historyLimit) ?? defaultLimit)
      if format == .json {
        let list = entries.map {
          EntryJSON(
            id: $0.id, kind: $0.kind, summary: $0.summary,
            createdAt: $0.createdAt.formatted(.iso8601))
        }
        try Emit.data(
          ResponseJSON.encode(list), to: arguments.string(Options.output), terminal: terminal)
      } else {
        let rows = entries.map {
          ["\($0.id)", $0.createdAt.formatted(.iso8601), $0.kind, $0.summary]
        }
        StoreAccess.write(rows, terminal, empty: "the history is empty")
      }
    case "show":
      let entry = try store.historyEntry(number(arguments))
      let format = try StoreAccess.format(arguments, default: .table)
      terminal.writeError(
        "#\(entry.id) \(entry.kind), \(entry.createdAt.formatted(.iso8601)): \(entry.summary)\n")
      try emit(HistoryLog.read(entry), format: format, arguments, context)
    case "rerun":
      let entry = try store.historyEntry(number(arguments))
      let format = try StoreAccess.format(arguments, default: .table)
      let notify: @Sendable (Notice) -> Void = { terminal.notice($0) }
      let again: KeptRun
      switch try HistoryLog.read(entry) {
      case .plan(let request, _):
        again = .plan(
          request,
          try PlanningPipeline(environment: context.environment, notify: notify).plan(request))
      case .explore(let request, _):
        again = .explore(
          request,
          try PlanningPipeline(environment: context.environment, notify: notify).explore(request))
      case .search(let request, _):
        again = .search(
          request,
          try PlaceFinder(environment: context.environment, notify: notify).search(
            request, now: WallClock.now(context.environment))
        )
      }
      if !arguments.has(Options.noHistory) { record(again, context) }
      try emit(again, format: format, arguments, context)
    case "delete":
      try store.deleteHistoryEntry(number(arguments))
      terminal.writeError("deleted history entry \(try number(arguments))\n")
    default:
      _ = try StoreAccess.operands(arguments)
      let count = try store.clearHistory()
      terminal.writeError("cleared the history (\(count) entr\(count == 1 ? "y" : "ies"))\n")
    }
    return 0
  }

  /// Entries `list` shows when not told how many.
  static let defaultLimit = 10

  static let historyLimit = Option.value(
    "limit", "N", "how many entries, the newest first (default \(defaultLimit))")

  struct EntryJSON: Encodable {
    var id: Int64
    var kind: String
    var summary: String
    /// ISO 8601, UTC.
    var createdAt: String
  }

  private static func number(_ arguments: ParsedArguments) throws(ItineraryError) -> Int64 {
    try StoreAccess.entryNumber(StoreAccess.operands(arguments, "N")[0], arguments)
  }

  private static func emit(
    _ run: KeptRun, format: OutputFormat, _ arguments: ParsedArguments, _ context: Context
  ) throws(ItineraryError) {
    let data =
      switch run {
      case .plan(_, let response), .explore(_, let response):
        try format.render(
          response,
          background: PageBackground.of(
            response, format: format, tiles: arguments.tileServer(context.environment),
            context.environment))
      case .search(_, let response): try format.render(response)
      }
    try Emit.data(data, to: arguments.string(Options.output), terminal: context.terminal)
  }

  private static func record(_ run: KeptRun, _ context: Context) {
    let warn: @Sendable (String) -> Void = { [terminal = context.terminal] in
      terminal.writeError("warning: \($0)\n")
    }
    HistoryLog.record(run, environment: context.environment, warn: warn)
  }
}
