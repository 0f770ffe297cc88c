import Foundation
import Testing

/// `batch -o` keeps the promise `-o` keeps everywhere: never the input,
/// never through a link, never over a read-only file or into a FIFO, and
/// the destination untouched or whole. The answers so far wait in the work
/// file `OUT.partial`, and `--resume` goes on from there, appending only to
/// what batch wrote.
@Suite final class BatchOutputTests {
  /// A folder of each test's own, removed when the test ends, and the
  /// batch input in it.
  let directory: URL
  let input: URL

  init() throws {
    directory = try temporaryDirectory()
    input = try BatchCommandTests.writeLines(in: directory)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  /// No temporary or work file is left beside the output.
  func expectNoLeftovers() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains { $0.hasSuffix(".tmp") || $0.hasSuffix(".partial") }, "\(names)")
  }

  /// Runs `arguments` on a thread of its own. Opening a FIFO to write waits
  /// for a reader: a run still under way after 20 s fails the test, and
  /// `fifo` is then read to its end so that the run can finish.
  static func runUnlessItWaits(_ arguments: [String], on fifo: URL) throws -> CommandRun {
    final class Outcome: @unchecked Sendable { var run: CommandRun? }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      outcome.run = CommandRun(arguments)
      done.signal()
    }
    if done.wait(timeout: .now() + 20) == .timedOut {
      Issue.record("the run waited for a reader of \(fifo.path)")
      let reader = open(fifo.path, O_RDONLY)
      var buffer = [UInt8](repeating: 0, count: 4096)
      while reader >= 0, read(reader, &buffer, buffer.count) > 0 {}
      close(reader)
      done.wait()
    }
    return try #require(outcome.run)
  }

  /// The work file of `output`.
  func work(_ output: URL) -> URL {
    output.deletingLastPathComponent().appending(path: output.lastPathComponent + ".partial")
  }

  /// Batch output with every `"millis"` zeroed: the one thing two runs of
  /// the same input may differ in.
  static func timeless(_ text: String) -> String {
    text.replacing(/"millis":[-0-9.eE+]+/, with: #""millis":0"#)
  }

  @Test func theInputIsNeverItsOwnOutput() throws {
    let before = try text(input)
    let same = CommandRun(["batch", input.path, "-o", input.path])
    #expect(same.status == 64)
    #expect(same.errorLine?.contains("is the input") == true, "\(same.stderr)")
    let linked = directory.appending(path: "linked.jsonl")
    #expect(link(input.path, linked.path) == 0)
    let hard = CommandRun(["batch", input.path, "-o", linked.path, "--resume"])
    #expect(hard.status == 64)
    #expect(hard.errorLine?.contains("is the input") == true, "\(hard.stderr)")
    #expect(try text(input) == before)
    try expectNoLeftovers()
  }

  @Test func linksReadOnlyFilesAndFIFOsAreRefused() throws {
    let target = directory.appending(path: "target.jsonl")
    try Data("keep\n".utf8).write(to: target)
    let symlink = directory.appending(path: "link.jsonl")
    #expect(Foundation.symlink(target.path, symlink.path) == 0)
    let viaLink = CommandRun(["batch", input.path, "-o", symlink.path])
    #expect(viaLink.status == 1)
    #expect(viaLink.errorLine?.contains("symbolic link") == true, "\(viaLink.stderr)")
    #expect(try text(target) == "keep\n")

    let readOnly = directory.appending(path: "read-only.jsonl")
    try Data("keep\n".utf8).write(to: readOnly)
    #expect(chmod(readOnly.path, 0o444) == 0)
    let refused = CommandRun(["batch", input.path, "-o", readOnly.path])
    #expect(refused.status == 1)
    #expect(refused.errorLine?.contains("read-only") == true, "\(refused.stderr)")
    #expect(try text(readOnly) == "keep\n")

    let fifo = directory.appending(path: "fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let piped = try Self.runUnlessItWaits(["batch", input.path, "-o", fifo.path], on: fifo)
    #expect(piped.status == 1)
    #expect(piped.errorLine?.contains("FIFO") == true, "\(piped.stderr)")
    try expectNoLeftovers()
  }

  @Test func aReplacedOutputKeepsItsModeBits() throws {
    let output = directory.appending(path: "out.jsonl")
    try Data("old\n".utf8).write(to: output)
    #expect(chmod(output.path, 0o4750) == 0)
    #expect(CommandRun(["batch", input.path, "-o", output.path]).status == 0)
    var status = stat()
    #expect(stat(output.path, &status) == 0)
    #expect(status.st_mode & 0o7777 == 0o4750)
    #expect(try text(output).hasPrefix("{"))
    try expectNoLeftovers()
  }

  @Test func resumeRefusesWhatBatchDidNotWrite() throws {
    let output = directory.appending(path: "out.jsonl")
    #expect(CommandRun(["batch", input.path, "-o", output.path]).status == 0)
    let finished = try text(output).split(separator: "\n").map(String.init)
    let cases: [(String, String)] = [
      ("garbage\n" + finished[0] + "\n", "line 1 is not an answer line"),
      ("[1,2,3]\n", "line 1 is not an answer line"),
      (finished[1] + "\n" + finished[0] + "\n", "line 2 answers input line 1"),
      (finished[0] + "\n" + finished[2] + "\n", "no answer for input line 2"),
      (
        finished[0].replacingOccurrences(of: "\"line\":1", with: "\"line\":2") + "\n",
        "not this input's output"
      ),
    ]
    for (contents, complaint) in cases {
      try Data(contents.utf8).write(to: output)
      let run = CommandRun(["batch", input.path, "-o", output.path, "--resume"])
      #expect(run.status == 65, "\(contents)")
      #expect(run.errorLine?.contains(complaint) == true, "\(run.stderr)")
      #expect(try text(output) == contents, "the earlier output is untouched")
      try expectNoLeftovers()
    }
  }

  @Test func resumingAgainAndAgainChangesNothing() throws {
    let output = directory.appending(path: "out.jsonl")
    #expect(CommandRun(["batch", input.path, "-o", output.path]).status == 0)
    let finished = try text(output)
    // A partial line after the last whole one is dropped, not kept.
    try Data((finished + #"{"id": "x", "li"#).utf8).write(to: output)
    for _ in 0..<3 {
      let run = CommandRun(["batch", input.path, "-o", output.path, "--resume"])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(try text(output) == finished)
    }
    try expectNoLeftovers()
  }

  /// A batch stopped after some answers, in the middle of writing one, left
  /// them in the work file and the earlier `OUT` as it was; `--resume` goes
  /// on from the work file, not from `OUT`, and ends with what an
  /// uninterrupted run writes, byte for byte, and no work file.
  @Test func resumeGoesOnFromTheWorkFile() throws {
    // The answers after the cut are errors, the same every run.
    let lines = Array(BatchCommandTests.lines.prefix(7))
    try Data(lines.joined(separator: "\n").utf8).write(to: input)
    let whole = directory.appending(path: "whole.jsonl")
    #expect(CommandRun(["batch", input.path, "-o", whole.path]).status == 0)
    let uninterrupted = try text(whole).split(separator: "\n").map(String.init)
    #expect(uninterrupted.count == 7)
    let output = directory.appending(path: "out.jsonl")
    try Data("an earlier batch's answers\n".utf8).write(to: output)
    let cut = uninterrupted.prefix(2).joined(separator: "\n") + "\n" + uninterrupted[2].prefix(9)
    try Data(cut.utf8).write(to: work(output))
    let resumed = CommandRun(["batch", input.path, "-o", output.path, "--resume"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stderr.contains("5 answered"), "\(resumed.stderr)")
    #expect(resumed.stderr.contains("2 skipped"), "\(resumed.stderr)")
    #expect(try text(output) == uninterrupted.joined(separator: "\n") + "\n")
    try FileManager.default.removeItem(at: whole)
    try expectNoLeftovers()
  }

  /// A work file that is not batch's answers to this input is refused
  /// (exit 65) with it and `OUT` untouched, as a finished `OUT` is.
  @Test func resumeRefusesAWorkFileBatchDidNotWrite() throws {
    let whole = directory.appending(path: "whole.jsonl")
    #expect(CommandRun(["batch", input.path, "-o", whole.path]).status == 0)
    let finished = try text(whole).split(separator: "\n").map(String.init)
    let output = directory.appending(path: "out.jsonl")
    try Data("keep\n".utf8).write(to: output)
    let cases: [(String, String)] = [
      (
        "garbage\n" + finished[0] + "\n" + "{\"id", "out.jsonl.partial: its line 1 is not an answer"
      ),
      (finished[0] + "\n" + finished[2] + "\n", "no answer for input line 2"),
      (
        finished[0].replacingOccurrences(of: "\"line\":1", with: "\"line\":2") + "\n",
        "not this input's output"
      ),
      (
        finished.joined(separator: "\n") + "\n" + finished[0] + "\n",
        "its line 9 answers input line 1"
      ),
    ]
    for (contents, complaint) in cases {
      try Data(contents.utf8).write(to: work(output))
      let run = CommandRun(["batch", input.path, "-o", output.path, "--resume"])
      #expect(run.status == 65, "\(contents)")
      #expect(run.errorLine?.contains(complaint) == true, "\(run.stderr)")
      #expect(try text(work(output)) == contents, "the work file is untouched")
      #expect(try text(output) == "keep\n")
    }
    // Answers for more lines than the input has.
    try Data((finished.joined(separator: "\n") + "\n").utf8).write(to: work(output))
    try Data(BatchCommandTests.lines.prefix(5).joined(separator: "\n").utf8).write(to: input)
    let longer = CommandRun(["batch", input.path, "-o", output.path, "--resume"])
    #expect(longer.status == 65)
    #expect(longer.errorLine?.contains("the input has 5 lines") == true, "\(longer.stderr)")
    #expect(try text(output) == "keep\n")
  }

  /// Resuming a finished `OUT` with nothing to add leaves the file itself
  /// alone, not a copy renamed over it.
  @Test func resumingAFinishedOutputLeavesItAlone() throws {
    let output = directory.appending(path: "out.jsonl")
    #expect(CommandRun(["batch", input.path, "-o", output.path]).status == 0)
    var before = stat()
    #expect(stat(output.path, &before) == 0)
    let run = CommandRun(["batch", input.path, "-o", output.path, "--resume"])
    #expect(run.status == 0, "\(run.stderr)")
    var after = stat()
    #expect(stat(output.path, &after) == 0)
    #expect(after.st_ino == before.st_ino)
    try expectNoLeftovers()
  }

  /// `lines` copies of one line as the input, what an uninterrupted batch
  /// answers to it in `whole.jsonl`, and an earlier batch's answers in
  /// `out.jsonl`, the output of the batch to interrupt.
  func interruptibleBatch(lines: Int) throws -> (whole: URL, output: URL) {
    let line = #"{"id": 1, "instance": \#(BatchCommandTests.instance), "top": 2}"#
    try Data(String(repeating: line + "\n", count: lines).utf8).write(to: input)
    let whole = directory.appending(path: "whole.jsonl")
    #expect(CommandRun(["batch", input.path, "-o", whole.path]).status == 0)
    let output = directory.appending(path: "out.jsonl")
    try Data("an earlier batch's answers\n".utf8).write(to: output)
    return (whole, output)
  }

  /// `--resume` finishes `output` as `whole` was written, leaving nothing beside it.
  @discardableResult
  func expectResumeFinishes(_ output: URL, like whole: URL) throws -> CommandRun {
    let resumed = CommandRun(["batch", input.path, "-o", output.path, "--resume"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(Self.timeless(try text(output)) == Self.timeless(try text(whole)))
    try FileManager.default.removeItem(at: whole)
    try expectNoLeftovers()
    return resumed
  }

  /// Killed outright, a batch leaves the earlier `OUT` as it was and its
  /// answers so far in the work file; `--resume` finishes the same output
  /// an uninterrupted run writes.
  @Test func aKilledBatchIsFinishedByResume() throws {
    let binary = try #require(ProcessRun.binary, "build `itinerary` first")
    let (whole, output) = try interruptibleBatch(lines: 3000)

    let process = Process()
    process.executableURL = binary
    process.arguments = ["batch", input.path, "-o", output.path, "--jobs", "1"]
    process.environment = CommandRun.environment
    process.standardError = FileHandle.nullDevice
    try process.run()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(30)
    // Killed once some answers are in the work file.
    while process.isRunning, clock.now < deadline,
      (try? Data(contentsOf: work(output)))?.contains(0x0A) != true
    {
      usleep(2000)
    }
    try #require(process.isRunning, "the batch finished before it could be killed")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(try text(output) == "an earlier batch's answers\n")
    let saved = try text(work(output))
    #expect(!saved.isEmpty)

    let resumed = try expectResumeFinishes(output, like: whole)
    #expect(resumed.stderr.contains("skipped"), "\(resumed.stderr)")
  }

  /// Under `ulimit -f` the write fails: the earlier `OUT` stays whole, the
  /// answers written stay in the work file, and `--resume` without the
  /// limit finishes.
  @Test func aFileSizeLimitNeverReplacesTheOutput() throws {
    let binary = try #require(ProcessRun.binary, "build `itinerary` first")
    let (whole, output) = try interruptibleBatch(lines: 300)

    // 64 blocks of 512 bytes: far less than the answers.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", #"ulimit -f 64 && exec "$0" batch "$1" -o "$2" --jobs 1"#, binary.path, input.path,
      output.path,
    ]
    process.environment = CommandRun.environment
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1, "\(message)")
    #expect(message.contains("error: cannot write \(work(output).path)"), "\(message)")
    #expect(try text(output) == "an earlier batch's answers\n")
    #expect(try Data(contentsOf: work(output)).count == 64 * 512)

    try expectResumeFinishes(output, like: whole)
  }

  /// Two batches never write one work file at once: the second is refused
  /// while the first holds it.
  @Test func aWorkFileInUseIsRefused() throws {
    let output = directory.appending(path: "out.jsonl")
    let held = open(work(output).path, O_RDWR | O_CREAT, 0o644)
    #expect(held >= 0)
    #expect(flock(held, LOCK_EX) == 0)
    let run = CommandRun(["batch", input.path, "-o", output.path])
    close(held)
    #expect(run.status == 1)
    #expect(run.errorLine?.contains("another batch is writing it") == true, "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }
}
