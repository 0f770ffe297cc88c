import Foundation

/// The Python `icalendar` and `gpxpy` packages, installed once per test
/// run with `pip install --target` into one temporary directory (emptied
/// first: runs do not pile copies up), so that the
/// calendars and tracks the CLI writes are read back by parsers that share
/// no code with it.
///
/// When the install fails, the suite is skipped only if PyPI cannot be
/// reached at all; an install that fails with PyPI up is a test failure.
enum ExportPeers {
  enum State: Sendable {
    /// The directory to put on `PYTHONPATH`.
    case ready(String)
    case pypiUnreachable
    case failed(String)
  }

  static let state: State = install()

  static var canRun: Bool {
    if case .pypiUnreachable = state { return false }
    return true
  }

  /// The packages' directory, or a failure naming why the install failed.
  static func path() throws -> String {
    switch state {
    case .ready(let path): return path
    case .pypiUnreachable: throw Failure("PyPI is unreachable")
    case .failed(let message): throw Failure("pip install icalendar gpxpy failed: \(message)")
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  private static func install() -> State {
    let target = FileManager.default.temporaryDirectory
      .appending(path: "itinerary-export-peers").path
    try? FileManager.default.removeItem(atPath: target)
    let pip = python(
      [
        "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input",
        "--target", target, "icalendar", "gpxpy",
      ], pythonPath: nil)
    if pip.status == 0 { return .ready(target) }
    let reach = python(
      [
        "-c",
        "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/', timeout=15)",
      ],
      pythonPath: nil)
    if reach.status != 0 {
      print(
        "skipping the export cross-checks: PyPI is unreachable, so icalendar and gpxpy are missing")
      return .pypiUnreachable
    }
    return .failed(pip.output)
  }

  /// Runs `python3 arguments`; its exit status and its output (with the
  /// errors too unless `errors` is false).
  static func python(_ arguments: [String], pythonPath: String?, errors: Bool = true)
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    var environment = ProcessInfo.processInfo.environment
    if let pythonPath { environment["PYTHONPATH"] = pythonPath }
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors ? output : FileHandle.nullDevice
    do { try process.run() } catch { return (127, "\(error)") }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Runs `script` with the packages on the path and `file` as its argument;
  /// the JSON it prints.
  static func read(_ script: String, _ file: URL) throws -> [String: Any] {
    let path = try path()
    let scriptFile = file.deletingLastPathComponent().appending(path: "read-\(UUID()).py")
    try script.write(to: scriptFile, atomically: true, encoding: .utf8)
    let run = python([scriptFile.path, file.path], pythonPath: path, errors: false)
    guard run.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    else { throw Failure("the peer could not read \(file.lastPathComponent): \(run.output)") }
    return json
  }
}
