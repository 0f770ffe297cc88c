import Foundation

/// The human-readable table on standard output, printed row by row as the
/// measurements come in.
struct Table {
  /// The work counter to divide the median by, if any.
  var perUnit: String?
  /// Set for debug builds: every row then says so.
  var debugBuild: Bool

  private static let widths = [24, 7, 6, 10, 10, 10, 10, 34, 9]

  func header(suite: Suite) {
    say("\n== \(suite.name): \(suite.summary)")
    let unit = perUnit.map { "ns/\($0)" } ?? ""
    say(
      line([
        "series", suite.xAxis.split(separator: " ").last.map(String.init) ?? "n", "iters", "min",
        "median", "max", "cpu med", "work", unit,
      ]))
  }

  func row(_ record: Record) {
    let timing = record.timing
    let work = record.work.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      .joined(separator: " ")
    var perUnitText = ""
    if let perUnit, let count = record.work[perUnit], count > 0 {
      perUnitText = String(format: "%.1f", timing.median * 1e9 / Double(count))
    }
    let cells = [
      record.series, "\(record.n)", "\(timing.iterations)x\(timing.wall.count)",
      SVGChart.timeLabel(timing.min), SVGChart.timeLabel(timing.median),
      SVGChart.timeLabel(timing.max), SVGChart.timeLabel(timing.cpuMedian), work, perUnitText,
    ]
    say((debugBuild ? "!! DEBUG BUILD, NOT A MEASUREMENT !! " : "") + line(cells))
  }

  func note(_ text: String) {
    say("   \(text)")
  }

  private func line(_ cells: [String]) -> String {
    zip(cells, Self.widths).map { cell, width in
      cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
    }.joined().trimmingCharacters(in: .whitespaces)
  }
}

/// Writes a line to standard output at once, unbuffered, so that a long run
/// shows its progress even through a pipe.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
