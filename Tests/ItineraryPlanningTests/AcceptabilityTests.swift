import Foundation
import ItineraryCore
import ItineraryPlanning
import ItineraryTestSupport
import ItineraryWorkloads
import Testing

/// A seeded sample of the acceptability set (`Acceptability`): common
/// requests on the embedded city at hours and days drawn by the seed. No
/// plan and no trip breaks a rule: waits, the end, opening hours, daylight,
/// museum visits, stops a day, meals and variety.
enum AcceptabilityTests {
  @Suite(.tags(.slow)) struct Slow {
    @Test(arguments: [UInt64(1), 2, 3])
    func aSampleOfCommonRequestsBreaksNoRule(seed: UInt64) throws {
      print("acceptability seed \(seed)")
      var generator = SplitMix64(seed: seed)
      let pipeline = PlanningPipeline(environment: [:])
      var counts: [Acceptability.Rule: Int] = [:]
      var answered = 0
      for _ in 0..<3 {
        let day = Int.random(in: 7...13, using: &generator)
        let hour = Int.random(in: 8...22, using: &generator)
        let start = String(format: "2026-12-%02d %02d:00", day, hour)
        for item in Acceptability.cases(at: start, hour: hour)
        where !item.explore || Int.random(in: 0..<4, using: &generator) == 0 {
          var request = item.request
          request.seed = 1
          guard
            let response = try? item.explore
              ? pipeline.explore(request) : pipeline.plan(request)
          else { continue }
          answered += 1
          let broken = Acceptability.breaks(of: response, explore: item.explore)
          #expect(broken.isEmpty, "seed \(seed): \(item.name) at \(start): \(broken)")
          for rule in broken { counts[rule, default: 0] += 1 }
        }
      }
      let tally = counts.map { "\($0.key.rawValue) \($0.value)" }.sorted()
      print("acceptability seed \(seed): \(answered) answers, rules broken: \(tally)")
      #expect(answered > 10)
    }
  }
}
