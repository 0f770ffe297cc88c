import Foundation
import ItineraryCore

/// Debian's `osmium` command (package `osmium-tool`), run as child processes
/// whose standard output is read line by line as it comes: an extract of
/// any size passes through in bounded memory.
struct Osmium {
  let executable: URL

  /// Finds `osmium` on the `PATH` of `environment`.
  ///
  /// - Throws: `ItineraryError` (unavailable) when it is not installed.
  init(environment: [String: String]) throws(ItineraryError) {
    let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard
      let found = directories.lazy.map({
        URL(fileURLWithPath: String($0)).appending(path: "osmium")
      })
      .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      throw ItineraryError(
        .unavailable, "osmium is not installed (Debian and Ubuntu: apt-get install osmium-tool)")
    }
    executable = found
  }

  /// The environment of every osmium run: the queues between its reading,
  /// decoding and writing threads at their shortest (libosmium's default
  /// is 20 blocks each), so that its memory is a few blocks of the extract,
  /// not as many as are read ahead.
  static let environment = ProcessInfo.processInfo.environment.merging(
    ["INPUT", "OSMDATA", "OUTPUT"].map { ("OSMIUM_MAX_\($0)_QUEUE_SIZE", "2") }
  ) { _, limit in limit }

  /// Runs the pipeline `osmium STAGE1 | osmium STAGE2 | ...` and hands each
  /// line of the last stage's output to `line`, without its newline.
  ///
  /// - Parameters:
  ///   - stages: each stage's arguments; every stage after the first reads
  ///     its standard input.
  ///   - logs: a folder for the stages' standard error (`osmium-N.log`),
  ///     read when one fails.
  ///   - file: the extract, for messages.
  /// - Throws: `ItineraryError` (data) when a stage fails: the first failed
  ///   stage's last error line, the extract named; what `line` throws, osmium
  ///   then stopped.
  /// - Complexity: O(bytes of output).
  func run(
    _ stages: [[String]], logs: URL, file: String,
    line: (UnsafeBufferPointer<UInt8>) throws(ItineraryError) -> Void
  ) throws(ItineraryError) {
    var processes: [Process] = []
    var errorFiles: [URL] = []
    var input: Pipe?
    for (index, arguments) in stages.enumerated() {
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.environment = Self.environment
      process.standardInput = input ?? FileHandle.nullDevice
      let output = Pipe()
      process.standardOutput = output
      let errors = logs.appending(path: "osmium-\(index).log")
      guard FileManager.default.createFile(atPath: errors.path, contents: nil),
        let errorHandle = try? FileHandle(forWritingTo: errors)
      else { throw ItineraryError(.failure, "cannot write \(errors.path)") }
      defer { try? errorHandle.close() }
      process.standardError = errorHandle
      do {
        ImportInterruption.shared.starting()
        try process.run()
      } catch {
        ImportInterruption.shared.started(nil)
        for started in processes {
          started.terminate()
          started.waitUntilExit()
          ImportInterruption.shared.finished(started.processIdentifier)
        }
        throw ItineraryError(
          .unavailable, "cannot run \(executable.path): \(error.localizedDescription)")
      }
      ImportInterruption.shared.started(process.processIdentifier)
      // The next stage holds the read end now; this one, the write end.
      try? input?.fileHandleForReading.close()
      try? output.fileHandleForWriting.close()
      processes.append(process)
      errorFiles.append(errors)
      input = output
    }
    guard let last = input else { return }
    var failure: ItineraryError?
    do throws(ItineraryError) {
      try Self.lines(of: last.fileHandleForReading.fileDescriptor, line)
    } catch {
      failure = error
      processes.forEach { $0.terminate() }
    }
    try? last.fileHandleForReading.close()
    for process in processes {
      process.waitUntilExit()
      ImportInterruption.shared.finished(process.processIdentifier)
    }
    ImportInterruption.shared.waitWhileInterrupting()
    if let failure { throw failure }
    for (process, errors) in zip(processes, errorFiles)
    where process.terminationReason != .exit || process.terminationStatus != 0 {
      let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      let last =
        said.split(separator: "\n").last.map(String.init) ?? "exit \(process.terminationStatus)"
      throw ItineraryError(
        .data, "\(file) is not a readable OpenStreetMap extract (osmium: \(last))")
    }
  }

  /// Reads `descriptor` to its end in chunks, handing over each line.
  ///
  /// - Complexity: O(bytes read); memory O(chunk + longest line).
  private static func lines(
    of descriptor: Int32, _ line: (UnsafeBufferPointer<UInt8>) throws(ItineraryError) -> Void
  ) throws(ItineraryError) {
    let chunk = 1 << 20
    var buffer = [UInt8](repeating: 0, count: chunk)
    var filled = 0
    while true {
      if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
      let count = buffer.withUnsafeMutableBytes { raw in
        raw.baseAddress.map { read(descriptor, $0 + filled, raw.count - filled) } ?? -1
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      filled += count
      var consumed = 0
      try buffer.withUnsafeBufferPointer { (all) throws(ItineraryError) in
        guard let base = all.baseAddress else { return }
        while consumed < filled, let found = memchr(base + consumed, 0x0A, filled - consumed) {
          let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
          try line(UnsafeBufferPointer(rebasing: all[consumed..<newline]))
          consumed = newline + 1
        }
      }
      buffer.withUnsafeMutableBufferPointer { all in
        _ = all.baseAddress.map { memmove($0, $0 + consumed, filled - consumed) }
      }
      filled -= consumed
    }
    if filled > 0 {
      try buffer.withUnsafeBufferPointer { (all) throws(ItineraryError) in
        try line(UnsafeBufferPointer(rebasing: all[0..<filled]))
      }
    }
  }
}
