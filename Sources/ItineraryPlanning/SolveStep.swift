import ItineraryCore
import ItinerarySolver

/// The solver run of a request, timed, under the request's time limit, seed
/// and memory limit.
enum SolveStep {
  static func run(
    _ problem: Problem, _ selection: Selection, options: SolveOptions
  ) throws(ItineraryError) -> (solution: Solution, millis: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let solution = try Planner.solve(problem, selection, options: options)
    return (solution, (clock.now - start).seconds * 1000)
  }
}
