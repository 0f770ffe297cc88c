import Foundation
import ItineraryCore
import ItineraryFormats

/// How a command prints its plans.
enum OutputFormat: String, CaseIterable {
  case table, json, geojson

  func render(_ report: PlanReport) -> Data {
    switch self {
    case .table: Data(PlanTable.render(report).utf8)
    case .json: PlanJSON.encode(report)
    case .geojson: GeoJSON.encode(report)
    }
  }

  /// Prints the report, or writes it whole to `path` when one is given
  /// (`-` is standard output).
  func emit(_ report: PlanReport, to path: String?, terminal: Terminal) throws(ItineraryError) {
    let data = render(report)
    if let path, path != "-" {
      try OutputFile.write(data, to: path)
      terminal.writeError("wrote \(path)\n")
    } else {
      terminal.write(String(decoding: data, as: UTF8.self))
    }
  }
}
