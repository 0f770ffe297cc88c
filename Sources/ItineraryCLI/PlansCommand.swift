import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning
import ItineraryStore

/// `itinerary plans list|show|rename|delete|export|replan`: the saved plans.
enum PlansCommand {
  static let actions = ["list", "show", "rename", "delete", "export", "replan"]

  static let command = Command(
    name: "plans",
    usage: [
      "plans [list]", "plans show NAME", "plans rename NAME NEW_NAME", "plans delete NAME",
      "plans export NAME [--format json|geojson|html|ics|gpx|table] [-o FILE]",
      "plans replan NAME --replace N [--save] [--name NEW_NAME] [--format FORMAT] [-o FILE]",
    ],
    summary: "the saved plans: list, show, rename, delete, export, replan",
    description: """
      Lists the plans kept with 'itinerary save', shows one as a table, renames
      or deletes one, or exports one as JSON (the default, which 'save' reads
      back), GeoJSON, a map page (html), a calendar of its visits (ics: a plan
      with a start time) or a GPS track (gpx). Without --format, the extension
      of -o FILE chooses. Names are matched ignoring ASCII case.

      'replan NAME --replace N' plans again, as the saved plan was planned: every
      other stop stays the place it is, where it is, and stop N becomes the best
      other place of its category. It is printed as 'plan' prints (--format), and
      with --save kept under NAME (or --name NEW_NAME) in place of the old one.
      """,
    options: [
      Options.format, Options.output, Options.tiles, Options.tilesAttribution,
      Options.replaceStop, Options.keep, Options.name,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let (action, store) = try StoreAccess.open(arguments, actions, context)
    let terminal = context.terminal
    switch action {
    case "list":
      try StoreAccess.list(arguments, terminal, empty: "no saved plans yet") {
        () throws(ItineraryError) in
        try store.savedPlans().map { [$0.name, $0.updatedAt.formatted(.iso8601), $0.summary] }
      }
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
    case "replan":
      return try replan(arguments, store: store, context)
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

extension PlansCommand {
  /// `plans replan NAME --replace N`: the saved plan changed at stop N
  /// (`Replan`), printed, and kept with `--save`.
  static func replan(_ arguments: ParsedArguments, store: Store, _ context: Context)
    throws(ItineraryError) -> Int32
  {
    let name = try StoreAccess.operands(arguments, "NAME")[0]
    guard let number = try arguments.integer(Options.replaceStop) else {
      throw ItineraryError(.usage, "plans replan: expected --replace N, the stop to change")
    }
    let format = try StoreAccess.format(arguments, default: .table)
    let saved: SavedPlan
    do throws(ItineraryError) {
      saved = try store.savedPlan(named: name)
    } catch {
      throw ItineraryError(.usage, error.message)
    }
    let old = try StoredJSON.decode(
      PlanResponse.self, from: saved.payload, source: "saved plan \"\(saved.name)\"")
    let request = try Replan.request(from: old, replacing: number)
    let terminal = context.terminal
    let pipeline = PlanningPipeline(environment: context.environment) { terminal.notice($0) }
    let response = try pipeline.plan(request)
    if arguments.has(Options.keep) || arguments.has(Options.name) {
      let kept = try store.savePlan(
        named: arguments.string(Options.name) ?? saved.name,
        payload: StoredJSON.encode(response), summary: Summary.plan(response), replace: true)
      terminal.writeError("saved \"\(TerminalText.clean(kept.name))\": \(kept.summary)\n")
    }
    return try Emit.response(
      response, format: format,
      background: PageBackground.of(
        response, format: format, tiles: arguments.tileServer(context.environment),
        context.environment),
      to: arguments.string(Options.output), terminal: terminal)
  }
}
