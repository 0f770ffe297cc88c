import ItineraryCore
import ItineraryOutput
import ItineraryPlaces
import ItineraryPlanning

/// `itinerary complete PREFIX`: what the search box offers as one types.
enum CompleteCommand {
  static let command = Command(
    name: "complete",
    usage: ["complete [options] PREFIX"],
    summary: "complete a typed prefix: categories and place names",
    description: """
      Lists the categories and place names that PREFIX completes: any word of a
      name, ignoring case and accents ("kais" finds Kaisaniemen puisto),
      categories first, then places best first, of the embedded city or with
      --provider city:NAME of an imported city. Words after the first are part
      of the prefix.
      """,
    options: [Options.limit, Options.provider, Options.format],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let prefix = arguments.positionals.joined(separator: " ")
    if prefix.trimmingCharacters(in: .whitespaces).isEmpty {
      throw ItineraryError(.usage, "complete: the prefix to complete is empty")
    }
    let limit = try arguments.integer(Options.limit) ?? PlaceFinder.defaultCompletions
    let provider: ProviderID? = try arguments.choice(Options.provider)
    let format = try StoreAccess.format(arguments, default: .table, allowed: [.table, .json])
    let completions = try arguments.validatedValue { () throws(ItineraryError) in
      try PlaceFinder(environment: context.environment).complete(
        prefix, limit: limit, provider: provider)
    }
    if format == .json {
      try Emit.data(ResponseJSON.encode(completions), to: nil, terminal: context.terminal)
    } else {
      let rows = completions.map { [$0.text, $0.kind, $0.id ?? ""] }
      context.terminal.write(TextColumns.align(rows).map { $0 + "\n" }.joined())
    }
    return 0
  }
}
