import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning

/// `itinerary plans list|show|rename|delete|export`: the saved plans.
enum PlansCommand {
  static let actions = ["list", "show", "rename", "delete", "export"]

  static let command = Command(
    name: "plans",
    usage: [
      "plans [list]", "plans show NAME", "plans rename NAME NEW_NAME", "plans delete NAME",
      "plans export NAME [--format json|geojson|html|ics|gpx|table] [-o FILE]",
    ],
    summary: "the saved plans: list, show, rename, delete, export",
    description: """
      Lists the plans kept with 'itinerary save', shows one as a table, renames
      or deletes one, or exports one as JSON (the default, which 'save' reads
      back), GeoJSON, a map page (html), a calendar of its visits (ics: a plan
      with a start time) or a GPS track (gpx). Without --format, the extension
      of -o FILE chooses. Names are matched ignoring ASCII case.
      """,
    options: [Options.format, Options.output, Options.tiles, Options.tilesAttribution],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let action = try StoreAccess.action(arguments, actions, default: "list")
    let store = try StoreAccess.open(context)
    let terminal = context.terminal
    switch action {
    case "list":
      _ = try StoreAccess.operands(arguments)
      let plans = try store.savedPlans()
      if plans.isEmpty { terminal.writeError("no saved plans yet\n") }
      let rows = plans.map { [$0.name, $0.updatedAt.formatted(.iso8601), $0.summary] }
      terminal.write(TextColumns.align(rows).map { $0 + "\n" }.joined())
    case "show", "export":
      let name = try StoreAccess.operands(arguments, "NAME")[0]
      let format = try StoreAccess.format(arguments, default: action == "show" ? .table : .json)
      let saved = try store.savedPlan(named: name)
      let response = try StoredJSON.decode(
        PlanResponse.self, from: saved.payload, source: "saved plan \"\(saved.name)\"")
      let data: Data
      do throws(ItineraryError) {
        data = try format.render(
          response,
          background: PageBackground.of(
            response, format: format, tiles: arguments.tileServer(context.environment),
            context.environment))
      } catch {
        throw ItineraryError(error.kind, "saved plan \"\(saved.name)\": \(error.message)")
      }
      try Emit.data(data, to: arguments.string(Options.output), terminal: terminal)
    case "rename":
      try StoreAccess.rename(arguments, terminal) { old, new throws(ItineraryError) in
        try store.renamePlan(old, to: new)
      }
    default:
      try StoreAccess.delete(arguments, terminal, what: "") { name throws(ItineraryError) in
        try store.deletePlan(named: name)
      }
    }
    return 0
  }
}
