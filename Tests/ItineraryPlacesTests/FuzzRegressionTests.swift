import Foundation
import ItineraryCore
import ItineraryPlaces
import Testing

/// Inputs the fuzz targets (`scripts/fuzz`) once stopped on, kept so they
/// stay fixed.
@Suite struct FuzzRegressionTests {
  /// `osrm`: a status code full of DEL and escape characters reached the
  /// error line raw.
  @Test func osrmCodeWithControlCharactersStaysOneLine() throws {
    let body = Data(#"{"code": "Eve\u007f\u007f\u001b[2J\nx", "message": "a\rb"}"#.utf8)
    let problem = try #require(throws: ResponseProblem.self) {
      _ = try OSRMTable.parse(body, count: 3)
    }
    let error = ItineraryError(.unavailable, "osrm: table of 3 points: \(problem.message)")
    #expect(
      error.message == #"osrm: table of 3 points: OSRM answered Eve\u{7F}\u{7F}\u{1B}[2J\nx: a\rb"#)
  }
}
