import Foundation
import ItineraryCore
import ItinerarySolver
import ItineraryTestSupport
import Testing

@testable import ItineraryFormats

/// The time limit covers reading a file: a reader whose deadline has
/// passed (or whose run was stopped) refuses with `.failure`, one that has
/// time reads as it does without a deadline, and reading in pieces splits
/// lines and fields where the whole-text splits did.
@Suite struct ReadingDeadlineTests {
  static let instance = """
    {"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["museum"],
     "places": [{"id": "a", "categories": ["museum"], "lat": 60.171, "lon": 24.941}]}
    """

  /// A deadline already passed, and one an hour away whose run was stopped.
  static var expired: [Deadline] {
    let stopped = Cancellation()
    stopped.cancel()
    return [Deadline(after: .zero), Deadline(after: .seconds(3600), cancellation: stopped)]
  }

  static let ample = Deadline(after: .seconds(3600))

  static func expectRanOut(_ read: () throws(ItineraryError) -> Void) {
    let error = #expect(throws: ItineraryError.self) { try read() }
    #expect(error?.kind == .failure)
    #expect(error?.message.contains("the time limit ran out while reading the file") == true)
  }

  @Test func gtsplibRefusesOnceTheDeadlineHasPassed() throws {
    let text = BenchmarkTexts.square
    for deadline in Self.expired {
      Self.expectRanOut { () throws(ItineraryError) in
        _ = try GTSPLIBReader.parse(text, file: "square.gtsp", deadline: deadline)
      }
    }
    let timed = try GTSPLIBReader.parse(text, file: "square.gtsp", deadline: Self.ample)
    let untimed = try GTSPLIBReader.parse(text, file: "square.gtsp")
    let pairs = (0..<4).flatMap { i in (0..<4).map { (i, $0) } }
    #expect(pairs.allSatisfy { timed.cost($0, $1) == untimed.cost($0, $1) })
    #expect(timed.clusters == untimed.clusters)
  }

  @Test func optwRefusesOnceTheDeadlineHasPassed() throws {
    let text = OPTWReaderTests.tiny
    for deadline in Self.expired {
      Self.expectRanOut { () throws(ItineraryError) in
        _ = try OPTWReader.parse(text, file: "tiny.txt", scale: 10, deadline: deadline)
      }
    }
    let timed = try OPTWReader.parse(text, file: "tiny.txt", scale: 10, deadline: Self.ample)
    let untimed = try OPTWReader.parse(text, file: "tiny.txt", scale: 10)
    let pairs = (0..<3).flatMap { i in (0..<3).map { (i, $0) } }
    #expect(pairs.allSatisfy { timed.travel($0, $1) == untimed.travel($0, $1) })
    #expect(timed.scores == untimed.scores && timed.opens == untimed.opens)
    #expect(timed.closes == untimed.closes && timed.durations == untimed.durations)
  }

  @Test func instanceJSONRefusesOnceTheDeadlineHasPassed() throws {
    for deadline in Self.expired {
      Self.expectRanOut { () throws(ItineraryError) in
        _ = try InstanceFile.decode(Data(Self.instance.utf8), source: "i.json", deadline: deadline)
      }
    }
    let timed = try InstanceFile.decode(
      Data(Self.instance.utf8), source: "i.json", deadline: Self.ample)
    let untimed = try InstanceFile.decode(Data(Self.instance.utf8), source: "i.json")
    #expect(timed.places.map(\.id) == untimed.places.map(\.id))
    #expect(timed.categories == untimed.categories && timed.origin == untimed.origin)
    // Malformed JSON read on the parsing thread is still named as such.
    let error = #expect(throws: ItineraryError.self) {
      _ = try InstanceFile.decode(
        Data("{\"origin\": ".utf8), source: "i.json", deadline: Self.ample)
    }
    #expect(error?.kind == .data)
    #expect(error?.message.hasPrefix("i.json: malformed JSON") == true)
  }

  /// Random texts of words, blanks and every kind of line break.
  @Test(arguments: 0..<40)
  func piecesSplitWhereTheWholeTextSplits(seed: Int) throws {
    var generator = SplitMix64(seed: UInt64(seed))
    let pieces = [
      "a", "12", "-3.5", " ", "\t", "  ", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}",
      "\u{2028}", "\u{2029}", "é", "\u{2027}", "€", "",
    ]
    var text = ""
    for _ in 0..<Int(generator.next() % 60) {
      text += pieces[Int(generator.next() % UInt64(pieces.count))]
    }
    let expected = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    var lines = TextLines(text[...], file: "t", deadline: nil)
    var read: [Substring] = []
    while let line = try lines.next() { read.append(line) }
    #expect(read == expected, "seed \(seed): \(text.debugDescription)")
    #expect(lines.number == expected.count, "seed \(seed)")
    for line in read {
      var fields = TextLines.Fields(line: line)
      var found: [Substring] = []
      while let field = fields.next() { found.append(field) }
      #expect(
        found == line.split(whereSeparator: { $0 == " " || $0 == "\t" }),
        "seed \(seed): \(line.debugDescription)")
    }
  }
}
