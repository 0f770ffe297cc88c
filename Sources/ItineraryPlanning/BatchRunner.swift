import Foundation
import ItineraryCore
import ItineraryJSON
import Synchronization

/// Plans JSON Lines through one pipeline on every core: one request a line
/// in, one answer a line out, in input order. A bad line is answered with an
/// error and never stops the batch.
///
/// Lines are read in blocks; each block's lines are answered in parallel by
/// `jobs` workers taking the next unanswered line, and written in order while
/// the next block is answered, so memory stays flat however long the input.
public struct BatchRunner: Sendable {
  public var pipeline: PlanningPipeline
  /// Workers answering at once.
  public var jobs: Int
  /// Answers already written, by input line number, each with the key of
  /// the line it answered (its `id`, or its line number when it has none):
  /// `--resume` skips those lines, and refuses to go on when the input's
  /// line there is another (the output is not this input's).
  public var answered: [Int: String]
  /// The last line number `answered` holds, 0 when it is empty.
  private let lastAnswered: Int

  public init(pipeline: PlanningPipeline, jobs: Int, answered: [Int: String] = [:]) {
    self.pipeline = pipeline
    self.jobs = max(1, jobs)
    self.answered = answered
    lastAnswered = answered.keys.max() ?? 0
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
    // While the workers answer a block, this thread reads the block after
    // it and then writes it, so that no worker waits for the reading and
    // writing; one block is answered at a time.
    var answering: AnsweringBlock?
    defer { _ = answering?.answers() }
    while true {
      let block = try input.next(Self.linesPerWorker * jobs)
      var work: [(index: Int, line: Data, number: Int)] = []
      for (offset, line) in block.enumerated() {
        let number = total.lines + offset + 1
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        if number <= lastAnswered {
          try Self.checkAnswered(answered[number], line: line, number: number)
          total.skipped += 1
          continue
        }
        work.append((work.count, line, number))
      }
      total.lines += block.count
      let finished = answering
      let answers = finished?.answers() ?? []
      answering = block.isEmpty ? nil : AnsweringBlock(work, bytesRead: input.bytesRead, by: self)
      for answer in answers {
        try write(answer.line)
        total.answered += 1
        if answer.failed { total.errors += 1 }
      }
      if let finished {
        total.bytesRead = finished.bytesRead
        progress(total)
      }
      if answering == nil {
        // Nothing was written: every line was answered before.
        if total.lines < lastAnswered {
          throw ItineraryError(
            .data,
            "batch: cannot resume: the output answers input line \(lastAnswered) but the input has \(total.lines) lines; it is not this input's output"
          )
        }
        return total
      }
    }
  }

  /// Lines a block holds for each worker: enough that a block's last line,
  /// when one worker is left to answer it, costs little of the block.
  static let linesPerWorker = 128

  /// One block's answers, computed by the workers while the caller goes on.
  private final class AnsweringBlock: @unchecked Sendable {
    let bytesRead: Int
    private let done = DispatchGroup()
    // Written by the workers before `done` is left, read after `wait`.
    private var computed: [BatchAnswer] = []

    init(_ work: [(index: Int, line: Data, number: Int)], bytesRead: Int, by runner: BatchRunner) {
      self.bytesRead = bytesRead
      DispatchQueue.global().async(group: done) { self.computed = runner.answer(work) }
    }

    /// The answers, in order, once every one is computed.
    func answers() -> [BatchAnswer] {
      done.wait()
      return computed
    }
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
    BatchAnswer.key(id: JSONRequest.id(of: line), number: number)
  }

  /// Whether the earlier answer for input line `number` is this line's.
  ///
  /// - Throws: `.data` when the earlier output skips the line or answers
  ///   another one there: appending would mix the answers of two inputs.
  private static func checkAnswered(_ earlier: String?, line: Data, number: Int)
    throws(ItineraryError)
  {
    let key = Self.key(of: line, number: number)
    guard let earlier else {
      throw ItineraryError(
        .data,
        "batch: cannot resume: the output has no answer for input line \(number) but answers later lines; it is not this input's output"
      )
    }
    guard earlier == key else {
      throw ItineraryError(
        .data,
        "batch: cannot resume: the output's answer for input line \(number) is for \(earlier), the input's line is \(key); it is not this input's output"
      )
    }
  }

  /// The answers in an earlier output, for `--resume`: input line number
  /// to the key of the line answered, as `answered` takes them.
  ///
  /// - Parameter output: whole lines only (the caller drops a partial last line).
  /// - Parameter name: the output's name, for messages.
  /// - Throws: `.data` naming the output line that is not an answer line
  ///   as batch writes them (a JSON object with `line` and `result` or
  ///   `error`), or whose `line` is not after the one before: the file is
  ///   not a batch output, and appending to it would keep the garbage.
  public static func answeredLines(in output: Data, name: String) throws(ItineraryError)
    -> [Int: String]
  {
    var lines: [Int: String] = [:]
    var previous = 0
    let decoder = JSONDecoder()
    for (index, line) in output.split(separator: 0x0A, omittingEmptySubsequences: false)
      .enumerated() where !line.isEmpty
    {
      let at = "batch: cannot resume \(name): its line \(index + 1)"
      guard let answer = try? decoder.decode(Identified.self, from: line), answer.isAnswer,
        let number = answer.line
      else {
        throw ItineraryError(.data, "\(at) is not an answer line of batch")
      }
      guard number > previous else {
        throw ItineraryError(
          .data, "\(at) answers input line \(number), not after line \(previous) as batch writes")
      }
      previous = number
      lines[number] = BatchAnswer.key(id: answer.id, number: number)
    }
    return lines
  }

  /// The `id` of a request or an answer line, and what else resuming needs.
  private struct Identified: Decodable {
    var id: JSONValue?
    var line: Int?
    var result: JSONValue?
    var error: JSONValue?

    var isAnswer: Bool { result != nil || error != nil }
  }
}

/// One answer line: `{"id": ..., "line": N, "result": {...}}` or
/// `{"id": ..., "line": N, "error": {"code": "InvalidQuery", "exitCode": 65,
/// "message": "..."}}` (`ErrorAnswer`).
struct BatchAnswer: Sendable {
  var line: Data
  var failed: Bool

  static func make(for line: Data, number: Int, pipeline: PlanningPipeline) -> BatchAnswer {
    let (id, request) = JSONRequest.decode(line, source: "line \(number)")
    do throws(ItineraryError) {
      let result = try pipeline.answer(request.get())
      return BatchAnswer(
        line: assemble(id: id, number: number, key: "result", result), failed: false)
    } catch {
      let body = (try? SortedJSONEncoder.encode(ErrorAnswer(error))) ?? Data("{}".utf8)
      return BatchAnswer(line: assemble(id: id, number: number, key: "error", body), failed: true)
    }
  }

  private static func assemble(id: JSONValue?, number: Int, key: String, _ body: Data) -> Data {
    Data("{\"id\":\((id ?? .null).text),\"line\":\(number),\"\(key)\":".utf8) + body
      + Data("}\n".utf8)
  }

  /// A line's key across runs: its `id`, or its number when it has none.
  static func key(id: JSONValue?, number: Int) -> String {
    guard let id, id != .null else { return "line \(number)" }
    return id.text
  }
}

/// Responses as one line of JSON with sorted keys.
enum ResponseEncoding {
  static func compact(_ response: some Encodable) throws(ItineraryError) -> Data {
    do {
      return try SortedJSONEncoder.encode(response)
    } catch {
      throw ItineraryError(.failure, "cannot write the answer as JSON: a number is not finite")
    }
  }
}
