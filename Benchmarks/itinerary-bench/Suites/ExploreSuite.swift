import Foundation
import ItineraryPlanning

extension Suite {
  /// The product's trips, in process, as `explore` plans them on the
  /// embedded city (the pipeline, its candidates and `TripSolver`): an
  /// afternoon of museum, cafe and art, a day of every category and three
  /// such days. Each record's work says whether the trip was proven, and
  /// the heuristic's iterations and the proof's labels. `--quick`: the
  /// afternoon and the day.
  static func explore(_ bench: inout Bench) throws {
    let pipeline = PlanningPipeline(environment: [:])
    func trip(_ categories: [String], _ start: String, _ end: String, days: Int) -> PlanRequest {
      var request = PlanRequest(categories: categories)
      (request.start, request.end, request.days) = (start, end, days)
      return request
    }
    let cases = [
      (
        "an afternoon of museum, cafe and art",
        trip(["museum", "cafe", "art"], "2026-12-01 13:00", "18:00", days: 1)
      ),
      ("a day of every category", trip([], "2026-12-07 10:00", "19:00", days: 1)),
      ("three days of every category", trip([], "2026-12-07 10:00", "19:00", days: 3)),
    ]
    for (name, request) in bench.options.quick ? Array(cases.prefix(2)) : cases {
      do {
        let record = try bench.measure(
          series: name, solver: "trip-labelling", n: request.days ?? 1,
          parameters: ["start": request.start ?? "", "end": request.end ?? ""],
          samples: bench.options.quick ? 1 : 3,
          work: { (response: PlanResponse) in
            response.solver.work.merging(["optimal": response.solver.optimal ? 1 : 0]) { $1 }
          }
        ) { try pipeline.explore(request) }
        bench.note(
          "\(name): \(SVGChart.timeLabel(record.timing.median)), "
            + (record.work["optimal"] == 1 ? "proven best" : "best found")
            + ", \(record.work["iterations"] ?? 0) iterations"
            + ", \(record.work["labels"] ?? 0) labels"
            + (record.work["deadline"] == 1 ? ", stopped by the time limit" : ""))
      } catch {
        bench.note("\(name): \(error)")
      }
    }
  }
}
