import Foundation
import Testing

/// `batch -o` keeps the promise `-o` keeps everywhere: never the input,
/// never through a link, never over a read-only file or into a FIFO, and
/// the destination untouched or whole. `--resume` appends only to what
/// batch wrote.
@Suite struct BatchOutputTests {
  let directory: URL
  let input: URL

  init() throws {
    directory = try temporaryDirectory()
    input = directory.appending(path: "in.jsonl")
    try Data(BatchCommandTests.lines.joined(separator: "\n").utf8).write(to: input)
  }

  func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  /// No temporary file is left beside the output, whatever happened.
  func expectNoLeftovers() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
  }

  @Test func theInputIsNeverItsOwnOutput() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
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
    defer { try? FileManager.default.removeItem(at: directory) }
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
    let clock = ContinuousClock()
    let started = clock.now
    let piped = CommandRun(["batch", input.path, "-o", fifo.path])
    #expect(piped.status == 1)
    #expect(piped.errorLine?.contains("FIFO") == true, "\(piped.stderr)")
    #expect(clock.now - started < .seconds(5))
    try expectNoLeftovers()
  }

  @Test func aReplacedOutputKeepsItsModeBits() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
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
    defer { try? FileManager.default.removeItem(at: directory) }
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
    defer { try? FileManager.default.removeItem(at: directory) }
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
}
