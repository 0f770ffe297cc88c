import Foundation
import ItineraryCore
import ItinerarySolver

/// Plans as a table a person reads in a terminal: per plan its rank and
/// totals, then each stop with its category, score, leg distance and time.
public enum PlanTable {
  public static func render(_ report: PlanReport) -> String {
    let problem = report.problem
    var lines = [heading(report), ""]
    for (index, ranked) in report.solution.plans.enumerated() {
      let legs = report.legs(of: ranked.plan)
      let (distance, minutes) = report.total(legs)
      lines.append(
        "#\(index + 1)  objective \(String(format: "%.3f", ranked.objective))  "
          + "\(report.units.format(km: distance))  \(duration(minutes))"
          + " \(report.mode.verb)\(problem.roads == nil ? "" : " by road")")
      var rows: [[String]] = []
      for (order, (stop, leg)) in zip(ranked.plan.stops, legs).enumerated() {
        let place = problem.places[stop.place]
        rows.append([
          "  \(order + 1).", place.name, problem.categories[stop.category],
          String(format: "%.2f", Scoring.score(of: place)), report.units.format(km: leg.km),
          duration(leg.minutes),
        ])
      }
      if problem.roundTrip, let back = legs.last {
        rows.append([
          "  ", "back to the start", "", "", report.units.format(km: back.km),
          duration(back.minutes),
        ])
      }
      lines += align(rows, rightAligned: [3, 4, 5])
      lines.append("")
    }
    if let verification = report.verification {
      lines.append("verify (\(verification.solver.rawValue)): \(verificationWords(verification))")
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// `agrees (objective 11.873)`, or why not.
  static func verificationWords(_ verification: Verification) -> String {
    let objective = verification.objective.map { "objective \(String(format: "%.3f", $0))" }
    if verification.agrees { return "agrees" + (objective.map { " (\($0))" } ?? " (no plan)") }
    return verification.note ?? "disagrees"
  }

  /// What was asked: `restaurant > park > art from 60.1699,24.9384 (embedded
  /// city: central Helsinki), 0.50 points a km`.
  static func heading(_ report: PlanReport) -> String {
    let problem = report.problem
    let stops =
      problem.order == .any
      ? problem.categories.joined(separator: ", ") + " in any order"
      : problem.categories.joined(separator: " > ")
    let source = report.provider.map { " (\($0))" } ?? ""
    let trip = problem.roundTrip ? " and back" : ""
    let price = String(format: "%.2f", problem.distanceWeight)
    return "\(stops) from \(problem.origin)\(trip)\(source), \(price) points a km"
  }

  /// Minutes as `7 min` or `1 h 05 min`.
  static func duration(_ minutes: Double) -> String {
    let whole = Int(minutes.rounded())
    return whole < 60 ? "\(whole) min" : "\(whole / 60) h \(String(format: "%02d", whole % 60)) min"
  }

  /// Pads each column to its widest cell; names longer than 40 characters are cut.
  private static func align(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
    let cells = rows.map { row in
      row.enumerated().map { column, cell in
        column == 1 && cell.count > 40
          ? cell.prefix(39).trimmingCharacters(in: .whitespaces) + "…" : cell
      }
    }
    let widths = (0..<(cells.first?.count ?? 0)).map { column in
      cells.map { $0[column].count }.max() ?? 0
    }
    return cells.map { row in
      row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }.joined(separator: "  ").replacingOccurrences(
        of: "\\s+$", with: "", options: .regularExpression)
    }
  }
}

extension TravelMode {
  /// The word for moving this way, after a duration: `25 min walking`.
  var verb: String {
    switch self {
    case .walk: "walking"
    case .bike: "cycling"
    case .drive: "driving"
    }
  }
}
