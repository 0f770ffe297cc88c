import Foundation
import ItineraryCLI
import Synchronization

/// One in-process run of the command line, with everything it printed.
struct CommandRun {
  var status: Int32
  var stdout: String
  var stderr: String

  init(_ arguments: [String]) {
    let output = Mutex(("", ""))
    let terminal = Terminal(
      write: { text in output.withLock { $0.0 += text } },
      writeError: { text in output.withLock { $0.1 += text } })
    status = CLI.run(arguments: arguments, terminal: terminal)
    (stdout, stderr) = output.withLock { $0 }
  }

  /// The one `error:` line, when the run failed as the contract says it must.
  var errorLine: String? {
    let lines = stderr.split(separator: "\n")
    guard let last = lines.last, last.hasPrefix("error: ") else { return nil }
    return lines.filter { $0.hasPrefix("error:") }.count == 1 ? String(last) : nil
  }
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appending(path: "itinerary-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
