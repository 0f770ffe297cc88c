import Foundation
import ItineraryCore
import ItineraryPlanning

/// The files of a batch: the input read as it streams, the output written
/// line by line (appended on `--resume`, after cutting a partial last line).
enum BatchFiles {
  static func openInput(_ path: String) throws(ItineraryError) -> (descriptor: Int32, size: Int?) {
    if path == "-" { return (STDIN_FILENO, nil) }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw ItineraryError(.data, "\(path): \(String(cString: strerror(errno)))")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else {
      close(descriptor)
      throw ItineraryError(.data, "\(path): is a directory")
    }
    return (descriptor, (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil)
  }

  static func openOutput(_ path: String, resume: Bool) throws(ItineraryError)
    -> (descriptor: Int32, answered: Set<String>)
  {
    if path == "-" { return (STDOUT_FILENO, []) }  // written through the terminal
    var answered = Set<String>()
    if resume, var earlier = FileManager.default.contents(atPath: path) {
      if let last = earlier.lastIndex(of: 0x0A) {
        earlier = earlier.prefix(through: last)
      } else {
        earlier = Data()
      }
      answered = BatchRunner.answeredKeys(in: earlier)
      if truncate(path, off_t(earlier.count)) != 0 {
        throw ItineraryError(.failure, "cannot resume \(path): \(String(cString: strerror(errno)))")
      }
    }
    let flags = O_WRONLY | O_CREAT | (resume ? O_APPEND : O_TRUNC)
    let descriptor = open(path, flags, 0o644)
    guard descriptor >= 0 else {
      throw ItineraryError(.failure, "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw ItineraryError(.failure, "cannot write \(path): is a directory")
    }
    return (descriptor, answered)
  }

  /// Writes one whole line, retrying partial writes.
  static func write(_ line: Data, to descriptor: Int32) throws(ItineraryError) {
    var failure: Int32 = 0
    line.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure != 0 {
      throw ItineraryError(
        .failure, "cannot write the answers: \(String(cString: strerror(failure)))")
    }
  }
}

/// The batch's progress on standard error: a bar redrawn in place on a
/// terminal (count, rate, errors, time left), one summary line otherwise.
final class BatchProgressDisplay: @unchecked Sendable {
  private let terminal: Terminal
  private let totalBytes: Int?
  private let interactive: Bool
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var lastDrawn: ContinuousClock.Instant

  init(terminal: Terminal, totalBytes: Int?, interactive: Bool) {
    self.terminal = terminal
    self.totalBytes = totalBytes
    self.interactive = interactive
    start = clock.now
    lastDrawn = clock.now - .seconds(1)
  }

  private var seconds: Double { max(1e-9, (clock.now - start).seconds) }

  func show(_ progress: BatchRunner.Progress) {
    guard interactive, clock.now - lastDrawn >= .milliseconds(100) else { return }
    lastDrawn = clock.now
    var line =
      "\(progress.answered) answered, \(Int(Double(progress.answered) / seconds))/s, "
      + "\(progress.errors) errors"
    if let totalBytes, totalBytes > 0 {
      let done = min(1, Double(progress.bytesRead) / Double(totalBytes))
      let filled = Int(done * 20)
      let left = done > 0 ? seconds * (1 - done) / done : 0
      line =
        "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 20 - filled)
        + "] " + line + ", \(Int(left.rounded())) s left"
    }
    terminal.writeError("\r\u{1B}[K" + line)
  }

  func finish(_ progress: BatchRunner.Progress) {
    if interactive { terminal.writeError("\r\u{1B}[K") }
    let rate = Int(Double(progress.answered) / seconds)
    let skipped = progress.skipped > 0 ? ", \(progress.skipped) skipped (already answered)" : ""
    terminal.writeError(
      "batch: \(progress.answered) answered, \(progress.errors) errors\(skipped) in "
        + String(format: "%.2f", seconds) + " s (\(rate) a second)\n")
  }
}
