import Foundation
import ItineraryCLI
import Synchronization

/// Files the fuzzed command lines can name, made in the working directory.
let scratchFiles = [
  "instance.json": """
  {"version": 1, "origin": {"lat": 60.1699, "lon": 24.9384},
   "categories": ["restaurant", "park"],
   "places": [
     {"id": "a", "categories": ["restaurant"], "lat": 60.17, "lon": 24.94, "rating": 4.5},
     {"id": "b", "categories": ["park"], "lat": 60.171, "lon": 24.942, "reviewCount": 3},
     {"id": "c", "categories": ["park", "restaurant"], "lat": 60.169, "lon": 24.939}]}
  """,
  "tiny.gtsp": """
  NAME : tiny
  TYPE : GTSP
  DIMENSION : 4
  GTSP_SETS : 2
  EDGE_WEIGHT_TYPE : EUC_2D
  NODE_COORD_SECTION
  1 0 0
  2 3 4
  3 6 8
  4 1 1
  GTSP_SET_SECTION
  1 1 2 -1
  2 3 4 -1
  EOF
  """,
]

/// No service is reachable: a fetch fails at once instead of leaving the machine.
let environment = [
  "ITINERARY_CACHE_DIR": "cache", "ITINERARY_YELP_URL": "http://127.0.0.1:9",
  "ITINERARY_FOURSQUARE_URL": "http://127.0.0.1:9", "ITINERARY_OVERPASS_URL": "http://127.0.0.1:9",
  "ITINERARY_NOMINATIM_URL": "http://127.0.0.1:9", "ITINERARY_OSRM_URL": "http://127.0.0.1:9",
]

@_cdecl("LLVMFuzzerInitialize")
public func initializeCLI(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
) -> CInt {
  for (name, text) in scratchFiles {
    _ = FileManager.default.createFile(atPath: name, contents: Data(text.utf8))
  }
  return 0
}

/// One argument per line of the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCLI(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  let arguments = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  // Paths stay inside the scratch directory: the fuzzer must not write over
  // or read from the rest of the machine.
  guard !arguments.isEmpty, arguments.count <= 64, !text.contains("/") else { return 0 }
  let errors = Mutex<[String]>([])
  let terminal = Terminal(
    write: { _ in }, writeError: { text in errors.withLock { $0.append(text) } })
  let status = CLI.run(arguments: arguments, terminal: terminal, environment: environment)
  let errorLines = errors.withLock { $0 }.filter { $0.hasPrefix("error:") }
  guard [0, 1, 64, 65, 69].contains(status) else { fatalError("exit status \(status)") }
  for line in errorLines {
    Promises.checkOneLine(String(line.dropLast()))
    guard line.hasSuffix("\n") else { fatalError("an error line without its newline: \(line)") }
  }
  if status != 0, arguments != [""], errorLines.count != 1 {
    fatalError("exit \(status) with \(errorLines.count) error lines: \(errorLines)")
  }
  return 0
}
