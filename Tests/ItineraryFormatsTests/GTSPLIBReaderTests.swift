import Foundation
import ItineraryCore
import ItineraryFormats
import ItinerarySolver
import ItineraryTestSupport
import ItineraryWorkloads
import Testing

@Suite struct GTSPLIBReaderTests {
  struct DistanceCase: Sendable, CustomStringConvertible {
    var function: GTSPLIBDistance
    var a: (x: Double, y: Double)
    var b: (x: Double, y: Double)
    var expected: Int
    var description: String { "\(function.rawValue) \(a) -> \(b)" }
  }

  /// Values worked out by hand from the TSPLIB95 definitions.
  static let distances: [DistanceCase] = [
    // sqrt(25.81) = 5.080...: nint rounds down, CEIL_2D up.
    .init(function: .euclidean, a: (0, 0), b: (3, 4.1), expected: 5),
    .init(function: .ceiling, a: (0, 0), b: (3, 4.1), expected: 6),
    // nint(2.5) = 3: TSPLIB rounds halves up.
    .init(function: .euclidean, a: (0, 0), b: (1.5, 2), expected: 3),
    .init(function: .ceiling, a: (0, 0), b: (3, 4), expected: 5),
    // sqrt(100 / 10) = 3.162...: nint is 3, below the value, so 4.
    .init(function: .pseudoEuclidean, a: (0, 0), b: (10, 0), expected: 4),
    // sqrt((900 + 100) / 10) = 10 exactly.
    .init(function: .pseudoEuclidean, a: (0, 0), b: (30, 10), expected: 10),
    // One degree of longitude on the equator: 6378.388 * (pi / 180) = 111.3...
    .init(function: .geographical, a: (0, 0), b: (0, 1), expected: 112),
    // 0.30 is 30 minutes, half a degree: 55.6... + 1 truncated.
    .init(function: .geographical, a: (0, 0), b: (0.30, 0), expected: 56),
    // Burma 1 -> 2 (16.47 96.10 -> 16.47 94.44), burma14's first entry.
    .init(function: .geographical, a: (16.47, 96.10), b: (16.47, 94.44), expected: 153),
  ]

  @Test(arguments: distances)
  func distanceFunction(_ item: DistanceCase) {
    #expect(item.function.distance(item.a, item.b) == item.expected)
  }

  static let header = """
    NAME : tiny
    TYPE : GTSP
    DIMENSION : 4
    GTSP_SETS : 2

    """
  static let sets = """
    GTSP_SET_SECTION
    1 1 2 -1
    2 3 4 -1
    EOF

    """

  @Test func explicitFormatsAgree() throws {
    // The symmetric matrix [0 1 2 3; 1 0 4 5; 2 4 0 6; 3 5 6 0] in every layout.
    let layouts = [
      ("FULL_MATRIX", "0 1 2 3\n1 0 4 5\n2 4 0 6\n3 5 6 0"),
      ("UPPER_ROW", "1 2 3\n4 5\n6"),
      ("LOWER_ROW", "1\n2 4\n3 5 6"),
      ("UPPER_DIAG_ROW", "0 1 2 3\n0 4 5\n0 6\n0"),
      ("LOWER_DIAG_ROW", "0\n1 0\n2 4 0\n3 5 6 0"),
    ]
    for (format, numbers) in layouts {
      let text =
        Self.header + "EDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : \(format)\n"
        + "EDGE_WEIGHT_SECTION\n\(numbers)\n" + Self.sets
      let instance = try GTSPLIBReader.parse(text, file: "tiny.gtsp")
      #expect(instance.cost(0, 3) == 3 && instance.cost(3, 0) == 3, "\(format)")
      #expect(instance.cost(1, 2) == 4 && instance.cost(2, 3) == 6, "\(format)")
      #expect(instance.clusters == [[0, 1], [2, 3]])
    }
  }

  @Test func asymmetricFullMatrix() throws {
    let text =
      Self.header.replacingOccurrences(of: "TYPE : GTSP", with: "TYPE : AGTSP")
      + "EDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : FULL_MATRIX\nEDGE_WEIGHT_SECTION\n"
      + "0 1 2 3 9 0 4 5\n8 7 0 6 1 1 1 0\n" + Self.sets
    let instance = try GTSPLIBReader.parse(text, file: "tiny.gtsp")
    #expect(instance.cost(0, 1) == 1 && instance.cost(1, 0) == 9 && !instance.isSymmetric)
    // 0 -> 3 -> 0 costs 3 + 1; its reverse, 3 + 3.
    #expect(
      GTSPSolver.solve(instance, options: SolveOptions(timeLimit: .seconds(5))).tour.cost == 4)
  }

  struct Malformed: Sendable, CustomStringConvertible {
    var description: String
    var text: String
    /// The line the error must name, and words it must contain.
    var line: Int
    var words: String
  }

  static let coordinates =
    "EDGE_WEIGHT_TYPE : EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 1 0\n3 0 1\n4 1 1\n"

  static let malformed: [Malformed] = [
    .init(
      description: "unknown distance",
      text: header + "EDGE_WEIGHT_TYPE : MAN_3D\n", line: 5, words: "MAN_3D"),
    .init(
      description: "not a number",
      text: header + "EDGE_WEIGHT_TYPE : EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 1 zero\n",
      line: 8, words: "not a number"),
    .init(
      description: "node in two sets",
      text: header + coordinates + "GTSP_SET_SECTION\n1 1 2 -1\n2 2 3 4 -1\nEOF\n",
      line: 13, words: "node 2 is in set 1 and set 2"),
    .init(
      description: "node in no set",
      text: header + coordinates + "GTSP_SET_SECTION\n1 1 2 -1\n2 3 -1\nEOF\n",
      line: 11, words: "node 4 is in no set"),
    .init(
      description: "node out of range",
      text: header + coordinates + "GTSP_SET_SECTION\n1 1 2 -1\n2 3 4 5 -1\nEOF\n",
      line: 13, words: "out of range"),
    .init(
      description: "truncated matrix",
      text: header
        + "EDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2 3\n",
      line: 7, words: "ends inside"),
    .init(
      description: "no sets", text: header + coordinates + "EOF\n", line: 12,
      words: "no GTSP_SET_SECTION"),
    .init(
      description: "bad dimension", text: "NAME : x\nTYPE : GTSP\nDIMENSION : -3\n", line: 3,
      words: "DIMENSION"),
    .init(
      description: "not a GTSP", text: "NAME : x\nTYPE : TSP\n", line: 2, words: "TYPE 'TSP'"),
    .init(
      description: "stray data line", text: header + "1 2 3\n", line: 5, words: "unexpected line"),
  ]

  /// Files built to crash a reader or make it allocate without bound.
  static let hostile: [Malformed] = [
    .init(
      description: "coordinate too large for Int",
      text: header + "EDGE_WEIGHT_TYPE : EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 1e19 0\n",
      line: 8, words: "'1e19' is outside [-1e9, 1e9] (the x coordinate of node 2)"),
    .init(
      description: "coordinate 1e300",
      text: header + "EDGE_WEIGHT_TYPE : GEO\nNODE_COORD_SECTION\n1 0 1e300\n",
      line: 7, words: "the y coordinate of node 1"),
    .init(
      description: "weight 1e308",
      text: header
        + "EDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : UPPER_ROW\nEDGE_WEIGHT_SECTION\n"
        + "1 1e308 3\n4 5\n6\n",
      line: 8, words: "the weight of edge 1-3"),
    .init(
      description: "weight 1e400 is not finite",
      text: header
        + "EDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : UPPER_ROW\nEDGE_WEIGHT_SECTION\n"
        + "1e400 2 3\n4 5\n6\n",
      line: 8, words: "'1e400' is not a number"),
    .init(
      description: "DIMENSION changed after the coordinates",
      text: header + coordinates + "DIMENSION : 5\n", line: 11,
      words: "DIMENSION given again (first on line 3)"),
    .init(
      description: "DIMENSION Int.max",
      text: "NAME : x\nTYPE : GTSP\nDIMENSION : 9223372036854775807\n", line: 3,
      words: "more than the 10000 nodes"),
    .init(
      description: "DIMENSION beyond Int",
      text: "NAME : x\nTYPE : GTSP\nDIMENSION : 99999999999999999999\n", line: 3,
      words: "not a positive integer"),
    .init(
      description: "DIMENSION the file is too short to list",
      text: "NAME : x\nTYPE : GTSP\nDIMENSION : 5000\nGTSP_SETS : 1\n", line: 3,
      words: "DIMENSION 5000 is more nodes than a file of 52 bytes can list"),
    .init(
      description: "GTSP_SETS 1e11",
      text: "NAME : x\nTYPE : GTSP\nDIMENSION : 4\nGTSP_SETS : 1e11\n", line: 4,
      words: "GTSP_SETS '1e11' is not a positive integer"),
    .init(
      description: "more sets than nodes",
      text: "NAME : x\nTYPE : GTSP\nDIMENSION : 4\nGTSP_SETS : 100000000000\n" + coordinates
        + "GTSP_SET_SECTION\n1 1 -1\n", line: 11, words: "GTSP_SETS 100000000000 is more than the 4"
    ),
    .init(
      description: "a matrix the file cannot hold",
      text: "NAME : x\nTYPE : GTSP\nDIMENSION : 60\nGTSP_SETS : 1\n"
        + "EDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : FULL_MATRIX\nEDGE_WEIGHT_SECTION\n"
        + "0 1 2\n",
      line: 7, words: "a FULL_MATRIX of 60 nodes needs 3600 numbers"),
    .init(
      description: "node id too large for Int",
      text: header + "EDGE_WEIGHT_TYPE : EUC_2D\nNODE_COORD_SECTION\n99999999999999999999 0 0\n",
      line: 7, words: "not an integer (a node id)"),
    .init(
      description: "a control character in a quoted line",
      text: header + "\u{1B}[31mred\n", line: 5, words: "'\\u{1B}[31mred'"),
  ]

  /// The largest numbers accepted give the exact answer: 1e9 per arc.
  @Test func largestWeightsGiveTheRightTour() throws {
    let text =
      Self.header
      + "EDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : UPPER_ROW\nEDGE_WEIGHT_SECTION\n"
      + "1e9 1e9 1e9\n1e9 1e9\n-1e9\n" + Self.sets
    let instance = try GTSPLIBReader.parse(text, file: "big.gtsp")
    let tour = GTSPSolver.solve(instance, options: SolveOptions(timeLimit: .seconds(5))).tour
    #expect(instance.isFeasible(tour.nodes))
    #expect(tour.cost == 2e9 && tour.optimal)
  }

  @Test func gtsplibTextIsRecognized() {
    #expect(GTSPLIBReader.looksLikeGTSPLIB(Data(Self.header.utf8)))
    #expect(GTSPLIBReader.looksLikeGTSPLIB(Data("\n  dimension: 3\n".utf8)))
    #expect(!GTSPLIBReader.looksLikeGTSPLIB(Data("{\"NAME\": 1}".utf8)))
    #expect(!GTSPLIBReader.looksLikeGTSPLIB(Data("hello: world".utf8)))
  }

  /// Malformed and hostile files alike are data errors naming the line.
  @Test(arguments: malformed + hostile)
  func malformedFileNamesTheLine(_ item: Malformed) {
    #expect {
      _ = try GTSPLIBReader.parse(item.text, file: "bad.gtsp")
    } throws: { error in
      guard let error = error as? ItineraryError else { return false }
      return error.kind == .data && error.message.hasPrefix("bad.gtsp:\(item.line): ")
        && error.message.contains(item.words)
    }
  }

  @Test func unreadableFileIsADataError() {
    #expect(throws: ItineraryError.self) {
      _ = try GTSPLIBReader.read(contentsOf: URL(fileURLWithPath: "/nonexistent/x.gtsp"))
    }
  }
}

/// Every shared GTSPLIB instance with at most 12 clusters, solved and proven
/// optimal; their optima also check every distance function and matrix layout
/// they use against published values.
@Suite(.enabled(if: SharedData.url("gtsplib") != nil, "needs ../shared/data/gtsplib"))
struct GTSPLIBInstanceTests {
  struct Known: Sendable, CustomStringConvertible {
    var name: String
    var clusters: Int
    var value: Double
    var description: String { name }
  }

  static let small: [Known] = {
    guard let url = SharedData.url("gtsplib/values.csv"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return [] }
    return text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count >= 7, let clusters = Int(fields[1]), let value = Double(fields[6]),
        clusters <= 12
      else { return nil }
      return Known(name: String(fields[0]), clusters: clusters, value: value)
    }
  }()

  @Test func valuesListTheSmallInstances() {
    #expect(Self.small.count == 15)
  }

}

extension GTSPLIBInstanceTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test(arguments: small)
    func provenOptimal(_ known: Known) throws {
      let url = try #require(SharedData.url("gtsplib/instances/\(known.name).gtsp"))
      let instance = try GTSPLIBReader.read(contentsOf: url)
      #expect(instance.clusters.count == known.clusters)
      let result = GTSPSolver.solve(
        instance, options: SolveOptions(timeLimit: .seconds(60), seed: 1))
      #expect(result.tour.optimal && result.exactCompleted)
      #expect(result.tour.cost == known.value)
      #expect(instance.isFeasible(result.tour.nodes))
      #expect(instance.tourCost(result.tour.nodes) == known.value)
    }
  }
}
