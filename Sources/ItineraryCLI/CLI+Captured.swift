import Foundation
import Synchronization

extension CLI {
  /// What one in-process run of a command line printed, and its exit code.
  package struct Captured: Sendable {
    package var status: Int32
    package var stdout: String
    package var stderr: String
  }

  /// Runs one command line in-process with both outputs kept, as the
  /// tests and the server's agreement checks read them.
  package static func runCaptured(arguments: [String], environment: [String: String]) -> Captured {
    let output = Mutex(("", ""))
    let terminal = Terminal(
      write: { text in output.withLock { $0.0 += text } },
      writeError: { text in output.withLock { $0.1 += text } })
    let status = run(arguments: arguments, terminal: terminal, environment: environment)
    let (stdout, stderr) = output.withLock { $0 }
    return Captured(status: status, stdout: stdout, stderr: stderr)
  }
}
