import Foundation
import ItineraryLoopback
import Synchronization
import Testing

/// An API key the server holds never shows in an answer or in its log,
/// even when the service it is for fails.
@Suite struct KeyLeakTests {
  @Test func aFailingProviderNeverShowsItsKey() throws {
    let key = "sk-live-0123456789abcdef"
    let lines = Mutex<[String]>([])
    let server = try TestServer(log: { line in lines.withLock { $0.append(line) } }) {
      $0.environment["YELP_API_KEY"] = key
      $0.environment["ITINERARY_YELP_URL"] = "http://127.0.0.1:9/v3"
    }
    let body = """
      {"categories": ["restaurant"], "provider": "yelp", "at": {"lat": 48.8566, "lon": 2.3522},
       "noCache": true, "timeout": 2, "connectTimeout": 1}
      """
    let answer = try RawHTTP.post(server.port, "/v1/plan", body)
    #expect(answer.status == 503)
    #expect(answer.exitCode == 69)
    let everything = String(decoding: answer.body, as: UTF8.self) + lines.withLock { $0 }.joined()
    #expect(!everything.contains(key))
    #expect(!everything.contains("0123456789abcdef"))
    #expect(lines.withLock { $0 }.contains { $0.hasPrefix("POST /v1/plan 503") })
  }

  /// A provider refusing with a body that echoes the request's headers:
  /// the server's answer quotes the refusal, with the key cut out.
  @Test func anEchoedKeyNeverReachesTheAnswer() throws {
    let key = "sk-echo-fedcba9876543210"
    let refusal = """
      {"error": {"description": "bad request; you sent {\\"Authorization\\": \\"Bearer \(key)\\"}"}}
      """
    let provider = try LoopbackServer([
      .init(path: "/", responses: [.init(status: 400, body: refusal)])
    ])
    let lines = Mutex<[String]>([])
    let server = try TestServer(log: { line in lines.withLock { $0.append(line) } }) {
      $0.environment["YELP_API_KEY"] = key
      $0.environment["ITINERARY_YELP_URL"] = provider.baseURL
    }
    let body = """
      {"categories": ["restaurant"], "provider": "yelp", "at": {"lat": 48.8566, "lon": 2.3522},
       "noCache": true}
      """
    let answer = try RawHTTP.post(server.port, "/v1/plan", body)
    let text = String(decoding: answer.body, as: UTF8.self)
    #expect(answer.status == 503)
    #expect(text.contains("HTTP 400"))
    #expect(text.contains("<redacted>"))
    #expect(!(text + lines.withLock { $0 }.joined()).contains(key))
  }
}
