import ItineraryCore

/// `itinerary categories`: the vocabulary, with aliases, OpenStreetMap tags
/// and the minutes a timed plan stays at each.
enum CategoriesCommand {
  static let command = Command(
    name: "categories",
    usage: ["categories"],
    summary: "list the category vocabulary",
    description: """
      Lists the categories 'plan' understands, their aliases, the
      OpenStreetMap tags each one covers (fixtures/categories.json says why),
      whether it fills a stop only when asked for by name, and the minutes a
      plan stays at a stop of it (change them with 'plan --dwell
      CATEGORY=MINUTES').
      """,
    options: [],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    if let extra = arguments.positionals.first {
      throw ItineraryError(.usage, "categories: unexpected argument '\(extra)'")
    }
    let terminal = context.terminal
    for category in CategoryVocabulary.standard.categories {
      terminal.write("\(category.name): \(category.summary)\n")
      if !category.aliases.isEmpty {
        terminal.write("  aliases: \(category.aliases.joined(separator: ", "))\n")
      }
      terminal.write("  OpenStreetMap: \(category.osm.joined(separator: ", "))\n")
      if category.onlyWhenAsked == true {
        terminal.write("  fills a stop only when asked for by name\n")
      }
      if let minutes = category.dwellMinutes {
        terminal.write("  dwell: \(Int(minutes.rounded())) min\n")
      }
    }
    return 0
  }
}
