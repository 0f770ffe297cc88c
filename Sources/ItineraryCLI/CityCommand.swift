import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryStore

/// `itinerary city import|list|show|remove`: cities imported from
/// OpenStreetMap extracts, for planning offline anywhere.
enum CityCommand {
  static let command = Command(
    name: "city",
    usage: [
      "city import [--name NAME] FILE.osm.pbf", "city list", "city show NAME",
      "city remove NAME",
    ],
    summary: "import an OpenStreetMap extract to plan there offline",
    description: """
      Imports the named places of the vocabulary's categories from an
      OpenStreetMap extract (read with osmium, package osmium-tool) into a
      places database in the data directory; 'plan' then uses the city when
      the start lies in it, or with --provider city:NAME. 'list' shows the
      imported cities, 'show' one city's summary, 'remove' deletes one.
      """,
    options: [Options.cityName],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let cities = ImportedCities(environment: context.environment)
    let terminal = context.terminal
    let words = arguments.positionals
    func operand(_ action: String, _ what: String) throws(ItineraryError) -> String {
      guard words.count == 2 else {
        throw ItineraryError(
          .usage, "city \(action) takes one \(what) (itinerary city \(action) \(what))")
      }
      return words[1]
    }
    if arguments.string(Options.cityName) != nil, words.first != "import" {
      throw ItineraryError(.usage, "city: --name goes with 'city import' only")
    }
    switch words.first {
    case "import":
      let file = URL(fileURLWithPath: try operand("import", "FILE.osm.pbf"))
      let summary = try CityImport(
        extract: file, name: arguments.string(Options.cityName), cities: cities,
        environment: context.environment
      ).run { terminal.writeError($0 + "\n") }
      terminal.write(describe(summary))
    case "list":
      guard words.count == 1 else { throw ItineraryError(.usage, "city list takes no argument") }
      let names = cities.names()
      if names.isEmpty {
        terminal.writeError("no city imported yet (itinerary city import FILE.osm.pbf)\n")
      }
      for name in names {
        guard let summary = try? cities.open(name).summary else {
          terminal.write("\(name)\t(unreadable: import it again)\n")
          continue
        }
        terminal.write("\(name)\t\(summary.places) places\t\(summary.source)\n")
      }
    case "show":
      terminal.write(describe(try cities.open(try operand("show", "NAME")).summary))
    case "remove":
      let name = try operand("remove", "NAME")
      try cities.remove(name)
      terminal.write("removed \(name)\n")
    default:
      let given = words.first.map { "'\($0)'" } ?? "nothing"
      throw ItineraryError(.usage, "city: expected import, list, show or remove, not \(given)")
    }
    return 0
  }

  private static func describe(_ summary: CityFile.Summary) -> String {
    let box = [summary.southWest, summary.northEast].map { "\($0.lat),\($0.lon)" }
    return """
      name: \(summary.name)
      places: \(summary.places)
      elements read: \(summary.elements)
      imported from: \(summary.source)
      imported at: \(ISO8601DateFormatter().string(from: summary.importedAt))
      bounds: \(box.joined(separator: " to "))
      provider: city:\(summary.name)
      data: \(summary.attribution)

      """
  }
}
