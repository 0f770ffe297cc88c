import Foundation
import ItineraryCore
import ItinerarySolver

/// Reads generalized-TSP instances in the GTSPLIB format: a TSPLIB header and
/// data sections, plus `GTSP_SETS: m` and a `GTSP_SET_SECTION` of lines
/// `set_id node ... -1`.
///
/// Distances follow TSPLIB95 exactly (integers, see `GTSPLIBDistance`).
/// Malformed files throw the documented data error naming the file, line and
/// field. Every number is range-checked before it is converted or sizes an
/// allocation, and a file cannot ask for more memory than its length
/// justifies: each node must appear in the set section, so a file of `B`
/// bytes has at most `B / 2` nodes, and an explicit matrix is allocated only
/// when the file is long enough to hold its numbers.
public enum GTSPLIBReader {
  /// The most nodes a file may have: the instance holds a dense matrix of
  /// n^2 costs (10,000 nodes: 800 MB). The largest GTSPLIB instance has 1,084.
  public static let maximumNodeCount = 10_000

  /// The largest magnitude of a coordinate or an explicit weight. Every
  /// distance then stays below 3e9, and a tour of up to `maximumNodeCount`
  /// arcs sums to an exact integer in a `Double`.
  public static let maximumMagnitude = 1e9

  /// Bytes the solver holds per pair of nodes: the distance matrix and as
  /// much again for its searches.
  public static let bytesPerPair = 16

  /// The instance in the file at `url`; node `i` of the file is node `i - 1`.
  ///
  /// - Parameter memoryLimit: bytes the run may hold; a DIMENSION whose
  ///   distances need more is refused before anything is allocated.
  /// - Complexity: O(size of the file + n^2).
  public static func read(contentsOf url: URL, memoryLimit: Int = .max) throws(ItineraryError)
    -> GTSPInstance
  {
    let data = try InputFile.contents(of: url.path)
    guard let text = String(data: data, encoding: .utf8) else {
      throw ItineraryError(.data, "\(url.path): not UTF-8 text")
    }
    return try parse(text, file: url.path, memoryLimit: memoryLimit)
  }

  /// Whether `data` opens as a GTSPLIB file does: its first line that is not
  /// blank is a TSPLIB header key and a colon (`NAME : 11berlin52`).
  ///
  /// - Complexity: O(length of the first lines).
  public static func looksLikeGTSPLIB(_ data: Data) -> Bool {
    let head = String(decoding: data.prefix(4096), as: UTF8.self)
    guard
      let line = head.split(whereSeparator: \.isNewline).first(where: {
        !$0.allSatisfy(\.isWhitespace)
      }),
      let colon = line.firstIndex(of: ":")
    else { return false }
    let key = line[..<colon].trimmingCharacters(in: .whitespaces).uppercased()
    return ["NAME", "TYPE", "COMMENT", "DIMENSION", "GTSP_SETS", "EDGE_WEIGHT_TYPE"].contains(key)
  }

  /// The instance in `text`; `file` names it in error messages.
  ///
  /// - Parameter deadline: when reading must stop: past it, reading throws
  ///   `.failure` naming the file and the line it got to.
  /// - Complexity: O(size of the text + n^2).
  public static func parse(
    _ text: String, file: String, memoryLimit: Int = .max, deadline: Deadline? = nil
  ) throws(ItineraryError) -> GTSPInstance {
    var parser = Parser(text: text, file: file, memoryLimit: memoryLimit, deadline: deadline)
    return try parser.parse()
  }
}

/// The TSPLIB95 distance functions, rounded to integers as the library does.
public enum GTSPLIBDistance: String, Sendable, CaseIterable {
  case euclidean = "EUC_2D"
  case ceiling = "CEIL_2D"
  case pseudoEuclidean = "ATT"
  case geographical = "GEO"

  /// The distance between two nodes given as TSPLIB coordinates.
  ///
  /// - Complexity: O(1).
  public func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Int {
    let dx = a.x - b.x
    let dy = a.y - b.y
    switch self {
    case .euclidean:
      return Self.nint((dx * dx + dy * dy).squareRoot())
    case .ceiling:
      return Int((dx * dx + dy * dy).squareRoot().rounded(.up))
    case .pseudoEuclidean:
      let r = ((dx * dx + dy * dy) / 10).squareRoot()
      let t = Self.nint(r)
      return Double(t) < r ? t + 1 : t
    case .geographical:
      let (latA, lonA) = (Self.radians(a.x), Self.radians(a.y))
      let (latB, lonB) = (Self.radians(b.x), Self.radians(b.y))
      let q1 = cos(lonA - lonB)
      let q2 = cos(latA - latB)
      let q3 = cos(latA + latB)
      let argument = 0.5 * ((1 + q1) * q2 - (1 - q1) * q3)
      return Int(6378.388 * acos(min(1, max(-1, argument))) + 1)
    }
  }

  /// TSPLIB's `nint`: `(int) (x + 0.5)`.
  private static func nint(_ x: Double) -> Int { Int(x + 0.5) }

  /// TSPLIB's GEO conversion of `DDD.MM` (degrees and minutes) to radians,
  /// with the reference code's truncation of the degrees and its value of pi.
  private static func radians(_ x: Double) -> Double {
    let pi = 3.141592
    let degrees = Double(Int(x))
    let minutes = x - degrees
    return pi * (degrees + 5 * minutes / 3) / 180
  }
}

/// The header keys and sections of one file, read line by line.
private struct Parser {
  var lines: TextLines
  let file: String
  /// The length of the text in bytes: what bounds every size read from it.
  let byteCount: Int
  /// Bytes the run may hold.
  let memoryLimit: Int
  /// The line of each header key and section read so far.
  var keyLines: [String: Int] = [:]
  var tokens = TextLines.Fields(line: "")
  var tokenLine = 0

  var name = ""
  var dimension: Int?
  var setCount: Int?
  var weightType: String?
  var weightFormat: String?
  var coordinates: [(x: Double, y: Double)]?
  var explicitWeights: [Double]?
  var sets: [[Int]]?

  init(text: String, file: String, memoryLimit: Int, deadline: Deadline?) {
    lines = TextLines(text[...], file: file, deadline: deadline)
    self.file = file
    byteCount = text.utf8.count
    self.memoryLimit = memoryLimit
  }

  func error(_ message: String, line: Int) -> ItineraryError {
    ItineraryError(.data, "\(file):\(line): \(message)")
  }

  mutating func parse() throws(ItineraryError) -> GTSPInstance {
    header: while let line = try lines.next() {
      let number = lines.number
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { continue }
      let key: String
      let value: String
      if let colon = trimmed.firstIndex(of: ":") {
        key = trimmed[..<colon].trimmingCharacters(in: .whitespaces).uppercased()
        value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      } else {
        key = trimmed.uppercased()
        value = ""
      }
      if Self.singleKeys.contains(key) {
        if let first = keyLines[key] {
          throw error("\(key) given again (first on line \(first))", line: number)
        }
        keyLines[key] = number
      }
      switch key {
      case "NAME": name = value
      case "TYPE":
        let type = value.split(separator: " ").first.map { $0.uppercased() } ?? ""
        guard type == "GTSP" || type == "AGTSP" else {
          throw error("TYPE '\(value)' is not GTSP or AGTSP", line: number)
        }
      case "DIMENSION": dimension = try nodeCount(value, number)
      case "GTSP_SETS": setCount = try positiveInteger(value, key, number)
      case "EDGE_WEIGHT_TYPE":
        guard value == "EXPLICIT" || GTSPLIBDistance(rawValue: value) != nil else {
          throw error("unsupported EDGE_WEIGHT_TYPE '\(value)'", line: number)
        }
        weightType = value
      case "EDGE_WEIGHT_FORMAT":
        guard value == "FUNCTION" || MatrixFormat(rawValue: value) != nil else {
          throw error("unsupported EDGE_WEIGHT_FORMAT '\(value)'", line: number)
        }
        weightFormat = value
      case "NODE_COORD_SECTION": try readCoordinates(number)
      case "EDGE_WEIGHT_SECTION": try readWeights(number)
      case "GTSP_SET_SECTION": try readSets(number)
      case "EOF": break header
      default:
        guard !value.isEmpty || trimmed.contains(":") else {
          throw error("unexpected line '\(trimmed.prefix(40))'", line: number)
        }
      }
    }
    return try instance()
  }

  /// The keys and sections a file may hold once.
  static let singleKeys: Set = [
    "NAME", "TYPE", "DIMENSION", "GTSP_SETS", "EDGE_WEIGHT_TYPE", "EDGE_WEIGHT_FORMAT",
    "NODE_COORD_SECTION", "EDGE_WEIGHT_SECTION", "GTSP_SET_SECTION",
  ]

  /// DIMENSION, bounded by the reader's limit and by the length of the file.
  func nodeCount(_ value: String, _ line: Int) throws(ItineraryError) -> Int {
    let n = try positiveInteger(value, "DIMENSION", line)
    guard n <= GTSPLIBReader.maximumNodeCount else {
      throw error(
        "DIMENSION \(n) is more than the \(GTSPLIBReader.maximumNodeCount) nodes this tool reads",
        line: line)
    }
    guard n <= byteCount / 2 else {
      throw error(
        "DIMENSION \(n) is more nodes than a file of \(byteCount) bytes can list in its sets",
        line: line)
    }
    let needed = n * n * GTSPLIBReader.bytesPerPair
    guard needed <= memoryLimit else {
      throw error(
        "DIMENSION \(n) needs about \(needed >> 20) MB, over the memory limit of "
          + "\(memoryLimit >> 20) MB (--memory-limit)", line: line)
    }
    return n
  }

  func positiveInteger(_ value: String, _ key: String, _ line: Int) throws(ItineraryError) -> Int {
    guard let number = Int(value), number > 0 else {
      throw error("\(key) '\(value)' is not a positive integer", line: line)
    }
    return number
  }

  func requireDimension(_ section: String, _ line: Int) throws(ItineraryError) -> Int {
    guard let dimension else { throw error("\(section) before DIMENSION", line: line) }
    return dimension
  }

  // MARK: Tokens

  /// The next whitespace-separated token of the data, with its line number,
  /// or `nil` at the end of the file.
  mutating func nextToken() throws(ItineraryError) -> (token: Substring, line: Int)? {
    try lines.tick()
    while true {
      if let token = tokens.next() { return (token, tokenLine) }
      guard let line = try lines.next() else { return nil }
      tokens = TextLines.Fields(line: line)
      tokenLine = lines.number
    }
  }

  /// The next token as a number of magnitude at most `maximumMagnitude`.
  mutating func nextNumber(_ what: String, section line: Int) throws(ItineraryError) -> Double {
    guard let (token, number) = try nextToken() else {
      throw error("the file ends inside the section begun here, expecting \(what)", line: line)
    }
    guard let value = Double(token), value.isFinite else {
      throw error("'\(token.prefix(40))' is not a number (\(what))", line: number)
    }
    guard abs(value) <= GTSPLIBReader.maximumMagnitude else {
      throw error("'\(token.prefix(40))' is outside [-1e9, 1e9] (\(what))", line: number)
    }
    return value
  }

  /// The next token as a node id in `1...dimension`.
  mutating func nextInteger(_ what: String, section line: Int) throws(ItineraryError) -> (
    value: Int, line: Int
  ) {
    guard let (token, number) = try nextToken() else {
      throw error("the file ends inside the section begun here, expecting \(what)", line: line)
    }
    guard let value = Int(token) else {
      throw error("'\(token.prefix(40))' is not an integer (\(what))", line: number)
    }
    return (value, number)
  }

  /// Ends a section at the end of its last line: the next keyword is read
  /// as a header line.
  mutating func endSection(_ section: String) throws(ItineraryError) {
    if let extra = tokens.next() {
      throw error("unexpected '\(extra.prefix(40))' after the \(section)", line: tokenLine)
    }
  }

  /// The next id of a section that gives each of `1...count` once, marked
  /// in `seen`, and its line; `kind` (`node`, `set`) names it in errors.
  mutating func nextID(_ kind: String, of count: Int, seen: inout [Bool], section line: Int)
    throws(ItineraryError) -> (id: Int, line: Int)
  {
    let (id, idLine) = try nextInteger("a \(kind) id", section: line)
    guard (1...count).contains(id), !seen[id - 1] else {
      throw error("\(kind) id \(id) is out of range 1...\(count) or repeated", line: idLine)
    }
    seen[id - 1] = true
    return (id, idLine)
  }

  // MARK: Sections

  mutating func readCoordinates(_ line: Int) throws(ItineraryError) {
    let n = try requireDimension("NODE_COORD_SECTION", line)
    var coordinates = Array(repeating: (x: 0.0, y: 0.0), count: n)
    var seen = Array(repeating: false, count: n)
    for _ in 0..<n {
      let (id, _) = try nextID("node", of: n, seen: &seen, section: line)
      let x = try nextNumber("the x coordinate of node \(id)", section: line)
      let y = try nextNumber("the y coordinate of node \(id)", section: line)
      coordinates[id - 1] = (x, y)
    }
    try endSection("NODE_COORD_SECTION")
    self.coordinates = coordinates
  }

  mutating func readWeights(_ line: Int) throws(ItineraryError) {
    let n = try requireDimension("EDGE_WEIGHT_SECTION", line)
    guard let format = weightFormat.flatMap(MatrixFormat.init(rawValue:)) else {
      throw error("EDGE_WEIGHT_SECTION without a matrix EDGE_WEIGHT_FORMAT", line: line)
    }
    let count = format.entryCount(n)
    guard count <= byteCount / 2 else {
      throw error(
        "a \(format.rawValue) of \(n) nodes needs \(count) numbers, "
          + "more than a file of \(byteCount) bytes holds", line: line)
    }
    var weights = Array(repeating: 0.0, count: n * n)
    try format.forEachEntry(n) { (i, j) throws(ItineraryError) in
      let value = try nextNumber("the weight of edge \(i + 1)-\(j + 1)", section: line)
      weights[i * n + j] = value
      if format != .fullMatrix { weights[j * n + i] = value }
    }
    try endSection("EDGE_WEIGHT_SECTION")
    explicitWeights = weights
  }

  mutating func readSets(_ line: Int) throws(ItineraryError) {
    let n = try requireDimension("GTSP_SET_SECTION", line)
    guard let m = setCount else { throw error("GTSP_SET_SECTION before GTSP_SETS", line: line) }
    guard m <= n else {
      throw error("GTSP_SETS \(m) is more than the \(n) nodes: a set needs a node", line: line)
    }
    var sets = Array(repeating: [Int](), count: m)
    var setOf = Array(repeating: 0, count: n)
    var seenSets = Array(repeating: false, count: m)
    for _ in 0..<m {
      let (id, idLine) = try nextID("set", of: m, seen: &seenSets, section: line)
      while true {
        let (node, nodeLine) = try nextInteger("a node of set \(id) or -1", section: line)
        if node == -1 { break }
        guard (1...n).contains(node) else {
          throw error("node \(node) of set \(id) is out of range 1...\(n)", line: nodeLine)
        }
        guard setOf[node - 1] == 0 else {
          throw error("node \(node) is in set \(setOf[node - 1]) and set \(id)", line: nodeLine)
        }
        setOf[node - 1] = id
        sets[id - 1].append(node - 1)
      }
      if sets[id - 1].isEmpty { throw error("set \(id) is empty", line: idLine) }
    }
    try endSection("GTSP_SET_SECTION")
    if let node = setOf.firstIndex(of: 0) {
      throw error("node \(node + 1) is in no set", line: line)
    }
    self.sets = sets
  }

  // MARK: The instance

  mutating func instance() throws(ItineraryError) -> GTSPInstance {
    // Errors from here on name the file's last line.
    while try lines.next() != nil {}
    let end = lines.number
    guard let n = dimension else { throw error("no DIMENSION", line: end) }
    guard setCount != nil else { throw error("no GTSP_SETS", line: end) }
    guard let weightType else { throw error("no EDGE_WEIGHT_TYPE", line: end) }
    guard let sets else { throw error("no GTSP_SET_SECTION", line: end) }
    var costs: [Double]
    if weightType == "EXPLICIT" {
      guard let explicitWeights else { throw error("no EDGE_WEIGHT_SECTION", line: end) }
      costs = explicitWeights
    } else {
      guard let coordinates, let function = GTSPLIBDistance(rawValue: weightType) else {
        throw error("no NODE_COORD_SECTION", line: end)
      }
      costs = Array(repeating: 0, count: n * n)
      for i in 0..<n {
        for j in 0..<n where i != j {
          costs[i * n + j] = Double(function.distance(coordinates[i], coordinates[j]))
        }
      }
    }
    guard let instance = GTSPInstance(name: name, nodeCount: n, clusters: sets, costs: costs)
    else { throw error("the sets do not partition the nodes", line: end) }
    return instance
  }
}

/// The layouts of an explicit weight matrix.
private enum MatrixFormat: String {
  case fullMatrix = "FULL_MATRIX"
  case upperRow = "UPPER_ROW"
  case lowerRow = "LOWER_ROW"
  case upperDiagonalRow = "UPPER_DIAG_ROW"
  case lowerDiagonalRow = "LOWER_DIAG_ROW"
  // A symmetric matrix read by columns is its transpose read by rows.
  case upperColumn = "UPPER_COL"
  case lowerColumn = "LOWER_COL"
  case upperDiagonalColumn = "UPPER_DIAG_COL"
  case lowerDiagonalColumn = "LOWER_DIAG_COL"

  /// How many numbers the section holds for `n` nodes.
  func entryCount(_ n: Int) -> Int {
    switch self {
    case .fullMatrix: n * n
    case .upperRow, .lowerColumn, .lowerRow, .upperColumn: n * (n - 1) / 2
    case .upperDiagonalRow, .lowerDiagonalColumn, .lowerDiagonalRow, .upperDiagonalColumn:
      n * (n + 1) / 2
    }
  }

  /// Calls `body` with the (row, column) of each number in the section, in
  /// file order.
  ///
  /// - Complexity: O(`entryCount(n)`) calls, no allocation.
  func forEachEntry<E: Error>(_ n: Int, _ body: (Int, Int) throws(E) -> Void) throws(E) {
    for i in 0..<n {
      let columns: Range<Int> =
        switch self {
        case .fullMatrix: 0..<n
        case .upperRow, .lowerColumn: i + 1..<n
        case .lowerRow, .upperColumn: 0..<i
        case .upperDiagonalRow, .lowerDiagonalColumn: i..<n
        case .lowerDiagonalRow, .upperDiagonalColumn: 0..<i + 1
        }
      for j in columns { try body(i, j) }
    }
  }
}
