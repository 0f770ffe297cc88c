import Foundation
import ItineraryCore
import ItineraryPlanning

/// The files of a batch: the input read as it streams, the output written
/// line by line to a temporary file beside it, renamed over it only when
/// the batch finished (on `--resume`, the temporary file starts with the
/// earlier answers, checked, without a partial last line).
///
/// `-o` here keeps the promise it keeps everywhere (`OutputFile`): a
/// symbolic link, a read-only file, a directory, a FIFO or a device is
/// refused at once, the input itself (or a hard link to it) is refused
/// before anything is read, and the destination is either untouched or
/// holds the whole output, whatever stops the batch (`ulimit -f` included).
enum BatchFiles {
  static func openInput(_ path: String) throws(ItineraryError) -> (descriptor: Int32, size: Int?) {
    if path == "-" { return (STDIN_FILENO, nil) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
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

  /// The output of a batch while it runs: a temporary file beside `path`.
  final class Output {
    let path: String
    let temporary: String
    let descriptor: Int32
    /// The earlier answers, for `BatchRunner.answered`.
    let answered: [Int: String]
    private var finished = false

    init(path: String, temporary: String, descriptor: Int32, answered: [Int: String]) {
      self.path = path
      self.temporary = temporary
      self.descriptor = descriptor
      self.answered = answered
    }

    /// Makes the output the file at `path`: synced, then renamed over it.
    func commit() throws(ItineraryError) {
      if fsync(descriptor) != 0 || rename(temporary, path) != 0 {
        throw ItineraryError(.failure, "cannot write \(path): \(String(cString: strerror(errno)))")
      }
      finished = true
    }

    /// Closes the file, and removes it unless `commit()` renamed it.
    deinit {
      close(descriptor)
      if !finished { unlink(temporary) }
    }
  }

  /// Checks the destination and opens the temporary file the answers go
  /// to, holding the earlier answers on `--resume`.
  ///
  /// - Parameter input: the input's descriptor, so that the input is never
  ///   its own output (the same file, or a hard link to it).
  /// - Throws: `.usage` when the output is the input; `.failure` for a
  ///   destination `-o` will not replace; `.data` for an earlier output
  ///   that is not batch's answer lines.
  static func openOutput(_ path: String, resume: Bool, input: Int32) throws(ItineraryError)
    -> Output
  {
    let existing = try OutputFile.checkDestination(path)
    var inputStatus = stat()
    if let existing, fstat(input, &inputStatus) == 0, inputStatus.st_dev == existing.st_dev,
      inputStatus.st_ino == existing.st_ino
    {
      throw ItineraryError(
        .usage, "batch: the output \(path) is the input file; writing it would destroy the input")
    }
    var earlier = Data()
    var answered: [Int: String] = [:]
    if resume, existing != nil {
      guard let contents = FileManager.default.contents(atPath: path) else {
        throw ItineraryError(.failure, "cannot resume \(path): it cannot be read")
      }
      // A partial last line (a batch stopped while writing it) is dropped.
      earlier = contents.lastIndex(of: 0x0A).map { contents.prefix(through: $0) } ?? Data()
      answered = try BatchRunner.answeredLines(in: earlier, name: path)
    }
    let destination = URL(fileURLWithPath: path)
    let temporary = destination.deletingLastPathComponent()
      .appending(path: ".\(destination.lastPathComponent).\(UUID().uuidString).tmp").path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw ItineraryError(.failure, "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    let output = Output(
      path: path, temporary: temporary, descriptor: descriptor, answered: answered)
    if let existing {
      if existing.st_uid != getuid() || existing.st_gid != getgid() {
        _ = fchown(descriptor, existing.st_uid, existing.st_gid)
      }
      if fchmod(descriptor, existing.st_mode & 0o7777) != 0 {
        throw ItineraryError(.failure, "cannot write \(path): \(String(cString: strerror(errno)))")
      }
    }
    try write(earlier, to: descriptor)
    return output
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
