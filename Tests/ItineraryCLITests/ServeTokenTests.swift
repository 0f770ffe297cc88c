import Foundation
import Testing

/// `serve` with `ITINERARY_SERVE_TOKEN=""` refuses to start: an empty token
/// must not quietly turn write protection off.
@Suite struct ServeTokenTests {
  @Test func anEmptyTokenIsAUsageErrorBeforeAnythingElse() {
    // The bad host would stop the run too; the token is checked first, so
    // the message shows which check ran.
    var environment = CommandRun.environment
    environment["ITINERARY_SERVE_TOKEN"] = ""
    let run = CommandRun(
      ["serve", "--host", "example.org", "--port", "0"], environment: environment)
    #expect(run.status == 64)
    let line = run.errorLine ?? ""
    #expect(line.contains("ITINERARY_SERVE_TOKEN"), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
  }
}
