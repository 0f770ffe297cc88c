import Foundation
import ItineraryCore
import ItineraryPlanning

/// The files of a batch: the input read as it streams, the output written
/// as the answers come to a work file beside it, `OUT.partial`, renamed
/// over `OUT` only when the batch finished.
///
/// `-o` here keeps the promise it keeps everywhere (`OutputFile`): a
/// symbolic link, a read-only file, a directory, a FIFO or a device is
/// refused at once, the input itself (or a hard link to it) is refused
/// before anything is read, and `OUT` is either untouched or holds the
/// whole output, whatever stops the batch (`ulimit -f` included). What a
/// stopped batch answered stays in the work file, whole lines but maybe
/// the last, and `--resume` goes on from there: the work file when there is
/// one, else a finished `OUT`.
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

  /// The work file of the output `path`: the same name with `.partial`
  /// added, in the same directory, so that renaming it over `path` is atomic.
  static func workPath(for path: String) -> String { path + ".partial" }

  /// Checks `-o` and its work file before the input is opened, so that a
  /// FIFO or a link at either is refused at once, not after a blocking open.
  static func checkOutput(_ path: String) throws(ItineraryError) {
    _ = try OutputFile.checkDestination(path)
    _ = try OutputFile.checkDestination(workPath(for: path))
  }

  /// The output of a batch while it runs: the work file beside `path`,
  /// locked so that two batches never write it at once.
  final class Output {
    let path: String
    let work: String
    let descriptor: Int32
    /// The earlier answers, for `BatchRunner.answered`.
    let answered: [Int: String]
    /// The length of the whole lines the work file held when opened; a
    /// partial last line after them is cut when the first answer is written.
    private let wholeLength: off_t
    /// Whether this run made the work file (a fresh run, or a resume of a
    /// finished `OUT`): removed again when the run stops having added
    /// nothing. A work file found by `--resume` is never removed but by
    /// `commit()`, so a refusal leaves it as it was.
    private let madeHere: Bool
    /// Resuming from `OUT` itself, every line of it whole: when nothing is
    /// added, `OUT` is left as it is.
    private let outputWasWhole: Bool
    private var added = false
    private var finished = false

    fileprivate init(
      path: String, work: String, descriptor: Int32, answered: [Int: String],
      wholeLength: off_t, madeHere: Bool, outputWasWhole: Bool
    ) {
      self.path = path
      self.work = work
      self.descriptor = descriptor
      self.answered = answered
      self.wholeLength = wholeLength
      self.madeHere = madeHere
      self.outputWasWhole = outputWasWhole
    }

    /// Appends one answer line, after cutting a partial last line the
    /// first time.
    func write(_ line: Data) throws(ItineraryError) {
      if !added {
        try cutPartialLine()
        added = true
      }
      try BatchFiles.write(line, to: descriptor, name: work)
    }

    /// Makes the work file the file at `path`: with `path`'s mode, synced,
    /// then renamed over it. A resume of a finished `OUT` that added
    /// nothing leaves `OUT` as it was.
    func commit() throws(ItineraryError) {
      if outputWasWhole && !added {
        unlink(work)
        finished = true
        return
      }
      if !added { try cutPartialLine() }
      if let existing = try OutputFile.checkDestination(path) {
        if existing.st_uid != getuid() || existing.st_gid != getgid() {
          _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        // After the last write, which clears setuid and setgid bits.
        if fchmod(descriptor, existing.st_mode & 0o7777) != 0 { throw failure(path, errno) }
      }
      if fsync(descriptor) != 0 || rename(work, path) != 0 { throw failure(path, errno) }
      finished = true
    }

    private func cutPartialLine() throws(ItineraryError) {
      if ftruncate(descriptor, wholeLength) != 0 || lseek(descriptor, 0, SEEK_END) < 0 {
        throw failure(work, errno)
      }
    }

    /// Closes the work file; removes it when this run made it and added
    /// nothing to it, and keeps it when it holds answers `--resume` can
    /// go on from.
    deinit {
      close(descriptor)
      if !finished && madeHere && !added { unlink(work) }
    }
  }

  /// Checks the destination and opens the work file the answers go to:
  /// emptied for a fresh run; on `--resume`, the work file as it is when
  /// there is one, else a new one holding the whole lines of a finished
  /// `OUT`. The earlier answers are checked either way.
  ///
  /// - Parameter input: the input's descriptor, so that the input is never
  ///   its own output (the same file, or a hard link to it).
  /// - Throws: `.usage` when the output or its work file is the input;
  ///   `.failure` for a destination `-o` will not replace or a work file
  ///   another batch is writing; `.data` for earlier answers that are not
  ///   batch's answer lines.
  static func openOutput(_ path: String, resume: Bool, input: Int32) throws(ItineraryError)
    -> Output
  {
    let work = workPath(for: path)
    let existing = try OutputFile.checkDestination(path)
    let existingWork = try OutputFile.checkDestination(work)
    var inputStatus = stat()
    if fstat(input, &inputStatus) == 0 {
      for (name, status) in [(path, existing), (work, existingWork)] {
        guard let status, inputStatus.st_dev == status.st_dev, inputStatus.st_ino == status.st_ino
        else { continue }
        throw ItineraryError(
          .usage, "batch: the output \(name) is the input file; writing it would destroy the input")
      }
    }
    let descriptor = try openWork(work)
    var status = stat()
    if fstat(descriptor, &status) != 0 {
      close(descriptor)
      throw failure(work, errno)
    }
    let foundWork = resume && status.st_size > 0
    var earlier = Data()
    var answered: [Int: String] = [:]
    var outputWasWhole = false
    do throws(ItineraryError) {
      if foundWork {
        earlier = try readAll(descriptor, name: work)
      } else if resume, existing != nil {
        guard let contents = FileManager.default.contents(atPath: path) else {
          throw ItineraryError(.failure, "cannot resume \(path): it cannot be read")
        }
        earlier = contents
      }
      // A partial last line (a batch stopped while writing it) is dropped.
      let whole = earlier.lastIndex(of: 0x0A).map { earlier.prefix(through: $0) } ?? Data()
      outputWasWhole = !foundWork && resume && existing != nil && whole.count == earlier.count
      answered = try BatchRunner.answeredLines(in: whole, name: foundWork ? work : path)
      earlier = whole
    } catch {
      close(descriptor)
      if !foundWork { unlink(work) }
      throw error
    }
    let output = Output(
      path: path, work: work, descriptor: descriptor, answered: answered,
      wholeLength: off_t(earlier.count), madeHere: !foundWork, outputWasWhole: outputWasWhole)
    if !foundWork {
      // A fresh work file: empty, private as `OUT` is, then the answers of
      // a finished `OUT` being resumed.
      if ftruncate(descriptor, 0) != 0 { throw failure(work, errno) }
      if let existing, fchmod(descriptor, existing.st_mode & 0o777) != 0 {
        throw failure(work, errno)
      }
      try write(earlier, to: descriptor, name: work)
    }
    return output
  }

  /// Opens the work file `path` for writing, creating it when absent, and
  /// locks it.
  ///
  /// - Throws: `.failure` when it cannot be opened, or another batch holds
  ///   it (its lock, or the path renamed away while this one waited).
  private static func openWork(_ path: String) throws(ItineraryError) -> Int32 {
    let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure(path, errno) }
    var opened = stat()
    var named = stat()
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, fstat(descriptor, &opened) == 0,
      lstat(path, &named) == 0, opened.st_dev == named.st_dev, opened.st_ino == named.st_ino,
      (opened.st_mode & S_IFMT) == S_IFREG
    else {
      close(descriptor)
      throw ItineraryError(
        .failure, "will not write \(path): another batch is writing it (it is locked)")
    }
    return descriptor
  }

  /// Every byte of the file `descriptor`, from its start.
  private static func readAll(_ descriptor: Int32, name: String) throws(ItineraryError) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var offset: off_t = 0
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 {
        throw ItineraryError(
          .failure, "cannot resume from \(name): \(String(cString: strerror(errno)))")
      }
      if count == 0 { return data }
      data.append(contentsOf: chunk[..<count])
      offset += off_t(count)
    }
  }

  private static func failure(_ path: String, _ code: Int32) -> ItineraryError {
    ItineraryError(.failure, "cannot write \(path): \(String(cString: strerror(code)))")
  }

  /// Writes `bytes` whole to the file `name`, retrying partial writes.
  ///
  /// - Throws: `.failure` naming the file; what was written before stays
  ///   there for `--resume`.
  static func write(_ bytes: Data, to descriptor: Int32, name: String) throws(ItineraryError) {
    let code = bytes.withUnsafeBytes { POSIXOutput.writeAll($0, to: descriptor) }
    if let code {
      throw ItineraryError(
        .failure,
        "cannot write \(name): \(String(cString: strerror(code))); --resume goes on from it")
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
