import Foundation
import Testing

@testable import ItineraryPlanning
@testable import ItineraryServer

/// One policy bounds every planning route: no solver and no cross-check
/// longer than the server's deadline, whatever the request asks.
@Suite struct RequestLimitsTests {
  static let bodies = [
    ("/v1/plan", #"{"categories": ["museum"], "start": "2026-12-01 12:00", "verify": true}"#),
    (
      "/v1/explore",
      #"{"categories": ["museum"], "start": "2026-12-01 12:00", "end": "14:00", "verify": true, "verifyTimeLimit": 50}"#
    ),
    ("/v1/solve", SlowInstance.body(seconds: 600).dropLast() + #", "verify": true}"#),
  ]

  @Test func everyRouteEchoesItsLimitsCappedByTheDeadline() throws {
    let server = try TestServer { $0.deadline = 1 }
    for (path, body) in Self.bodies {
      let answer = try RawHTTP.post(server.port, path, String(body))
      #expect(answer.status == 200, "\(path): \(String(decoding: answer.body, as: UTF8.self))")
      let echo = try #require(answer.json?["request"] as? [String: Any], "\(path)")
      let request = try #require(echo.values.first as? [String: Any], "\(path)")
      #expect(request["timeLimit"] as? Double == 1, "\(path)")
      #expect(request["verifyTimeLimit"] as? Double == 1, "\(path)")
    }
  }

  @Test func aBenchmarkFileIsBoundedAlike() {
    let limits = RequestLimits(deadline: 2)
    var file = BenchmarkRequest(format: .optw, text: "", name: "c101.txt")
    file.memoryLimit = 1e6
    let limited = limits.apply(to: file, defaultTime: Defaults.timeLimit)
    #expect(limited.timeLimit == 2)
    #expect(limited.memoryLimit == Defaults.memoryLimit)
    file.timeLimit = 0.5
    #expect(limits.apply(to: file, defaultTime: Defaults.timeLimit).timeLimit == 0.5)
  }
}
