import Foundation
import ItineraryCLI
import ItineraryPlanning
import Testing

/// One in-process run of the command line, with everything it printed.
struct CommandRun {
  var status: Int32
  var stdout: String
  var stderr: String

  /// The environment of tests: the process's, without any history kept,
  /// with a data directory of their own, so that no test writes to the
  /// person's data directory or plans on the cities imported there, and
  /// "now" pinned to a Tuesday noon in Helsinki, so that no answer depends
  /// on when the tests run.
  static let environment = ProcessInfo.processInfo.environment.merging([
    "ITINERARY_NO_HISTORY": "1", WallClock.variable: "2026-12-01T10:00",
    "ITINERARY_DATA_DIR": FileManager.default.temporaryDirectory
      .appending(path: "itinerary-tests-\(getpid())").path,
  ]) { $1 }

  init(_ arguments: [String], environment: [String: String] = CommandRun.environment) {
    let run = CLI.runCaptured(arguments: arguments, environment: environment)
    (status, stdout, stderr) = (run.status, run.stdout, run.stderr)
  }

  /// The one `error:` line, when the run failed as docs/reference.md says it must.
  var errorLine: String? {
    let lines = stderr.split(separator: "\n")
    guard let last = lines.last, last.hasPrefix("error: ") else { return nil }
    return lines.filter { $0.hasPrefix("error:") }.count == 1 ? String(last) : nil
  }
}

/// A command line that must fail with one `error:` line: its arguments, its
/// exit status (64, bad usage, unless said) and words of that line.
struct FailingCommand: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var status: Int32
  var message: String
  var testDescription: String { arguments.joined(separator: " ") }

  init(_ arguments: [String], status: Int32 = 64, _ message: String) {
    (self.arguments, self.status, self.message) = (arguments, status, message)
  }

  /// Expects `run` to have failed with this status and an error line with this message.
  func expectFailure(of run: CommandRun) {
    #expect(run.status == status, "\(run.stderr)")
    #expect(run.errorLine?.contains(message) == true, "\(run.stderr)")
  }
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appending(path: "itinerary-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// One run of the built `itinerary` binary, for what only a whole process
/// shows: standard input, and standard output as a file descriptor.
struct ProcessRun {
  var status: Int32
  var stdout: String
  var stderr: String

  /// The binary beside the test bundle, when it has been built.
  static let binary: URL? = {
    let me = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
    var folder = me.deletingLastPathComponent()
    while folder.path.count > 1, !folder.lastPathComponent.hasSuffix("debug"),
      !folder.lastPathComponent.hasSuffix("release")
    {
      folder.deleteLastPathComponent()
    }
    let binary = folder.appending(path: "itinerary")
    return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
  }()

  init(_ arguments: [String], input: Data = Data(), in directory: URL? = nil) throws {
    let binary = try #require(Self.binary, "build `itinerary` first")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = CommandRun.environment
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    status = process.terminationStatus
    self.stdout = String(decoding: out, as: UTF8.self)
    self.stderr = String(decoding: err, as: UTF8.self)
  }
}
