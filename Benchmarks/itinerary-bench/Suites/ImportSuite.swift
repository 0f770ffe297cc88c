import Foundation
import ItineraryWorkloads

extension Suite {
  /// `itinerary city import` as a whole process (osmium included) on the
  /// Helsinki extract and on a larger one made of copies of it, renumbered
  /// with osmium so that no id repeats and merged: elements a second, and
  /// the largest resident memory of the import and the osmium it runs.
  ///
  /// Skips, saying so, without the `itinerary` binary, without osmium, or
  /// without the extract (`scripts/fetch-test-extract`).
  static func importing(_ bench: inout Bench) throws {
    guard let binary = siblingExecutable("itinerary") else {
      bench.note("skipped: no `itinerary` binary beside this one; build it first")
      return
    }
    let osmium = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .map { URL(fileURLWithPath: String($0)).appending(path: "osmium") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    guard let osmium else {
      bench.note("skipped: osmium is not installed (apt-get install osmium-tool)")
      return
    }
    guard let helsinki = helsinkiExtract(&bench) else { return }
    let scratch = FileManager.default.temporaryDirectory
      .appending(path: "itinerary-bench-import-\(getpid())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let copies = bench.options.quick ? 4 : 20
    let big = try repeated(helsinki, copies: copies, osmium: osmium, in: scratch)
    var figures: [(copies: Int, rate: Double, cpuRate: Double, kilobytes: Int)] = []
    for (count, file) in [(1, helsinki), (copies, big)] {
      let elements = try elementCount(file, osmium: osmium, in: scratch)
      let data = scratch.appending(path: "data")
      func run(peakMemory: Bool) throws -> ProcessRun {
        try? FileManager.default.removeItem(at: data)
        return try spawn(
          binary, ["city", "import", file.path, "--name", "bench"], in: scratch,
          extraEnvironment: ["ITINERARY_DATA_DIR": data.path], peakMemory: peakMemory)
      }
      let record = try bench.measure(
        series: "city import", solver: "osmium+sqlite", n: count,
        parameters: ["file": file.lastPathComponent, "elements": "\(elements)"],
        minimumSampleSeconds: 0, work: { _ in ["elements": elements] }
      ) {
        try run(peakMemory: false).outputBytes
      }
      // Memory in a run of its own: reading it scans /proc, which the
      // timed runs would count as their CPU.
      let largest = try run(peakMemory: true).maxResidentKilobytes ?? 0
      figures.append(
        (
          count, Double(elements) / record.timing.median,
          Double(elements) / record.timing.cpuMedian, largest
        ))
    }
    for figure in figures {
      bench.note(
        "\(figure.copies)x Helsinki: \(Int(figure.rate)) elements/s by the clock, "
          + "\(Int(figure.cpuRate)) per CPU second, largest resident set "
          + "\(figure.kilobytes / 1024) MB (import or osmium)")
    }
  }

  /// `copies` copies of `extract`, each renumbered into its own id range, merged.
  /// The Helsinki extract of `scripts/fetch-test-extract`, or `nil`, noted
  /// as the reason a suite skips it.
  static func helsinkiExtract(_ bench: inout Bench) -> URL? {
    let extract = SharedData.repositoryRoot.appending(path: ".build/test-data/Helsinki.osm.pbf")
    guard FileManager.default.fileExists(atPath: extract.path) else {
      bench.note("skipped: no \(extract.path); run scripts/fetch-test-extract")
      return nil
    }
    return extract
  }

  private static func repeated(_ extract: URL, copies: Int, osmium: URL, in directory: URL)
    throws -> URL
  {
    var parts: [String] = []
    for copy in 0..<copies {
      let part = directory.appending(path: "copy\(copy).osm.pbf")
      let starts =
        "\(copy * 10_000_000_000 + 1),\(copy * 1_000_000_000 + 1),\(copy * 100_000_000 + 1)"
      _ = try runToCompletion(
        osmium, ["renumber", extract.path, "-s", starts, "-o", part.path, "-O"], in: directory)
      parts.append(part.path)
    }
    let merged = directory.appending(path: "helsinki-x\(copies).osm.pbf")
    _ = try runToCompletion(osmium, ["merge"] + parts + ["-o", merged.path, "-O"], in: directory)
    for part in parts { try? FileManager.default.removeItem(atPath: part) }
    return merged
  }

  /// The nodes, ways and relations of `extract`, counted by osmium.
  private static func elementCount(_ extract: URL, osmium: URL, in directory: URL) throws -> Int {
    _ = try runToCompletion(osmium, ["fileinfo", "-e", "-j", extract.path], in: directory)
    let json = try Data(contentsOf: directory.appending(path: "stdout"))
    let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
    let count = (object?["data"] as? [String: Any])?["count"] as? [String: Int] ?? [:]
    return (count["nodes"] ?? 0) + (count["ways"] ?? 0) + (count["relations"] ?? 0)
  }
}
