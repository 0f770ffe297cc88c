import Foundation
import ItineraryCore
import Synchronization
import Testing

@testable import ItineraryCLI

/// `-o PATH`: what it may replace, what it refuses, and that it leaves no
/// temporary file behind.
@Suite struct OutputFileTests {
  let data = Data("{\"plans\": []}\n".utf8)

  /// The names in `directory` other than `keep`: leftovers of a write.
  func leftovers(in directory: URL, keeping keep: Set<String>) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      !keep.contains($0)
    }
  }

  func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  @Test func writesANewFile() throws {
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appending(path: "out.json").path
    try OutputFile.write(data, to: path)
    #expect(FileManager.default.contents(atPath: path) == data)
    #expect(try leftovers(in: scratch, keeping: ["out.json"]).isEmpty)
  }

  @Test func replacingKeepsThePermissions() throws {
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appending(path: "secret.json").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    try OutputFile.write(data, to: path)
    #expect(FileManager.default.contents(atPath: path) == data)
    #expect(try mode(path) == 0o600)
  }

  struct Refusal: Sendable, CustomStringConvertible {
    var description: String
    /// Makes the destination in the scratch directory and returns its path.
    var make: @Sendable (URL) throws -> String
    var reason: String
  }

  static let refusals: [Refusal] = [
    .init(
      description: "a directory",
      make: { scratch in
        let path = scratch.appending(path: "dir").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
      }, reason: "it is a directory"),
    .init(
      description: "a FIFO",
      make: { scratch in
        let path = scratch.appending(path: "fifo").path
        guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return path
      }, reason: "it is a FIFO"),
    .init(
      description: "a device", make: { _ in "/dev/null" },
      reason: "it is a device ('-' is standard output)"),
    .init(
      description: "a symbolic link to a file",
      make: { scratch in
        let target = scratch.appending(path: "target.json").path
        _ = FileManager.default.createFile(atPath: target, contents: Data("keep".utf8))
        let link = scratch.appending(path: "link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        return link
      }, reason: "it is a symbolic link (name its target, or '-' for standard output)"),
    .init(
      description: "a dangling symbolic link",
      make: { scratch in
        let link = scratch.appending(path: "dangling.json").path
        try FileManager.default.createSymbolicLink(
          atPath: link, withDestinationPath: scratch.appending(path: "elsewhere").path)
        return link
      }, reason: "it is a symbolic link"),
    .init(
      description: "a read-only file",
      make: { scratch in
        let path = scratch.appending(path: "readonly.json").path
        _ = FileManager.default.createFile(
          atPath: path, contents: Data("keep".utf8), attributes: [.posixPermissions: 0o444])
        return path
      }, reason: "it is read-only"),
  ]

  @Test(arguments: refusals)
  func refusesWhatItMustNotReplace(_ refusal: Refusal) throws {
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = try refusal.make(scratch)
    let before = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
    let error = try #require(throws: ItineraryError.self) {
      try OutputFile.write(data, to: path)
    }
    #expect(error.kind == .failure)
    #expect(error.message.hasPrefix("will not write \(path): \(refusal.reason)"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == before)
    for name in before {
      let file = scratch.appending(path: name).path
      var status = stat()
      if lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
        #expect(FileManager.default.contents(atPath: file) == Data("keep".utf8), "\(name)")
      }
    }
  }

  @Test func aMissingDirectoryIsOneError() throws {
    let error = try #require(throws: ItineraryError.self) {
      try OutputFile.write(data, to: "/nonexistent/dir/out.json")
    }
    #expect(error.message == "cannot write /nonexistent/dir/out.json: No such file or directory")
  }

  @Test func dashAtTheCommandLineIsStandardOutput() throws {
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let instance = scratch.appending(path: "i.json")
    let text =
      #"{"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["a"], "places": [{"id": "x", "#
      + #""categories": ["a"], "lat": 60.17, "lon": 24.94}]}"#
    try Data(text.utf8).write(to: instance)
    let run = CommandRun(["solve", instance.path, "-o", "-"])
    #expect(run.status == 0)
    #expect(run.stdout.contains(#""plans""#))
    #expect(!run.stderr.contains("wrote"))
    #expect(!FileManager.default.fileExists(atPath: "-"))
  }

  @Test func dashIsStandardOutput() throws {
    let run = CommandRun(["categories"])
    let printed = Mutex("")
    let terminal = Terminal(
      write: { text in printed.withLock { $0 += text } }, writeError: { _ in })
    try OutputFile.write(Data(run.stdout.utf8), to: "-", terminal: terminal)
    #expect(printed.withLock { $0 } == run.stdout)
    #expect(!FileManager.default.fileExists(atPath: "-"))
  }

  struct NamedFile: Sendable, CustomStringConvertible {
    var name: String
    /// How the file written begins.
    var begins: String
    var description: String { name }
  }

  static let namedFiles = [
    NamedFile(name: "plan.geojson", begins: #"{"features""#),
    NamedFile(name: "PLAN.JSON", begins: #"{"anyOrder""#),
    NamedFile(name: "plan.html", begins: "<!doctype html>"),
    NamedFile(name: "plan.txt", begins: "park from"),
    NamedFile(name: "plan", begins: "park from"),
  ]

  /// Without `--format`, `-o FILE`'s extension chooses it: a `.geojson`
  /// file is never a table.
  @Test(arguments: namedFiles) func theOutputsExtensionChoosesTheFormat(_ file: NamedFile) throws {
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appending(path: file.name).path
    let run = CommandRun(["plan", "park", "--anytime", "--top", "1", "-o", path])
    #expect(run.status == 0, "\(run.stderr)")
    let written = String(
      decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    let compact = written.filter { !$0.isWhitespace }
    let begins = file.begins.filter { !$0.isWhitespace }
    #expect(compact.hasPrefix(begins), "\(written.prefix(80))")
  }

  @Test func anExtensionNamingAFormatThatDoesNotApplyIsBadUsage() throws {
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appending(path: "history.geojson").path
    let run = CommandRun(["history", "list", "-o", path])
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("geojson (named by -o") == true, "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
