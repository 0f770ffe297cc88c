import ItineraryCore
import ItineraryWorkloads
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

  /// The random problem of `seed` the model tests share: 1 to 4 categories
  /// and 2 to `placeCounts + 1` places in each (by the seed), a 40 % chance
  /// that a place is in a second category, and a round trip for odd seeds.
  static func randomProblem(seed: UInt64, placeCounts: UInt64, order: VisitOrder = .given)
    -> (shape: RandomProblems.Shape, problem: Problem)
  {
    var generator = SplitMix64(seed: seed)
    let shape = RandomProblems.Shape(
      categories: 1 + Int(seed % 4), placesPerCategory: 2 + Int(seed / 4 % placeCounts),
      sharedFraction: 0.4, roundTrip: seed % 2 == 1, order: order)
    return (shape, RandomProblems.make(shape, using: &generator))
  }
}
