import Foundation

/// A log-log line chart of time against size, drawn as plain SVG: decade
/// ticks and grid lines on both axes, one polyline with markers per series,
/// and a legend.
struct SVGChart {
  struct Series {
    var label: String
    /// (size, seconds), any order; points with a value <= 0 are left out.
    var points: [(x: Double, y: Double)]
    /// Series that share a colour index are drawn in the same colour.
    var color: Int
    var dashed = false
  }

  var title: String
  var xLabel: String
  var yLabel = "time (median)"
  var series: [Series]

  private static let palette = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
    "#7f7f7f", "#bcbd22",
  ]
  private let width = 860.0
  private let height = 520.0
  private let left = 80.0
  private let right = 230.0
  private let top = 40.0
  private let bottom = 60.0

  /// The chart as an SVG document, or `nil` when no series has a point to draw.
  func render() -> String? {
    let drawn = series.map { s in
      Series(
        label: s.label, points: s.points.filter { $0.x > 0 && $0.y > 0 }.sorted { $0.x < $1.x },
        color: s.color, dashed: s.dashed)
    }
    .filter { !$0.points.isEmpty }
    let xs = drawn.flatMap { $0.points.map(\.x) }
    let ys = drawn.flatMap { $0.points.map(\.y) }
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max()
    else { return nil }
    let xDecades = Self.decades(minX, maxX)
    let yDecades = Self.decades(minY, maxY)
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    func px(_ x: Double) -> Double {
      left + (log10(x) - Double(xDecades.lowerBound)) / Double(xDecades.count - 1) * plotWidth
    }
    func py(_ y: Double) -> Double {
      top + plotHeight - (log10(y) - Double(yDecades.lowerBound)) / Double(yDecades.count - 1)
        * plotHeight
    }

    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(f(left + plotWidth / 2))" y="22" text-anchor="middle" font-size="15">\(escape(title))</text>

      """
    // Grid: a line at every decade, fainter ones at 2..9 times it.
    for decade in xDecades {
      let base = pow(10, Double(decade))
      svg += line(px(base), top, px(base), top + plotHeight, "#bbbbbb")
      svg += text(px(base), top + plotHeight + 18, Self.sizeLabel(base), anchor: "middle")
      if decade < xDecades.upperBound {
        for m in 2...9 {
          let x = px(base * Double(m))
          svg += line(x, top, x, top + plotHeight, "#eeeeee")
        }
      }
    }
    for decade in yDecades {
      let base = pow(10, Double(decade))
      svg += line(left, py(base), left + plotWidth, py(base), "#bbbbbb")
      svg += text(left - 6, py(base) + 4, Self.timeLabel(base), anchor: "end")
      if decade < yDecades.upperBound {
        for m in 2...9 {
          let y = py(base * Double(m))
          svg += line(left, y, left + plotWidth, y, "#eeeeee")
        }
      }
    }
    svg += """
      <rect x="\(f(left))" y="\(f(top))" width="\(f(plotWidth))" height="\(f(plotHeight))" \
      fill="none" stroke="black"/>
      <text x="\(f(left + plotWidth / 2))" y="\(f(height - 15))" text-anchor="middle">\(escape(xLabel))</text>
      <text x="18" y="\(f(top + plotHeight / 2))" text-anchor="middle" \
      transform="rotate(-90 18 \(f(top + plotHeight / 2)))">\(escape(yLabel))</text>

      """
    for (index, s) in drawn.enumerated() {
      let color = Self.palette[s.color % Self.palette.count]
      let dash = s.dashed ? " stroke-dasharray=\"6 4\"" : ""
      let points = s.points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
      svg +=
        "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>\n"
      for point in s.points {
        svg +=
          "<circle cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"3\" fill=\"\(color)\"/>\n"
      }
      let legendY = top + 10 + Double(index) * 18
      let legendX = left + plotWidth + 15
      svg +=
        "<line x1=\"\(f(legendX))\" y1=\"\(f(legendY))\" x2=\"\(f(legendX + 28))\" y2=\"\(f(legendY))\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>\n"
      svg += text(legendX + 34, legendY + 4, s.label, anchor: "start")
    }
    return svg + "</svg>\n"
  }

  /// The decades that enclose `low...high`, at least two.
  private static func decades(_ low: Double, _ high: Double) -> ClosedRange<Int> {
    let first = Int(log10(low).rounded(.down))
    let last = Int(log10(high).rounded(.up))
    return first...Swift.max(last, first + 1)
  }

  private static func sizeLabel(_ value: Double) -> String {
    switch value {
    case 1e6...: "\(Int(value / 1e6))M"
    case 1e3...: "\(Int(value / 1e3))k"
    default: value >= 1 ? "\(Int(value))" : "\(value)"
    }
  }

  /// `1 ns`, `10 µs`, `100 ms`, `1 s`, ...
  static func timeLabel(_ seconds: Double) -> String {
    let units: [(Double, String)] = [(1, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns")]
    for (scale, unit) in units where seconds >= scale * 0.999 {
      let value = seconds / scale
      return value >= 1000 ? "\(Int(value.rounded())) \(unit)" : "\(formatted(value)) \(unit)"
    }
    return "\(formatted(seconds * 1e12)) ps"
  }

  private static func formatted(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
  }

  private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ color: String)
    -> String
  {
    "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(color)\"/>\n"
  }

  private func text(_ x: Double, _ y: Double, _ content: String, anchor: String) -> String {
    "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\">\(escape(content))</text>\n"
  }

  private func f(_ value: Double) -> String { String(format: "%.1f", value) }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
