import Foundation
import ItineraryCore
import ItineraryFormats
import ItineraryOutput
import ItineraryPlanning

/// `itinerary save [--name NAME] [--replace] [last|FILE]`: keeps a plan
/// under a name, from the history or from a file of `plan --format json`.
enum SaveCommand {
  static let command = Command(
    name: "save",
    usage: ["save [--name NAME] [--replace] [last|FILE.json]"],
    summary: "keep a plan under a name: the last one planned, or a JSON file",
    description: """
      Saves the newest plan of the history ('last', the default: what 'plan' or
      'explore' planned last) or a plan response read from FILE (the output of
      'plan --format json') under NAME, by default its categories ("restaurant >
      park > art"). A name already taken is an error unless --replace is given.
      'itinerary plans' lists them.
      """,
    options: [Options.name, Options.replace],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let source = try arguments.atMostOne("'last' or one plan file") ?? "last"
    let store = try StoreAccess.open(context)
    let response =
      source == "last"
      ? try HistoryLog.lastPlan(in: store).1
      : try ResponseJSON.decode(InputFile.contents(of: source), source: source)
    let name =
      arguments.string(Options.name)
      ?? response.categories.joined(separator: Summary.separator(response))
    let saved = try store.savePlan(
      named: name, payload: StoredJSON.encode(response), summary: Summary.plan(response),
      replace: arguments.has(Options.replace))
    context.terminal.writeError("saved \"\(TerminalText.clean(saved.name))\": \(saved.summary)\n")
    return 0
  }
}
