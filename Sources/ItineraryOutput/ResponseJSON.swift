import Foundation
import ItineraryCore
import ItineraryJSON
import ItineraryPlanning

/// Responses as JSON: pretty-printed with sorted keys, numbers in full
/// (shortest round-trip form), so objectives keep every digit computed.
public enum ResponseJSON {
  /// Any encodable value as the output's JSON, ending with a newline.
  ///
  /// - Throws: `.failure` naming the value that cannot be written (a number
  ///   that is not finite), so that nothing half-written is printed.
  public static func encode<Value: Encodable>(_ value: Value) throws(ItineraryError) -> Data {
    do {
      return try SortedJSONEncoder.encode(value, pretty: true) + Data("\n".utf8)
    } catch let EncodingError.invalidValue(value, context) {
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        .joined().drop { $0 == "." }
      throw ItineraryError(
        .failure, "cannot write \(path) as JSON: \(value) is not a finite number")
    } catch {
      throw ItineraryError(.failure, "cannot write the output as JSON")
    }
  }

  /// A response read back from its JSON.
  ///
  /// - Throws: `.data` naming the first key that does not fit.
  public static func decode(_ data: Data, source: String) throws(ItineraryError) -> PlanResponse {
    do {
      return try JSONDecoder().decode(PlanResponse.self, from: data)
    } catch {
      throw ItineraryError(.data, "\(source): not a plan response")
    }
  }
}
