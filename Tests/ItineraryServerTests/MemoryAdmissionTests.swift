import Foundation
import Testing

@testable import ItineraryServer

/// Admission by memory: requests whose bodies together would take more
/// than the server's memory budget are not all run at once.
@Suite struct MemoryAdmissionTests {
  @Test func theEstimateGrowsWithTheBody() {
    #expect(Admission.estimate(bodyBytes: 0) == Admission.baseBytes)
    #expect(Admission.estimate(bodyBytes: 1 << 20) > 100 << 20)
    #expect(Admission.estimate(bodyBytes: Int.max) != 0, "no trap on overflow")
  }

  @Test func aSecondLargeBodyOverTheBudgetIs503AndTheServerAnswersAfter() throws {
    // Each body of about 90 KB is estimated at 4 MiB + 9 MB: two do not
    // fit a budget of 20 MiB, one and a small request do.
    let server = try TestServer {
      $0.memoryBudget = 20 << 20
      $0.maxInFlight = 8
      $0.threads = 2
    }
    let port = server.port
    let padding = String(repeating: " ", count: 40_000)
    let large = SlowInstance.body(seconds: 3) + padding
    let first = Background { try RawHTTP.post(port, "/v1/solve", large) }
    try LimitTests.waitUntilInFlight(server)
    #expect(server.server.service.admission.reservedBytes > 0)
    let second = try RawHTTP.post(port, "/v1/solve", SlowInstance.body(seconds: 0.1) + padding)
    #expect(second.status == 503)
    #expect(second.exitCode == 69)
    #expect(second.headers["retry-after"] == "1")
    let message = (second.json?["error"] as? [String: Any])?["message"] as? String
    #expect(message?.contains("memory budget") == true, "\(message ?? "")")
    // A small request fits beside the large one.
    let small = try RawHTTP.post(port, "/v1/plan", #"{"categories": ["park"]}"#)
    #expect(small.status == 200)
    #expect(try first.value().status == 200)
    #expect(server.server.service.admission.reservedBytes == 0, "every reservation given back")
    let again = try RawHTTP.post(port, "/v1/solve", SlowInstance.body(seconds: 0.1) + padding)
    #expect(again.status == 200)
  }
}
