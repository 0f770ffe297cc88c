import ItineraryCore
import ItineraryFormats
import ItinerarySolver
import Testing

@Suite struct PlanTableTests {
  let problem = Problem(
    origin: Coordinate(lat: 60, lon: 24), categories: ["park"],
    places: [
      Place(
        id: "a", name: "A park with a name far too long to fit in any table column at all",
        categories: ["park"], coordinate: Coordinate(lat: 60.009, lon: 24), score: 4)
    ], roundTrip: true)

  func report(units: DistanceUnit = .metric) -> PlanReport {
    let plan = Plan(places: [0])
    let solution = Solution(
      plans: [Solution.Ranked(plan: plan, objective: problem.objective(of: plan))],
      solver: .orderedDP, optimal: true)
    return PlanReport(problem: problem, solution: solution, millis: 1, units: units)
  }

  @Test func showsEveryLegWithDistanceAndTime() {
    let table = PlanTable.render(report())
    #expect(table.contains("#1  objective 2.999  2.00 km  25 min walking"))
    #expect(table.contains("1.00 km  13 min"))
    #expect(table.contains("back to the start"))
    #expect(table.hasPrefix("park from 60.0,24.0 and back, 0.50 points a km\n"))
    #expect(table.contains("A park with a name far too long to fit…  park  4.00  1.00 km  13 min"))
  }

  @Test func imperialUnitsAreMiles() {
    #expect(PlanTable.render(report(units: .imperial)).contains("1.24 mi"))
    #expect(DistanceUnit.imperial.format(km: 1.609344) == "1.00 mi")
  }
}
