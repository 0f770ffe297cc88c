import Foundation
import ItineraryCore
import ItineraryPlaces

/// What every fuzz target checks besides crashes.
enum Promises {
  /// An error message must print on one line and cannot drive a terminal.
  static func checkOneLine(_ message: String) {
    for scalar in message.unicodeScalars
    where scalar.properties.generalCategory == .control
      || scalar.properties.generalCategory == .lineSeparator
      || scalar.properties.generalCategory == .paragraphSeparator
    {
      fatalError(
        "a control character U+\(String(scalar.value, radix: 16)) in: \(message.debugDescription)")
    }
  }

  /// A provider's complaint about a response reaches the user inside an
  /// `ItineraryError`, which must still be one line.
  static func checkProblem(_ message: String) {
    checkOneLine(ItineraryError(.unavailable, "service: \(message)").message)
  }

  /// Runs a provider's `parse` on the fuzzer's input: it may refuse it, but
  /// only with a complaint that prints on one line. Returns libFuzzer's 0.
  static func checkParse(
    _ bytes: UnsafePointer<UInt8>, _ count: Int, _ parse: (Data) throws(ResponseProblem) -> Void
  ) -> CInt {
    do {
      try parse(Data(bytes: bytes, count: count))
    } catch {
      checkProblem(error.message)
    }
    return 0
  }
}
