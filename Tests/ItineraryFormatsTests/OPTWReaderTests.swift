import Foundation
import ItineraryCore
import ItineraryFormats
import ItinerarySolver
import ItineraryTestSupport
import ItineraryWorkloads
import Testing

@Suite struct OPTWReaderTests {
  /// A depot and two customers; customer 2 lists three ignored entries.
  static let tiny = """
    4 10 2 1
    0 200
      0 0.00 0.00 0.00 0.00 0 0 0 100
      1 3.00 4.00 10.00 7.00 1 1 1 0 50
      2 1.00 1.00 2.50 9.00 0 3 1 2 3 20.5 30.25

    """

  @Test func readsScoresWindowsAndTruncatedTravel() throws {
    let instance = try OPTWReader.parse(Self.tiny, file: "tiny.txt", scale: 10, routes: 2)
    #expect(instance.vertexCount == 3)
    #expect(instance.scores == [0, 7, 9])
    // In tenths: durations rounded up, windows inwards.
    #expect(instance.durations == [0, 100, 25])
    #expect(instance.opens == [0, 0, 205])
    #expect(instance.closes == [1000, 500, 302])
    #expect(instance.days == Array(repeating: OrienteeringDay(start: 0, end: 1000), count: 2))
    // |(3,4)| = 5; |(1,1)| = 1.414... is 1.4; |(2,3)| = 3.605... is 3.6.
    #expect(instance.travel(0, 1) == 50)
    #expect(instance.travel(0, 2) == 14)
    #expect(instance.travel(2, 1) == 36)
    let hundredths = try OPTWReader.parse(Self.tiny, file: "pr99.txt", scale: 100)
    #expect(hundredths.travel(0, 2) == 141)
    #expect(hundredths.travel(2, 1) == 360)
  }

  @Test func scaleFollowsTheFileName() {
    #expect(OPTWReader.scale(forFileNamed: "pr01.txt") == 100)
    #expect(OPTWReader.scale(forFileNamed: "rc208.txt") == 10)
    #expect(OPTWReader.scale(forFileNamed: "c101.txt") == 10)
    // A path, as the command line passes it: the file's own name counts.
    #expect(OPTWReader.scale(forFileNamed: "../data/optw/pr10.txt") == 100)
    #expect(OPTWReader.scale(forFileNamed: "/tmp/prices/c101.txt") == 10)
  }

  @Test func aHeaderBrokenInTwoLinesReadsTheSame() throws {
    let broken = Self.tiny.replacingOccurrences(of: "4 10 2 1\n0 200", with: "4\n10 2 1 0 200")
    let a = try OPTWReader.parse(Self.tiny, file: "a.txt", scale: 10)
    let b = try OPTWReader.parse(broken, file: "b.txt", scale: 10)
    #expect(a.scores == b.scores && a.opens == b.opens && a.closes == b.closes)
  }

  struct Malformed: Sendable, CustomStringConvertible {
    var text: String
    var line: Int
    var words: String
    var description: String { words }
  }

  static let malformed: [Malformed] = [
    .init(text: "", line: 1, words: "ends before its header"),
    .init(text: "4 10\n\n", line: 1, words: "four numbers"),
    .init(text: "4 10 x 1\n0 200\n", line: 1, words: "customer count"),
    .init(text: "4 10 5 1\n0 200\n 0 0 0 0 0 0 0 0 100\n", line: 1, words: "customer count"),
    .init(
      text: tiny.replacingOccurrences(of: "  1 3.00", with: "  7 3.00"), line: 4,
      words: "expected vertex 1"),
    .init(text: tiny.replacingOccurrences(of: "0 50\n", with: "0\n"), line: 4, words: "fields"),
    .init(
      text: tiny.replacingOccurrences(of: "0 3 1 2 3", with: "0 3 1 2"), line: 5, words: "fields"),
    .init(text: tiny.replacingOccurrences(of: "7.00", with: "-7"), line: 4, words: "the score S"),
    .init(text: tiny.replacingOccurrences(of: "7.00", with: "nan"), line: 4, words: "the score S"),
    .init(
      text: tiny.replacingOccurrences(of: "3.00 4.00", with: "3.00 1e300"), line: 4, words: "y"),
    .init(text: tiny.replacingOccurrences(of: "10.00", with: "-1"), line: 4, words: "duration"),
    .init(
      text: tiny.replacingOccurrences(of: "0 50\n", with: "60 50\n"), line: 4,
      words: "after it closes"),
    .init(
      text: tiny.replacingOccurrences(of: "1 1 1 0 50", with: "1 x 1 0 50"), line: 4,
      words: "entry count"),
    .init(
      text: tiny.replacingOccurrences(of: "1 1 1 0 50", with: "1 1 y 0 50"), line: 4,
      words: "ignored"),
    .init(text: tiny + "3 1 1 1 1 0 0 0 1\n", line: 6, words: "unexpected text"),
  ]

  @Test(arguments: malformed)
  func malformedFileNamesTheLine(_ item: Malformed) {
    #expect {
      _ = try OPTWReader.parse(item.text, file: "bad.txt", scale: 10)
    } throws: { error in
      guard let error = error as? ItineraryError else { return false }
      return error.kind == .data && error.message.hasPrefix("bad.txt:\(item.line): ")
        && error.message.contains(item.words) && !error.message.contains("\n")
    }
  }

  @Test func unreadableFileIsADataError() {
    #expect(throws: ItineraryError.self) {
      _ = try OPTWReader.read(contentsOf: URL(fileURLWithPath: "/nonexistent/c101.txt"))
    }
  }
}

/// The shared benchmark files: every one reads, and a few quick ones solve
/// to their known values (the full sweep is the `explore` benchmark).
@Suite(.enabled(if: SharedData.url("optw") != nil, "needs ../shared/data/optw"))
struct OPTWInstanceTests {
  static func url(_ name: String) throws -> URL {
    try #require(SharedData.url("optw/instances/\(name).txt"))
  }

  @Test func everyFileReads() throws {
    let folder = try #require(SharedData.url("optw/instances"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".txt")
    }
    #expect(names.count > 60)
    for name in names {
      let instance = try OPTWReader.read(contentsOf: folder.appending(path: name))
      #expect(instance.vertexCount > 40, "\(name)")
    }
  }

  @Test func theBrokenHeaderOfC204ReadsAsItsMendedCopy() throws {
    let broken = try OPTWReader.read(contentsOf: Self.url("c204"))
    let mended = try OPTWReader.read(contentsOf: Self.url("c204.fixed"))
    #expect(broken.vertexCount == 101)
    #expect(broken.scores == mended.scores && broken.closes == mended.closes)
    #expect(broken.travel(3, 7) == mended.travel(3, 7))
  }

  /// Two routes: feasible, and no better than the best known plus a margin
  /// (a heuristic lower bound may be beaten, not by much).
  @Test func twoRoutesAreFeasible() throws {
    let instance = try OPTWReader.read(contentsOf: Self.url("r101"), routes: 2)
    let result = OrienteeringSolver.solve(instance, options: SolveOptions(timeLimit: .seconds(2)))
    #expect(!result.trip.optimal)
    #expect(instance.isFeasible(result.trip.routes))
    #expect(result.trip.routes.count == 2)
    #expect(result.trip.score >= 0.9 * 349)
  }
}

extension OPTWInstanceTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    /// Quick instances with proven optima (Righini and Salani): proven again.
    @Test(arguments: [("r101", 198.0), ("rc101", 219.0)])
    func provenOptimum(_ name: String, _ value: Double) throws {
      let instance = try OPTWReader.read(contentsOf: OPTWInstanceTests.url(name))
      let result = OrienteeringSolver.solve(
        instance, options: SolveOptions(timeLimit: .seconds(60)))
      #expect(result.trip.optimal)
      #expect(result.trip.score == value)
      #expect(instance.isFeasible(result.trip.routes))
    }
  }
}
