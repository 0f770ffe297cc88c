import Foundation
import Testing

/// The built `itinerary` process writing where writes fail: one `error:`
/// line and exit 1, never a crash, and no partial or temporary file.
@Suite struct StandardOutputTests {
  static let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent().appending(path: "itinerary")

  struct Outcome {
    var status: Int32
    var stderr: String
  }

  /// Runs `script` with `/bin/sh`, `$ITINERARY` naming the binary.
  func shell(_ script: String, in directory: URL? = nil) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.environment = ["ITINERARY": Self.binary.path, "PATH": "/usr/bin:/bin"]
    if let directory { process.currentDirectoryURL = directory }
    let stderr = Pipe()
    process.standardError = stderr
    try process.run()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, stderr: String(decoding: errors, as: UTF8.self))
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: binary.path), "build itinerary first"),
    arguments: [
      (
        "a full disk", #""$ITINERARY" categories >/dev/full"#,
        "error: cannot write standard output: No space left on device\n"
      ),
      (
        "a closed descriptor", #""$ITINERARY" categories >&-"#,
        "error: cannot write standard output: Bad file descriptor\n"
      ),
    ])
  func failingStandardOutput(_ name: String, _ script: String, _ expected: String) throws {
    let outcome = try shell(script)
    #expect(outcome.status == 1, "\(name)")
    #expect(outcome.stderr == expected, "\(name)")
  }

  /// A pipe whose reader has gone: an error, not death by `SIGPIPE`.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: binary.path)))
  func brokenPipeIsOneErrorLine() throws {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = ["categories"]
    let output = Pipe()
    let stderr = Pipe()
    process.standardOutput = output
    process.standardError = stderr
    try output.fileHandleForReading.close()
    try process.run()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 1)
    #expect(
      String(decoding: errors, as: UTF8.self)
        == "error: cannot write standard output: Broken pipe\n")
  }

  /// A file size limit stands in for a full disk at `-o`.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: binary.path)))
  func fullDiskAtOutputLeavesNothing() throws {
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outcome = try shell(
      #"trap '' XFSZ; ulimit -f 0; exec "$ITINERARY" solve --gtsplib tiny.gtsp -o out.json"#,
      in: try writeTinyGTSPLIB(in: scratch))
    #expect(outcome.status == 1)
    #expect(outcome.stderr == "error: cannot write out.json: File too large\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["tiny.gtsp"])
  }

  func writeTinyGTSPLIB(in directory: URL) throws -> URL {
    let text = """
      NAME : tiny
      TYPE : GTSP
      DIMENSION : 2
      GTSP_SETS : 2
      EDGE_WEIGHT_TYPE : EUC_2D
      NODE_COORD_SECTION
      1 0 0
      2 3 4
      GTSP_SET_SECTION
      1 1 -1
      2 2 -1
      EOF

      """
    try Data(text.utf8).write(to: directory.appending(path: "tiny.gtsp"))
    return directory
  }
}
