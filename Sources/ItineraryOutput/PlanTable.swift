import Foundation
import ItineraryCore
import ItineraryPlanning

/// Plans as a table a person reads in a terminal: what was asked, then per
/// plan its rank and totals and each stop with its category, score, leg
/// distance and time, and for timed plans when the visit begins and ends
/// (`14:05-15:20`) and any waiting before it.
public enum PlanTable {
  /// How the legs were measured, after the verb: nothing for straight lines.
  static func measure(_ distances: Distances) -> String {
    switch distances {
    case .straight: ""
    case .network: " on the streets"
    case .osrm: " by road"
    }
  }

  /// - Complexity: O(total number of stops).
  public static func render(_ response: PlanResponse) -> String {
    let units = (response.request.plan ?? response.request.explore)?.units ?? .metric
    var lines = [heading(response), ""]
    let startDay = response.time.map { String($0.start.prefix(10)) }
    for plan in response.plans {
      let waited = (plan.waitMinutes ?? 0) >= 0.5
      let finish = plan.finish.map { "  until \(clock($0, startDay: startDay))" } ?? ""
      lines.append(
        "#\(plan.rank)  objective \(String(format: "%.3f", plan.objective))  "
          + "\(units.format(km: plan.distanceKm))  \(duration(plan.durationMinutes))"
          + " \(response.mode.verb)\(Self.measure(response.distances))"
          + finish + (waited ? ", \(duration(plan.waitMinutes ?? 0)) waiting" : ""))
      lines += stopRows(
        plan.stops, returnKm: plan.returnKm, returnMinutes: plan.returnMinutes, waited: waited,
        units: units, startDay: startDay)
      lines.append("")
    }
    for (index, day) in (response.days ?? []).enumerated() {
      let waited = day.waitMinutes >= 0.5
      let date = String(day.start.prefix(10))
      let weekday =
        (try? LocalDate(parsing: date)).map { LocalDate.weekdayNames[$0.weekday] + " " } ?? ""
      lines.append(
        "day \(index + 1)  \(weekday)\(date) \(day.start.suffix(5))-\(clock(day.end, startDay: date))"
          + "  objective \(String(format: "%.3f", day.objective))  "
          + "\(units.format(km: day.distanceKm))  \(duration(day.durationMinutes)) "
          + "\(response.mode.verb)\(Self.measure(response.distances))"
          + (day.stops.isEmpty
            ? "  nothing fits"
            : "  \(response.roundTrip ? "back" : "until") \(clock(day.finish, startDay: date))")
          + (waited ? ", \(duration(day.waitMinutes)) waiting" : ""))
      if !day.stops.isEmpty {
        lines += stopRows(
          day.stops, returnKm: response.roundTrip ? day.returnKm : nil,
          returnMinutes: day.returnMinutes, waited: waited,
          units: units, startDay: date)
      }
      lines.append("")
    }
    if let objective = response.objective, let days = response.days {
      let stops = days.reduce(0) { $0 + $1.stops.count }
      let proven = response.solver.optimal ? "proven best" : "best found"
      lines.append(
        "trip  objective \(String(format: "%.3f", objective))  \(stops) stop\(stops == 1 ? "" : "s") over "
          + "\(days.count) day\(days.count == 1 ? "" : "s")  "
          + "\(units.format(km: days.reduce(0) { $0 + $1.distanceKm }))  (\(proven))")
      lines.append("")
    }
    if let verify = response.verify {
      lines.append("verify (\(verify.solver)): \(verificationWords(verify))")
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// A header naming the columns (the scores' by their source, `map
  /// score`), each stop's row, and on a round trip the way back, columns aligned.
  private static func stopRows(
    _ stops: [PlanResponse.Stop], returnKm: Double?, returnMinutes: Double?, waited: Bool,
    units: DistanceUnit, startDay: String?
  ) -> [String] {
    var header = [
      "", "place", "category",
      PlaceText.scoreTitle(
        stops.compactMap(\.scoreSource).count == stops.count
          ? stops.compactMap(\.scoreSource) : []),
      "leg", "time",
    ]
    if stops.contains(where: { $0.begin != nil }) { header.append("visit") }
    if waited { header.append("") }
    var rows: [[String]] = [header]
    for (index, stop) in stops.enumerated() {
      var row = [
        "  \(index + 1).", TerminalText.clean(stop.name), stop.category,
        String(format: "%.2f", stop.score), units.format(km: stop.legKm),
        duration(stop.legMinutes),
      ]
      if let begin = stop.begin, let leave = stop.leave {
        let hours =
          stop.afterDark == true
          ? " (after dark)" : stop.hoursKnown == false ? " (hours unknown)" : ""
        let sameDay = begin.prefix(10) == leave.prefix(10)
        let end = sameDay ? String(leave.suffix(5)) : clock(leave, startDay: startDay)
        row.append("\(clock(begin, startDay: startDay))-\(end)\(hours)")
      }
      if waited {
        let wait = stop.waitMinutes ?? 0
        row.append(wait >= 0.5 ? "wait \(duration(wait))" : "")
      }
      rows.append(row)
    }
    if let back = returnKm {
      var row = [
        "  ", "back to the start", "", "", units.format(km: back), duration(returnMinutes ?? 0),
      ]
      row += Array(repeating: "", count: (rows.first?.count ?? row.count) - row.count)
      rows.append(row)
    }
    return align(rows, rightAligned: [3, 4, 5])
  }

  /// `agrees (objective 11.873)`, or why not.
  static func verificationWords(_ verify: PlanResponse.VerifyReport) -> String {
    let objective = verify.objective.map { "objective \(String(format: "%.3f", $0))" }
    if verify.agrees { return "agrees" + (objective.map { " (\($0))" } ?? " (no plan)") }
    return verify.note ?? "disagrees"
  }

  /// What was asked: `restaurant > park > art from 60.1699,24.9384 (embedded
  /// city: central Helsinki), 0.50 points a km`.
  static func heading(_ response: PlanResponse) -> String {
    // A trip's days that end elsewhere end at a last stop of category `end`.
    let ending = response.days?.lazy.compactMap(\.stops.last).first { $0.category == "end" }
    let visited = response.categories.filter { response.days == nil || $0 != "end" }
    let stops =
      response.days != nil
      ? (visited.count > 6
        ? "a trip to any of \(visited.count) categories"
        : "a trip to " + visited.joined(separator: ", "))
      : response.anyOrder
        ? response.categories.joined(separator: ", ") + " in any order"
        : response.categories.joined(separator: " > ")
    let source = response.provider.map { " (\($0.description))" } ?? ""
    let trip =
      response.roundTrip ? " and back" : ending.map { " to \(TerminalText.clean($0.name))" } ?? ""
    let price = String(format: "%.2f", response.distanceWeight)
    let when = response.time.map { time in
      ", \(time.start.replacingOccurrences(of: "T", with: " ")) to "
        + "\(clock(time.end, startDay: String(time.start.prefix(10)))) \(time.timeZone)"
    }
    return "\(stops) from \(response.origin)\(trip)\(source)\(when ?? ""), \(price) points a km"
  }

  /// The time of day of a local time `2026-12-01T14:12`: `14:12` on the
  /// start's day, else with the weekday, `We 10:00`.
  static func clock(_ local: String, startDay: String?) -> String {
    let day = String(local.prefix(10))
    let time = String(local.suffix(5))
    guard day != startDay, let date = try? LocalDate(parsing: day) else { return time }
    return "\(LocalDate.weekdayNames[date.weekday]) \(time)"
  }

  /// Minutes as `7 min` or `1 h 05 min`.
  static func duration(_ minutes: Double) -> String {
    guard minutes.isFinite, minutes < 1e9 else { return "-" }
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
      let line = row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }.joined(separator: "  ")
      return String(line.reversed().drop { $0 == " " }.reversed())
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

extension DistanceUnit {
  /// `km` in this unit, with its symbol.
  func format(km: Double) -> String {
    switch self {
    case .metric: String(format: "%.2f km", km)
    case .imperial: String(format: "%.2f mi", km / Self.kmPerMile)
    }
  }
}
