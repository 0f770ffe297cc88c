import Foundation
import ItineraryCore
import ItineraryTestSupport
import Testing

/// `itinerary serve` gives back the memory of large requests once they are
/// answered, rather than keeping each connection thread's peak.
enum MemoryReleaseTests {
  @Suite(.tags(.slow), .enabled(if: ServeProcess.binary != nil, "needs the built itinerary binary"))
  struct Slow {
    /// Clients sending a large body at once: 4, which the default memory
    /// budget admits together, or `ITINERARY_SOAK_BURST` (`scripts/soak`
    /// sends 40, most of them refused 503).
    static let clients =
      ProcessInfo.processInfo.environment["ITINERARY_SOAK_BURST"].flatMap { Int($0) } ?? 4

    /// A `/v1/solve` body of about 1 MiB: 7,000 places in 16 categories,
    /// a plan of 4 of them, solved for at most half a second.
    static func largeBody() -> String {
      var generator = SplitMix64(seed: 29)
      var places: [String] = []
      for index in 0..<7_000 {
        let lat = 60.15 + Double(generator.next() % 10_000) / 200_000
        let lon = 24.90 + Double(generator.next() % 10_000) / 100_000
        places.append(
          #"{"id": "p\#(index)", "name": "Place number \#(index) by the sea", "categories": ["c\#(index % 16)"], "lat": \#(lat), "lon": \#(lon), "score": \#(1 + Double(generator.next() % 400) / 100)}"#
        )
      }
      return """
        {"instance": {"version": 1, "origin": {"lat": 60.17, "lon": 24.94},
         "categories": ["c0", "c1", "c2", "c3"], "places": [\(places.joined(separator: ", "))]},
         "anyOrder": true, "timeLimit": 0.5}
        """
    }

    /// Resident and peak resident megabytes of process `pid`.
    static func memory(_ pid: Int32) throws -> (resident: Int, peak: Int) {
      let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
      func megabytes(_ key: String) throws -> Int {
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(key + ":") })
        return try #require(Int(line.split(separator: " ").dropFirst().first ?? "")) >> 10
      }
      return (try megabytes("VmRSS"), try megabytes("VmHWM"))
    }

    /// Without giving memory back, each thread that parsed a body kept about
    /// 48 MiB after its answer: the resident size stayed near the peak.
    @Test func aBurstOfLargeBodiesLeavesTheServerNearItsRestingSize() throws {
      let serve = try ServeProcess(["--port", "0", "--threads", "2"])
      defer { kill(serve.process.processIdentifier, SIGTERM) }
      let pid = serve.process.processIdentifier
      let port = serve.port
      let body = Self.largeBody()
      try #require(body.utf8.count > 900_000 && body.utf8.count <= 1 << 20, "\(body.utf8.count)")
      #expect(try RawHTTP.request(port, "GET", "/healthz").status == 200)
      let before = try Self.memory(pid).resident
      let burst = (0..<Self.clients).map { _ in
        Background { try RawHTTP.post(port, "/v1/solve", body) }
      }
      let statuses = try burst.map { try $0.value().status }
      // Those the budget does not admit beside the others are refused.
      #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
      #expect(statuses.filter { $0 == 200 }.count >= min(Self.clients, 4), "\(statuses)")
      let after = try Self.memory(pid)
      print(
        "\(Self.clients) clients: resident \(before) MiB before, peak \(after.peak) MiB, \(after.resident) MiB after"
      )
      #expect(after.peak - before > 100, "the burst took memory: \(after.peak - before) MiB")
      #expect(
        after.resident - before < (after.peak - before) / 4,
        "\(after.resident) MiB after a peak of \(after.peak) MiB, from \(before) MiB")
    }
  }
}
