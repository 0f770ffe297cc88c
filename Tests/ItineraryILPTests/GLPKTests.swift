import ItineraryCore
import Testing

@testable import ItineraryILP

/// Every suite that solves with GLPK, nested here so that they run one at a
/// time: GLPK is not re-entrant (the library serializes it too).
@Suite(.serialized) enum GLPKTests {
  /// GLPK's verification of `solution`, expected to agree with it; `context`
  /// says which case failed.
  @discardableResult
  static func expectAgreement(
    _ problem: Problem, _ selection: Selection, _ solution: Solution, _ context: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Verifier.Outcome {
    let verification = try Verifier.verify(
      problem: problem, selection: selection, solution: solution)
    #expect(
      verification.status == .agreed, "\(context) \(verification.summary)",
      sourceLocation: sourceLocation)
    return verification
  }
}
