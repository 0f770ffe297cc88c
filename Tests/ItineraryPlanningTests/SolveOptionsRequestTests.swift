import ItineraryCore
import ItineraryPlanning
import Testing

/// The options every request of the pipeline is solved with, and so every
/// line of `itinerary batch` and every request to the server: one thread
/// each, as they already run many at once.
@Suite struct SolveOptionsRequestTests {
  @Test func aRequestSearchesOnOneThread() {
    #expect(SolveOptions(timeLimit: nil, seed: nil, memoryLimit: nil).threads == 1)
    #expect(
      SolveOptions(timeLimit: 30, orElse: 1, seed: 7, memoryLimit: 64, cancellation: Cancellation())
        .threads == 1)
  }
}
