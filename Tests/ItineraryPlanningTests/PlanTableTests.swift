import ItineraryCore
import ItineraryOutput
import ItineraryPlanning
import Testing

@Suite struct PlanTableTests {
  let problem = Problem(
    origin: Coordinate(lat: 60, lon: 24), categories: ["park"],
    places: [
      Place(
        id: "a", name: "A park with a name far too long to fit in any table column at all",
        categories: ["park"], coordinate: Coordinate(lat: 60.009, lon: 24), score: 4)
    ], roundTrip: true)

  func response(units: DistanceUnit? = nil) throws -> PlanResponse {
    var settings = SolveSettings()
    settings.top = 1
    var response = try PlanningPipeline(environment: [:]).solve(
      SolveRequest(instance: problem, settings: settings))
    var echo = PlanRequest(categories: ["park"])
    echo.units = units
    response.request = RequestEcho(plan: echo)
    return response
  }

  @Test func showsEveryLegWithDistanceAndTime() throws {
    let table = PlanTable.render(try response())
    #expect(table.contains("#1  objective 2.999  2.00 km  25 min walking"))
    #expect(table.contains("1.00 km  13 min"))
    #expect(table.contains("back to the start"))
    #expect(table.hasPrefix("park from 60.0,24.0 and back, 0.50 points a km\n"))
    #expect(
      table.contains("A park with a name far too long to fit…  park       4.00  1.00 km  13 min"))
    // The columns are named; a file's scores are its own, of no source.
    #expect(
      table.contains(
        "      place                                    category  score      leg    time\n"))
  }

  @Test func imperialUnitsAreMiles() throws {
    #expect(PlanTable.render(try response(units: .imperial)).contains("1.24 mi"))
  }

  @Test func controlCharactersInNamesNeverReachTheTerminal() {
    #expect(TerminalText.clean("Bar\u{1B}[31mRed\u{7}\n") == "Bar?[31mRed??")
    #expect(TerminalText.clean("Café Ekberg") == "Café Ekberg")
  }
}
