import Dispatch
import Testing

@testable import ItinerarySolver

/// The state the orienteering searches share: only a better trip replaces
/// the best, from any thread; a stop is seen by all; iterations add up.
@Suite struct OrienteeringSharedBestTests {
  @Test func onlyABetterTripReplacesTheBest() throws {
    let shared = OrienteeringSharedBest(.init(routes: [[], []], score: 0, seconds: 0))
    shared.offer(.init(routes: [[1], []], score: 5, seconds: 1), epsilon: 1e-9)
    shared.offer(.init(routes: [[2], []], score: 4, seconds: 2), epsilon: 1e-9)
    shared.offer(.init(routes: [[3], []], score: 5, seconds: 3), epsilon: 1e-9)
    #expect(shared.best.routes == [[1], []])
    #expect(shared.best.seconds == 1)
    #expect(shared.better(than: 5, epsilon: 1e-9) == nil)
    let better = try #require(shared.better(than: 4, epsilon: 1e-9))
    #expect(better.score == 5)
  }

  @Test func offersFromManyThreadsKeepTheBest() {
    let shared = OrienteeringSharedBest(.init(routes: [[]], score: 0, seconds: 0))
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for step in 0..<1000 {
        let score = Double((step * 7 + worker * 13) % 997)
        shared.offer(.init(routes: [[worker]], score: score, seconds: 0), epsilon: 1e-9)
      }
      shared.report(iterations: 1000)
    }
    #expect(shared.best.score == 996)
    #expect(shared.iterations == 8000)
    #expect(!shared.isStopped)
    shared.stop()
    #expect(shared.isStopped)
  }
}
