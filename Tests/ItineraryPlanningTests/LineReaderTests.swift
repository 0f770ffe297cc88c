import Foundation
import ItineraryCore
import ItineraryPlanning
import ItineraryTestSupport
import Testing

/// Lines of a file, read in chunks: the same lines as splitting the whole
/// file, across chunk boundaries, and an error for a line past the limit.
@Suite struct LineReaderTests {
  /// Every line of `data`, read `count` at a time with varying counts.
  static func read(_ data: Data, seed: UInt64) throws -> [Data] {
    let file = FileManager.default.temporaryDirectory
      .appending(path: "line-reader-\(UUID().uuidString).txt")
    try data.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let descriptor = open(file.path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let reader = LineReader(descriptor: descriptor)
    var generator = SplitMix64(seed: seed)
    var lines: [Data] = []
    while true {
      let block = try reader.next(Int.random(in: 1...50, using: &generator))
      if block.isEmpty { break }
      lines += block
    }
    #expect(reader.bytesRead == data.count)
    return lines
  }

  @Test func aLineLongerThanTheLimitIsAnError() throws {
    var text = Data(repeating: UInt8(ascii: "a"), count: LineReader.maxLineBytes + (1 << 17))
    text.append(0x0A)
    do {
      _ = try Self.read(text, seed: 1)
      Issue.record("an overlong line was read")
    } catch let error as ItineraryError {
      #expect(error.kind == .data)
      #expect(error.message.contains("longer than 64 MiB"))
    }
  }
}

extension LineReaderTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test(arguments: [UInt64(1), 2, 3])
    func linesAreThoseOfTheWholeFile(seed: UInt64) throws {
      print("line reader seed \(seed)")
      var generator = SplitMix64(seed: seed)
      var lines: [Data] = []
      for _ in 0..<1_000 {
        let length =
          Int.random(in: 0..<20, using: &generator) == 0
          ? Int.random(in: 0...150_000, using: &generator)
          : Int.random(in: 0...300, using: &generator)
        lines.append(
          Data((0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }))
      }
      let text = lines.reduce(into: Data()) { $0 += $1 + [0x0A] }
      #expect(try LineReaderTests.read(text, seed: seed) == lines)
      // Without the last newline, the last line is still a line.
      #expect(try LineReaderTests.read(text.dropLast(), seed: seed) == lines)
      #expect(try LineReaderTests.read(Data(), seed: seed).isEmpty)
    }
  }
}
