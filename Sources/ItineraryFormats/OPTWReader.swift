import Foundation
import ItineraryCore
import ItinerarySolver

/// Reads orienteering benchmark files (OPTW / TOPTW, the KU Leuven library):
/// whitespace-separated; line 1 `k v N t` (N customers), line 2 ignored, then
/// one line per vertex `i x y d S f a e_1 ... e_a O C`: id, coordinates,
/// visit duration, score, two ignored fields, `a` ignored entries, and the
/// window for the start of the visit. Vertex 0 is the depot; its `C` is the
/// time budget. Some files break line 1 in two: the header is then the first
/// four numbers of lines 1 and 2.
///
/// Travel time is the Euclidean distance truncated to one decimal, or to two
/// for the Cordeau files (named `pr...`); times are counted in those units
/// (`scale` per unit of the file), so feasibility is exact. Malformed files
/// throw the documented data error naming the file and line.
public enum OPTWReader {
  /// Coordinates, durations and windows must lie within this magnitude.
  public static let largestValue = 1e7
  /// Bytes the solver holds per pair of vertices: the travel times and
  /// their copy without the way back (16), the beam search's successor
  /// lists (24), and for the proof the route as a trip (minutes and
  /// kilometres, 16), its reach table (8) and neighbourhoods (1).
  public static let bytesPerPair = 72

  /// The instance in the file at `url`, with `routes` identical days.
  ///
  /// - Complexity: O(size of the file + n^2).
  public static func read(contentsOf url: URL, routes: Int = 1, memoryLimit: Int = .max)
    throws(ItineraryError) -> OrienteeringInstance
  {
    let text: String
    do {
      text = try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw ItineraryError(.data, "\(url.path): cannot read the file as UTF-8 text")
    }
    return try parse(
      text, file: url.path, scale: scale(forFileNamed: url.lastPathComponent), routes: routes,
      memoryLimit: memoryLimit)
  }

  /// Time units per unit of the file: 100 for the Cordeau `pr` files, 10 for
  /// the others, by the file's own name (the last part of a path).
  public static func scale(forFileNamed name: String) -> Int {
    let file = name.split(separator: "/").last.map(String.init) ?? name
    return file.lowercased().hasPrefix("pr") ? 100 : 10
  }

  /// The instance in `text`; `file` names it in error messages.
  ///
  /// - Parameters:
  ///   - memoryLimit: bytes the run may hold; a vertex count whose travel
  ///     times need more is refused before they are allocated.
  ///   - deadline: when reading must stop: past it, reading throws
  ///     `.failure` naming the file and the line it got to.
  /// - Complexity: O(size of the text + n^2).
  public static func parse(
    _ text: String, file: String, scale: Int, routes: Int = 1, memoryLimit: Int = .max,
    deadline: Deadline? = nil
  ) throws(ItineraryError) -> OrienteeringInstance {
    func error(_ message: String, line: Int) -> ItineraryError {
      ItineraryError(.data, "\(file):\(line): \(message)")
    }
    var lines = TextLines(text[...], file: file, deadline: deadline)
    /// The fields of `line`, looking at the deadline as they are read.
    func fields(_ line: Substring) throws(ItineraryError) -> [Substring] {
      var fields = TextLines.Fields(line: line)
      var all: [Substring] = []
      while let field = fields.next() {
        try lines.tick()
        all.append(field)
      }
      return all
    }
    guard let first = try lines.next(), let second = try lines.next() else {
      throw error("the file ends before its header", line: 1)
    }
    let header = Array((try fields(first) + fields(second)).prefix(4))
    guard header.count == 4 else { throw error("the header needs four numbers", line: 1) }
    // N is bounded by the lines the file holds.
    var vertexLines = 0
    var counting = lines
    while let line = try counting.next() {
      var fields = TextLines.Fields(line: line)
      if fields.next() != nil { vertexLines += 1 }
    }
    guard let customers = Int(header[2]), (0..<vertexLines).contains(customers) else {
      throw error(
        "'\(header[2].prefix(40))' is not a customer count below the \(vertexLines) vertex lines",
        line: 1)
    }
    let n = customers + 1
    let needed = n * n * bytesPerPair
    guard needed <= memoryLimit else {
      throw error(
        "\(customers) customers need about \(needed >> 20) MB, over the memory limit of "
          + "\(memoryLimit >> 20) MB (--memory-limit)", line: 1)
    }
    var xs: [Double] = []
    var ys: [Double] = []
    var scores: [Double] = []
    var durations: [Int] = []
    var opens: [Int] = []
    var closes: [Int] = []
    while scores.count < n {
      guard let text = try lines.next() else {
        throw error("the file ends before vertex \(scores.count)", line: lines.number)
      }
      let fields = try fields(text)
      let line = lines.number
      if fields.isEmpty { continue }
      func number(_ index: Int, _ what: String, least: Double = -largestValue)
        throws(ItineraryError)
        -> Double
      {
        guard index < fields.count else { throw error("missing \(what)", line: line) }
        guard let value = Double(fields[index]), value.isFinite, value >= least,
          value <= largestValue
        else {
          throw error(
            "'\(fields[index].prefix(40))' is not a number in \(least)...\(largestValue) (\(what))",
            line: line)
        }
        return value
      }
      let id = scores.count
      guard fields.count >= 9, Int(fields[0]) == id else {
        throw error("expected vertex \(id): 'i x y d S f a ... O C'", line: line)
      }
      let entries = try number(6, "the entry count a", least: 0)
      guard entries == entries.rounded(), fields.count == 9 + Int(entries) else {
        throw error("vertex \(id) has \(fields.count) fields, not 9 plus its count a", line: line)
      }
      for index in 5..<fields.count - 2 where index != 6 {
        try lines.tick()
        _ = try number(index, "an ignored field")
      }
      xs.append(try number(1, "x"))
      ys.append(try number(2, "y"))
      let duration = try number(3, "the visit duration d", least: 0)
      scores.append(try number(4, "the score S", least: 0))
      let open = try number(fields.count - 2, "the opening time O", least: 0)
      let close = try number(fields.count - 1, "the closing time C", least: 0)
      guard open <= close else {
        throw error("vertex \(id) opens at \(open), after it closes at \(close)", line: line)
      }
      // Starts are whole units: round a window inwards, a duration up.
      let units = Double(scale)
      durations.append(Int((duration * units - 1e-9).rounded(.up)))
      opens.append(Int((open * units - 1e-9).rounded(.up)))
      closes.append(Int((close * units + 1e-9).rounded(.down)))
    }
    while let text = try lines.next() {
      var fields = TextLines.Fields(line: text)
      if fields.next() != nil {
        throw error("unexpected text after the \(n) vertices", line: lines.number)
      }
    }
    var travel = Array(repeating: 0, count: n * n)
    for i in 0..<n {
      for j in 0..<n where i != j {
        let dx = xs[i] - xs[j]
        let dy = ys[i] - ys[j]
        travel[i * n + j] = Int(((dx * dx + dy * dy).squareRoot() * Double(scale)).rounded(.down))
      }
    }
    let budget = OrienteeringDay(start: opens[0], end: closes[0])
    let name =
      file.split(separator: "/").last.flatMap { $0.split(separator: ".").first }.map(String.init)
      ?? file
    guard
      let instance = OrienteeringInstance(
        name: name, scores: scores, durations: durations, opens: opens, closes: closes,
        travel: travel, days: Array(repeating: budget, count: max(1, routes)))
    else { throw error("the instance is inconsistent", line: 1) }
    return instance
  }
}
