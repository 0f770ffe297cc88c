import Foundation
import ItineraryCore
import ItineraryPlanning
import ItineraryWorkloads

extension Suite {
  /// Whether the answers are days a person would follow: six common `plan`
  /// requests and four `explore` requests on the embedded city at every hour
  /// from 08 to 22 of every weekday, with every broken rule counted
  /// (`Acceptability`). `--quick`: three hours of one day.
  static let acceptability = Suite(
    name: "acceptability",
    summary: "common plan and explore requests at every hour of a week: rules broken",
    xAxis: "requests", perUnit: nil, chartStyle: nil,
    run: { bench in
      let pipeline = PlanningPipeline(environment: [:])
      let days = bench.options.quick ? [8] : Array(7...13)
      let hours = bench.options.quick ? [10, 16, 21] : Array(8...22)
      var counts: [String: [Acceptability.Rule: Int]] = [:]
      var answered: [String: Int] = [:]
      var unanswered: [String: Int] = [:]
      let clock = ContinuousClock()
      let began = clock.now
      for day in days {
        for hour in hours {
          let start = String(format: "2026-12-%02d %02d:00", day, hour)
          for item in Acceptability.cases(at: start, hour: hour) {
            let kind = item.explore ? "explore" : "plan"
            do {
              let response =
                item.explore ? try pipeline.explore(item.request) : try pipeline.plan(item.request)
              answered[kind, default: 0] += 1
              for rule in Acceptability.breaks(of: response, explore: item.explore) {
                counts[kind, default: [:]][rule, default: 0] += 1
              }
            } catch {
              unanswered[kind, default: 0] += 1
            }
          }
        }
      }
      let seconds = (clock.now - began).seconds
      for kind in ["plan", "explore"] {
        let rules = Acceptability.Rule.allCases.map { rule in
          "\(rule.rawValue) \(counts[kind]?[rule] ?? 0)"
        }
        let total = counts[kind]?.values.reduce(0, +) ?? 0
        bench.note(
          "acceptability \(kind): \(answered[kind] ?? 0) answered, \(unanswered[kind] ?? 0) "
            + "with no plan; \(total) rules broken: " + rules.joined(separator: ", "))
      }
      bench.note(
        String(
          format: "acceptability: %d days x %d hours in %.1f s", days.count, hours.count, seconds))
    })
}
