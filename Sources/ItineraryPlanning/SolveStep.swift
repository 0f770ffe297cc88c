import ItineraryCore
import ItinerarySolver

/// The solver run of a request, timed, under the request's time limit and seed.
enum SolveStep {
  static func run(
    _ problem: Problem, _ selection: Selection, timeLimit: Double?, seed: Int?,
    cancellation: Cancellation?
  ) throws(ItineraryError) -> (solution: Solution, millis: Double) {
    let options = SolveOptions(
      timeLimit: .seconds(timeLimit ?? Defaults.timeLimit), seed: UInt64(seed ?? 0),
      cancellation: cancellation)
    let clock = ContinuousClock()
    let start = clock.now
    let solution = try Planner.solve(problem, selection, options: options)
    return (solution, (clock.now - start).seconds * 1000)
  }
}
