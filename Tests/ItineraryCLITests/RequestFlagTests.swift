import Foundation
import ItineraryPlanning
import Testing

/// Every key of a plan or trip request has its flag, spelt as the key in
/// kebab case (`roundTrip` is `--round-trip`), on `plan` or `explore`, as
/// their help lists them: a key added to requests and forgotten by the
/// command line fails here.
@Suite struct RequestFlagTests {
  /// The keys whose flag is spelt otherwise, or that are words, not flags.
  static let spelt = [
    "categories": "CATEGORY", "maxWaitMinutes": "--max-wait", "meals": "--no-meals",
  ]

  static func flag(ofKey key: String) -> String {
    spelt[key] ?? "--" + key.map { $0.isUppercase ? "-\($0.lowercased())" : String($0) }.joined()
  }

  @Test func everyRequestKeyHasItsFlag() throws {
    let help = ["plan", "explore"].map { CommandRun([$0, "--help"]).stdout }.joined()
    let flags = Set(
      help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," || $0 == "|" }).map(
        String.init))
    let missing = PlanRequest.keys.filter { key in
      !flags.contains(Self.flag(ofKey: key))
        && !help.contains(Self.flag(ofKey: key) + " ")
    }
    #expect(missing.isEmpty, "no flag for \(missing.map { "\($0) (\(Self.flag(ofKey: $0)))" })")
  }
}
