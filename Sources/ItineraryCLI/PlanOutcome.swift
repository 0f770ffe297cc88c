import ItineraryCore
import ItineraryOutput
import ItineraryPlanning

/// What `plan` and `explore` do once their flags are read: check the
/// request, plan it (a trip of days for `explore`), keep it in the history
/// unless `--no-history` says not to, and print the answer.
enum PlanOutcome {
  static func emit(
    _ request: PlanRequest, trip: Bool, _ arguments: ParsedArguments, _ context: Context
  ) throws(ItineraryError) -> Int32 {
    let format = try arguments.format(default: .table)
    let tiles = try arguments.tileServer(context.environment)
    try arguments.validated { () throws(ItineraryError) in
      try request.validate(naming: Option.spelling(ofKey:), trip: trip)
    }
    let terminal = context.terminal
    let pipeline = PlanningPipeline(environment: context.environment) { terminal.notice($0) }
    let response = try trip ? pipeline.explore(request) : pipeline.plan(request)
    defer {
      if !arguments.has(Options.noHistory) {
        let warn: @Sendable (String) -> Void = { terminal.writeError("warning: \($0)\n") }
        HistoryLog.record(
          trip ? .explore(request, response) : .plan(request, response),
          environment: context.environment, warn: warn)
      }
    }
    return try Emit.response(
      response, format: format,
      background: PageBackground.of(response, format: format, tiles: tiles, context.environment),
      to: arguments.string(Options.output), terminal: terminal)
  }
}
