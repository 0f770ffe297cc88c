import Foundation
import ItineraryCore
import ItineraryPlanning

/// No service is reachable and nothing is kept: a line that asks a
/// provider, the road router or a photo source fails at once, and no
/// history is written outside the scratch directory.
let environment = [
  "ITINERARY_CACHE_DIR": "cache", "ITINERARY_DATA_DIR": "data", "ITINERARY_NO_HISTORY": "1",
  "ITINERARY_NOW": "2026-12-01T12:00",
  "ITINERARY_YELP_URL": "http://127.0.0.1:9", "ITINERARY_FOURSQUARE_URL": "http://127.0.0.1:9",
  "ITINERARY_OVERPASS_URL": "http://127.0.0.1:9", "ITINERARY_NOMINATIM_URL": "http://127.0.0.1:9",
  "ITINERARY_OSRM_URL": "http://127.0.0.1:9", "ITINERARY_OSRM_FOOT_URL": "http://127.0.0.1:9",
  "ITINERARY_OSRM_BIKE_URL": "http://127.0.0.1:9", "ITINERARY_COMMONS_URL": "http://127.0.0.1:9",
  "ITINERARY_WIKIDATA_URL": "http://127.0.0.1:9", "ITINERARY_FLICKR_URL": "http://127.0.0.1:9",
]

/// The input is a batch's input: its lines go through `BatchRunner`, as
/// `itinerary batch` runs them. Each line that is not blank must be
/// answered by exactly one line, in order, that is one JSON object: `id`,
/// `line` (the input's line number) and either `result` (an object) or
/// `error` (`code`, a documented `exitCode`, a one-line `message`); a line
/// that is a JSON object with a string `id` gets that `id` back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = Data(UnsafeBufferPointer(start: bytes, count: count))
  let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false)
  // A few lines an input: each may plan in the embedded city.
  guard lines.count <= 8 else { return 0 }
  var descriptors: [Int32] = [0, 0]
  guard descriptors.withUnsafeMutableBufferPointer({ pipe($0.baseAddress) }) == 0 else {
    fatalError("no pipe: \(String(cString: strerror(errno)))")
  }
  let (reading, writing) = (descriptors[0], descriptors[1])
  // The writer is a thread of its own: an input may be more than a pipe holds.
  let writer = Thread {
    input.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(writing, base + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { break }
        offset += written
      }
    }
    close(writing)
  }
  writer.start()
  defer { close(reading) }
  var output: [Data] = []
  // Each input's solvers are stopped after a quarter of a second, as a
  // server stops those of a client that hung up: a plan or trip request
  // would otherwise search for its whole time limit.
  let stop = Cancellation()
  DispatchQueue.global().asyncAfter(deadline: .now() + 0.25) { stop.cancel() }
  defer { stop.cancel() }
  let pipeline = PlanningPipeline(environment: environment, cancellation: stop)
  let runner = BatchRunner(pipeline: pipeline, jobs: 1)
  do {
    _ = try runner.run(LineReader(descriptor: reading)) { output.append($0) }
  } catch {
    fatalError("the batch stopped: \(error.message)")
  }
  // Blank lines (an empty last one too) are skipped.
  let answeredLines = lines.enumerated().filter { _, line in
    !line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }
  guard output.count == answeredLines.count else {
    fatalError("\(answeredLines.count) lines to answer, \(output.count) answers")
  }
  for ((index, line), answer) in zip(answeredLines, output) {
    check(answer, answering: line, number: index + 1)
  }
  return 0
}

func check(_ answer: Data, answering line: Data, number: Int) {
  guard answer.last == 0x0A, answer.dropLast().firstIndex(of: 0x0A) == nil else {
    fatalError("line \(number): an answer that is not one line")
  }
  guard
    let object = try? JSONSerialization.jsonObject(with: answer.dropLast()) as? [String: Any]
  else {
    fatalError("line \(number): an answer that is not a JSON object: \(answer)")
  }
  guard object["line"] as? Int == number, object.keys.contains("id"), object.count == 3 else {
    fatalError("line \(number): answered as \(object["line"] ?? "nothing"), keys \(object.keys)")
  }
  if let result = object["result"] {
    guard result is [String: Any] else { fatalError("line \(number): a result that is no object") }
  } else if let error = object["error"] as? [String: Any] {
    guard error.count == 3, let code = error["code"] as? String, ErrorCode(rawValue: code) != nil,
      let exitCode = error["exitCode"] as? Int, [1, 64, 65, 69].contains(exitCode),
      let message = error["message"] as? String
    else {
      fatalError("line \(number): a malformed error: \(error)")
    }
    Promises.checkOneLine(message)
  } else {
    fatalError("line \(number): neither a result nor an error")
  }
  // A request's own id, a string, comes back as it was sent.
  if let request = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
    let id = request["id"] as? String
  {
    guard object["id"] as? String == id else {
      fatalError("line \(number): the id \(id.debugDescription) came back as \(object["id"] ?? "nothing")")
    }
  }
}
