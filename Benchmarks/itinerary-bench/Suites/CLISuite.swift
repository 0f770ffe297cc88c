import Foundation

extension Suite {
  /// The whole `itinerary plan` process on the embedded city, start-up and
  /// output included, for requests of growing length.
  ///
  /// It runs the `itinerary` binary of the same build directory and skips,
  /// saying so, when that binary has not been built.
  static let cli = Suite(
    name: "cli",
    summary: "the `itinerary plan` process on the embedded city (k categories)",
    xAxis: "categories k", perUnit: nil, chartStyle: nil,
    run: { bench in
      guard let binary = siblingExecutable("itinerary") else {
        bench.note(
          "skipped: no `itinerary` binary beside this one; build it first with "
            + "`swift build -c release --product itinerary`")
        return
      }
      let requests =
        bench.options.quick ? [planCategories.prefix(3)] : (2...6).map { planCategories.prefix($0) }
      for categories in requests {
        let arguments = ["plan"] + categories
        do {
          try bench.measure(
            series: "itinerary plan", solver: "itinerary", n: categories.count,
            parameters: ["arguments": arguments.joined(separator: " ")], minimumSampleSeconds: 0,
            work: { ["stdoutBytes": $0] }
          ) {
            try runToCompletion(binary, arguments)
          }
        } catch {
          bench.note("skipped `itinerary \(arguments.joined(separator: " "))`: \(error)")
          return
        }
      }
    })

  /// Canonical categories of the embedded city, in the order requests use them.
  private static let planCategories = ["restaurant", "museum", "park", "cafe", "art", "bar"]

  /// The executable named `name` in this executable's directory, if built.
  private static func siblingExecutable(_ name: String) -> URL? {
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let url = me.deletingLastPathComponent().appending(path: name)
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }

  struct ProcessFailure: Error, CustomStringConvertible {
    var status: Int32
    var stderr: String
    var description: String {
      "exit status \(status): \(stderr.split(separator: "\n").first ?? "")"
    }
  }

  /// Runs the process to its end with output read and discarded, and
  /// returns the number of bytes it wrote to standard output.
  private static func runToCompletion(_ binary: URL, _ arguments: [String]) throws -> Int {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ProcessFailure(
        status: process.terminationStatus, stderr: String(decoding: errorData, as: UTF8.self))
    }
    return data.count
  }
}
