import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryPlanning
import ItineraryWorkloads

extension Suite {
  /// Whether the answers are days a person would follow: six common `plan`
  /// requests and four `explore` requests at every hour from 08 to 22 of
  /// every weekday, with every broken rule counted (`Acceptability`): on the
  /// embedded city, then on the Helsinki extract imported with `city
  /// import` (skipped, saying so, without the binary, osmium or the extract
  /// of `scripts/fetch-test-extract`). `--quick`: three hours of one day.
  static func acceptability(_ bench: inout Bench) throws {
    acceptability(on: "embedded city", PlanningPipeline(environment: [:]), &bench)
    guard let binary = siblingExecutable("itinerary") else {
      bench.note("imported city skipped: no `itinerary` binary beside this one")
      return
    }
    guard let extract = helsinkiExtract(&bench) else { return }
    let scratch = FileManager.default.temporaryDirectory
      .appending(path: "itinerary-bench-acceptability-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let data = scratch.appending(path: "data")
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      _ = try spawn(
        binary, ["city", "import", extract.path, "--name", "imported"], in: scratch,
        extraEnvironment: ["ITINERARY_DATA_DIR": data.path])
    } catch {
      bench.note("imported city skipped: \(error)")
      return
    }
    acceptability(
      on: "imported city", PlanningPipeline(environment: ["ITINERARY_DATA_DIR": data.path]),
      provider: .city("imported"), &bench)
  }

  /// The acceptability set on one city, its counts noted.
  private static func acceptability(
    on city: String, _ pipeline: PlanningPipeline, provider: ProviderID? = nil,
    _ bench: inout Bench
  ) {
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
          var request = item.request
          request.provider = provider
          do {
            let response =
              item.explore ? try pipeline.explore(request) : try pipeline.plan(request)
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
        "acceptability \(kind), \(city): \(answered[kind] ?? 0) answered, "
          + "\(unanswered[kind] ?? 0) with no plan; \(total) rules broken: "
          + rules.joined(separator: ", "))
    }
    bench.note(
      String(
        format: "acceptability, %@: %d days x %d hours in %.1f s", city, days.count, hours.count,
        seconds))
  }
}
