import Foundation
import ItineraryCore
import Synchronization

/// Plans JSON Lines through one pipeline on every core: one request a line
/// in, one answer a line out, in input order. A bad line is answered with an
/// error and never stops the batch.
///
/// Lines are read in blocks; each block's lines are answered in parallel by
/// `jobs` workers taking the next unanswered line, then written in order, so
/// memory stays flat however long the input.
public struct BatchRunner: Sendable {
  public var pipeline: PlanningPipeline
  /// Workers answering at once.
  public var jobs: Int
  /// Answers already written (by `id`, or by line number for lines without
  /// one) whose lines are skipped: `--resume`.
  public var answered: Set<String>

  public init(pipeline: PlanningPipeline, jobs: Int, answered: Set<String> = []) {
    self.pipeline = pipeline
    self.jobs = max(1, jobs)
    self.answered = answered
  }

  /// What a run did, for the progress line and the summary.
  public struct Progress: Sendable {
    public var lines = 0
    public var answered = 0
    public var errors = 0
    public var skipped = 0
    /// Bytes of input read so far.
    public var bytesRead = 0
  }

  /// Answers every line of `input`, passing each answer line (with its
  /// newline) to `write` in input order, and the progress after each block.
  ///
  /// - Complexity: O(total size) plus the pipeline's work per line, spread
  ///   over `jobs` workers.
  public func run(
    _ input: LineReader, write: (Data) throws(ItineraryError) -> Void,
    progress: (Progress) -> Void = { _ in }
  ) throws(ItineraryError) -> Progress {
    var total = Progress()
    let blockSize = 32 * jobs
    while true {
      let block = try input.next(blockSize)
      if block.isEmpty { break }
      total.bytesRead = input.bytesRead
      var work: [(index: Int, line: Data, number: Int)] = []
      for (offset, line) in block.enumerated() {
        let number = total.lines + offset + 1
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        if !answered.isEmpty, answered.contains(Self.key(of: line, number: number)) {
          total.skipped += 1
          continue
        }
        work.append((work.count, line, number))
      }
      total.lines += block.count
      let answers = answer(work)
      for answer in answers {
        try write(answer.line)
        total.answered += 1
        if answer.failed { total.errors += 1 }
      }
      progress(total)
    }
    return total
  }

  /// The lines' answers, computed by `jobs` workers, in order.
  private func answer(_ work: [(index: Int, line: Data, number: Int)]) -> [BatchAnswer] {
    let results = Mutex([BatchAnswer?](repeating: nil, count: work.count))
    let next = Atomic(0)
    let pipeline = pipeline
    DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, work.count))) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < work.count else { return }
        let answer = BatchAnswer.make(
          for: work[index].line, number: work[index].number, pipeline: pipeline)
        results.withLock { $0[index] = answer }
      }
    }
    return results.withLock { $0.compactMap { $0 } }
  }

  /// How a line is known across runs: its `id` as JSON, or its line number.
  static func key(of line: Data, number: Int) -> String {
    let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any]
    return BatchAnswer.idKey(object?["id"]) ?? "line \(number)"
  }

  /// The keys of the answers in an earlier output, for `--resume`.
  public static func answeredKeys(in output: Data) -> Set<String> {
    var keys = Set<String>()
    for line in output.split(separator: 0x0A) {
      guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
        object["result"] != nil || object["error"] != nil
      else { continue }
      if let key = BatchAnswer.idKey(object["id"]) {
        keys.insert(key)
      } else if let number = object["line"] as? Int {
        keys.insert("line \(number)")
      }
    }
    return keys
  }
}

/// One answer line: `{"id": ..., "line": N, "result": {...}}` or
/// `{"id": ..., "line": N, "error": {"exitCode": 65, "message": "..."}}`.
struct BatchAnswer: Sendable {
  var line: Data
  var failed: Bool

  static func make(for line: Data, number: Int, pipeline: PlanningPipeline) -> BatchAnswer {
    let source = "line \(number)"
    var id: Any?
    do throws(ItineraryError) {
      let object = try JSONRequest.parse(line, source: source)
      id = object["id"]
      let response = try pipeline.answer(JSONRequest.decode(object, source: source))
      let result = try ResponseEncoding.compact(response)
      return BatchAnswer(
        line: assemble(id: id, number: number, key: "result", result), failed: false)
    } catch {
      let failure =
        ["exitCode": Int(error.kind.exitCode), "message": error.message] as [String: Any]
      let body =
        (try? JSONSerialization.data(withJSONObject: failure, options: .sortedKeys)) ?? Data()
      return BatchAnswer(line: assemble(id: id, number: number, key: "error", body), failed: true)
    }
  }

  private static func assemble(id: Any?, number: Int, key: String, _ body: Data) -> Data {
    let idJSON = id.flatMap(json) ?? Data("null".utf8)
    return Data("{\"id\":".utf8) + idJSON + Data(",\"line\":\(number),\"\(key)\":".utf8) + body
      + Data("}\n".utf8)
  }

  private static func json(_ value: Any) -> Data? {
    try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
  }

  /// An `id` as the JSON it was written as, or `nil` when absent or null.
  static func idKey(_ id: Any?) -> String? {
    guard let id, !(id is NSNull), let data = json(id) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}

/// Responses as one line of JSON with sorted keys.
enum ResponseEncoding {
  static func compact(_ response: PlanResponse) throws(ItineraryError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return try encoder.encode(response)
    } catch {
      throw ItineraryError(.failure, "cannot write the answer as JSON: a number is not finite")
    }
  }
}
