import ItineraryCore

/// `itinerary categories`: the vocabulary, with aliases and OpenStreetMap tags.
enum CategoriesCommand {
  static let help = """
    usage: itinerary categories

    Lists the categories 'plan' understands, their aliases and the
    OpenStreetMap tags each one covers.

    """

  static func run(_ arguments: [String], terminal: Terminal) throws(ItineraryError) -> Int32 {
    let arguments = try Arguments(arguments, options: [], command: "categories")
    if arguments.has("help") {
      terminal.write(help)
      return 0
    }
    if let extra = arguments.positionals.first {
      throw ItineraryError(.usage, "categories: unexpected argument '\(extra)'")
    }
    for category in CategoryVocabulary.standard.categories {
      terminal.write("\(category.name): \(category.summary)\n")
      if !category.aliases.isEmpty {
        terminal.write("  aliases: \(category.aliases.joined(separator: ", "))\n")
      }
      terminal.write("  OpenStreetMap: \(category.osm.joined(separator: ", "))\n")
    }
    return 0
  }
}
