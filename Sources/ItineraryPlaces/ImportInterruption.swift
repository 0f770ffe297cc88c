import Dispatch
import Foundation
import Synchronization

/// Stops an import cleanly when the process is told to stop (SIGINT,
/// SIGTERM, SIGHUP): kills the osmium processes it runs, which would
/// otherwise go on reading the extract as orphans, removes its work folder,
/// says so in one `error:` line and exits 1.
///
/// The handlers are in place only while an import runs; outside one the
/// signals act as they always do.
final class ImportInterruption: Sendable {
  static let shared = ImportInterruption()

  /// The signals that stop an import.
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  private struct State {
    var imports = 0
    var folders: Set<String> = []
    var children: Set<Int32> = []
    var sources: [any DispatchSourceSignal] = []
    /// Whether a signal is stopping the import.
    var interrupting = false
    /// Children being started, whose process ids are not known yet.
    var starting = 0
  }

  private let state = Mutex(State())

  /// An import starts, with its work folder: the handlers go in place.
  func begin(folder: URL) {
    state.withLock { state in
      state.imports += 1
      state.folders.insert(folder.path)
      guard state.sources.isEmpty else { return }
      state.sources = Self.signals.map { number in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { ImportInterruption.shared.interrupted(by: number) }
        source.resume()
        return source
      }
    }
  }

  /// An import is over (its folder removed or moved): with no other under
  /// way, the signals act as before.
  func end(folder: URL) {
    state.withLock { state in
      state.imports -= 1
      state.folders.remove(folder.path)
      guard state.imports == 0 else { return }
      state.sources.forEach { $0.cancel() }
      state.sources = []
      Self.signals.forEach { signal($0, SIG_DFL) }
    }
  }

  /// A child process is about to start: a signal waits for `started(_:)`.
  func starting() {
    state.withLock { $0.starting += 1 }
  }

  /// A child process started (`pid`, `nil` when it could not), to be
  /// killed on a signal; at once when a signal came while it started.
  func started(_ pid: Int32?) {
    state.withLock { state in
      state.starting -= 1
      guard let pid else { return }
      state.children.insert(pid)
      if state.interrupting { kill(pid, SIGKILL) }
    }
  }

  /// A child process was waited for.
  func finished(_ pid: Int32) {
    state.withLock { _ = $0.children.remove(pid) }
  }

  /// Returns at once unless a signal is stopping the import; then never:
  /// the children it killed are not a damaged extract to report, and the
  /// handler exits the process.
  func waitWhileInterrupting() {
    while state.withLock({ $0.interrupting }) { pause() }
  }

  /// Kills the children, removes the work folders and exits 1.
  private func interrupted(by number: Int32) -> Never {
    state.withLock { $0.interrupting = true }
    // A child being started is killed by `started(_:)`; wait for it (a
    // second at most), so that none outlives the process.
    for _ in 0..<100 where state.withLock({ $0.starting > 0 }) { usleep(10_000) }
    let (children, folders) = state.withLock { ($0.children, $0.folders) }
    for child in children { kill(child, SIGKILL) }
    for folder in folders {
      // The import may be writing a file into it at this moment: try again.
      for _ in 0..<20 {
        guard (try? FileManager.default.removeItem(atPath: folder)) == nil,
          FileManager.default.fileExists(atPath: folder)
        else { break }
        usleep(10_000)
      }
    }
    let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][number] ?? "a signal"
    let line = Array(
      "error: city import: interrupted by \(name); stopped osmium and removed the work folder\n"
        .utf8)
    line.withUnsafeBytes { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    _exit(1)
  }
}
