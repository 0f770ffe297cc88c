import Foundation

#if DEBUG
  let buildConfiguration = "debug"
#else
  let buildConfiguration = "release"
#endif
let debugBuild = buildConfiguration == "debug"

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("error: \(error.message)\n\(Options.usage)\n".utf8))
  exit(64)
}
if options.help {
  say(Options.usage)
  exit(0)
}
if options.list {
  for suite in Suite.all { say("\(suite.name)\t\(suite.summary)") }
  exit(0)
}
if debugBuild {
  let warning = """
    !! itinerary-bench was built without optimization: its numbers mean nothing.
    !! Run `swift run -c release itinerary-bench`.
    """
  FileHandle.standardError.write(Data((warning + "\n").utf8))
  if !options.allowDebug {
    FileHandle.standardError.write(
      Data("error: refusing to measure a debug build (--allow-debug overrides)\n".utf8))
    exit(1)
  }
}

// Read before the run, so that a bad path fails at once. A machine of
// another processor model is faster at some work and slower at other work,
// which one factor cannot take out: the baseline of this model is used when
// there is one.
var baselines: [(path: String, report: Report)] = []
for path in options.compare {
  do {
    baselines.append((path, try Report.read(from: URL(fileURLWithPath: path))))
  } catch {
    FileHandle.standardError.write(
      Data("error: cannot read the baseline \(path): \(error.localizedDescription)\n".utf8))
    exit(1)
  }
}
let processor = Machine.current().cpu
let baseline = baselines.first { $0.report.machine.cpu == processor } ?? baselines.first

let selected =
  options.suites.isEmpty ? Suite.all : Suite.all.filter { options.suites.contains($0.name) }
var report = Report(
  machine: .current(), date: ISO8601DateFormatter().string(from: Date()),
  commit: Report.currentCommit(), build: buildConfiguration,
  arguments: Array(CommandLine.arguments.dropFirst()))
say(
  "itinerary-bench: \(report.machine.cpu), \(report.machine.logicalCores) cores, "
    + "\(report.machine.system), load \(report.machine.loadBefore), commit \(report.commit)"
    + (options.quick ? ", quick" : ""))

let outputDirectory = URL(fileURLWithPath: options.output, isDirectory: true)
do {
  try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
  for suite in selected {
    let table = Table(perUnit: suite.perUnit, debugBuild: debugBuild)
    table.header(suite: suite)
    var bench = Bench(
      options: options, table: table, result: SuiteResult(name: suite.name, xAxis: suite.xAxis))
    try suite.run(&bench)
    report.suites.append(bench.result)
    if let svg = chart(suite, bench.result) {
      try Data(svg.utf8).write(
        to: outputDirectory.appending(path: "\(suite.name).svg"), options: .atomic)
    }
  }
  report.machine.loadAfter = Machine.loadAverage()
  report.targets = Target.evaluate(report.suites)
  say("\n== targets")
  for target in report.targets {
    say(
      "\(target.verdict.padding(toLength: 13, withPad: " ", startingAt: 0))\(target.name) \(target.limit): \(target.detail)"
    )
  }
  let resultsURL = outputDirectory.appending(path: "results.json")
  try report.write(to: resultsURL)
  say(
    "\nwrote \(resultsURL.path) and the charts beside it (load average now \(report.machine.loadAfter ?? .nan))"
  )
  if let baseline {
    let comparison = Comparison(report, baseline: baseline.report)
    say(
      "\n== against \(baseline.path) (commit \(baseline.report.commit), \(baseline.report.machine.cpu))"
    )
    comparison.lines.forEach(say)
    if comparison.failed {
      FileHandle.standardError.write(
        Data(
          "error: a measurement is more than \(Comparison.slowdownLimit) times slower than this machine's speed explains\n"
            .utf8))
      exit(2)
    }
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}

/// The suite's chart: one line per series, styled by the suite.
func chart(_ suite: Suite, _ result: SuiteResult) -> String? {
  var order: [String] = []
  var styles: [String: (color: Int, dashed: Bool)] = [:]
  var points: [String: [(x: Double, y: Double)]] = [:]
  for record in result.records {
    let style: (color: Int, dashed: Bool)?
    if let chartStyle = suite.chartStyle {
      style = chartStyle(record)
    } else {
      style = (color: order.firstIndex(of: record.series) ?? order.count, dashed: false)
    }
    guard let style else { continue }
    if styles[record.series] == nil {
      order.append(record.series)
      styles[record.series] = style
    }
    points[record.series, default: []].append((Double(record.n), record.timing.median))
  }
  let series = order.compactMap { name in
    styles[name].map { style in
      SVGChart.Series(
        label: name, points: points[name] ?? [], color: style.color, dashed: style.dashed)
    }
  }
  let title = "itinerary-bench \(suite.name)" + (debugBuild ? " (DEBUG BUILD)" : "")
  return SVGChart(title: title, xLabel: suite.xAxis, series: series).render()
}
