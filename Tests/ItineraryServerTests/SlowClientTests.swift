import Foundation
import ItineraryTestSupport
import Testing

@testable import ItineraryServer

/// Clients that trickle a request a byte at a time, never silent long
/// enough for the idle timeout: they are closed when their time to send a
/// whole request runs out, or when they would crowd new clients out.
enum SlowClientTests {
  @Suite(.tags(.slow)) struct Slow {
    /// Trickling clients against a cap of as many connections: 6, or
    /// `ITINERARY_SOAK_TRICKLERS` (`scripts/soak` runs more).
    static let tricklers =
      ProcessInfo.processInfo.environment["ITINERARY_SOAK_TRICKLERS"].flatMap { Int($0) } ?? 6

    /// Opens a connection that sends a request head promising a body, then one
    /// byte of it every `every` seconds until the server closes it or
    /// `giveUpAfter` seconds pass; returns how many seconds it lasted, what the
    /// server said, and whether it was the server that ended it.
    static func drip(_ port: UInt16, every: Double = 0.2, giveUpAfter: Double = 30) throws
      -> Background<(seconds: Double, said: String, closed: Bool)>
    {
      let socket = try RawHTTP.connect(port)
      return Background {
        defer { close(socket) }
        let started = Date()
        RawHTTP.write(
          socket,
          Data("POST /v1/plan HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{".utf8))
        var said = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var closed = false
        while !closed, Date().timeIntervalSince(started) < giveUpAfter {
          let sent = send(socket, " ", 1, Int32(MSG_NOSIGNAL))
          var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
          if poll(&entry, 1, Int32(every * 1000)) == 1 {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 { said.append(contentsOf: buffer[0..<count]) } else { closed = true }
          } else if sent <= 0 {
            closed = true
          }
        }
        return (Date().timeIntervalSince(started), String(decoding: said, as: UTF8.self), closed)
      }
    }

    /// Whether `/healthz` answers 200 on a new connection (a refused
    /// connection is closed at once, unanswered).
    static func isHealthy(_ port: UInt16) throws -> Bool {
      let socket = try RawHTTP.connect(port)
      defer { close(socket) }
      RawHTTP.write(
        socket, Data("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
      return String(decoding: RawHTTP.readAll(socket), as: UTF8.self).hasPrefix("HTTP/1.1 200")
    }

    @Test func aClientTricklingPastTheRequestTimeoutIsClosedWhileOthersAreServed() throws {
      let server = try TestServer {
        $0.limits.requestTimeoutSeconds = 1.5
        $0.limits.idleTimeoutSeconds = 10
      }
      let drips = try (0..<3).map { _ in try Self.drip(server.port) }
      usleep(300_000)
      let health = try RawHTTP.request(server.port, "GET", "/healthz")
      #expect(health.status == 200, "health is answered while clients trickle")
      for drip in drips {
        let (seconds, said, closed) = try drip.value()
        #expect(closed, "a trickling client was left open for \(seconds) s against a 1.5 s limit")
        // A lower bound only: however slow the machine, a 1.5 s limit cannot end it sooner.
        #expect(seconds > 1, "closed after \(seconds) s, before its time")
        if !said.isEmpty {
          #expect(said.hasPrefix("HTTP/1.1 408"), "\(said)")
          #expect(said.contains("\"RequestTimeout\""), "\(said)")
        }
      }
      let after = try RawHTTP.post(server.port, "/v1/plan", #"{"categories": ["park"]}"#)
      #expect(after.status == 200)
    }

    @Test func tricklingClientsNearTheConnectionCapMakeRoomForNewOnes() throws {
      let server = try TestServer {
        $0.limits.requestTimeoutSeconds = 60
        $0.limits.maxConnections = Self.tricklers
      }
      let drips = try (0..<Self.tricklers).map { _ in try Self.drip(server.port, giveUpAfter: 8) }
      // The oldest are closed once they have been receiving for a second.
      usleep(1_200_000)
      var answered = false
      let deadline = Date().addingTimeInterval(5)
      while !answered, Date() < deadline {
        answered = try Self.isHealthy(server.port)
        if !answered { usleep(200_000) }
      }
      #expect(answered, "a new client was refused while trickling clients filled the cap")
      let ends = try drips.map { try $0.value() }
      #expect(ends.contains { $0.closed }, "no trickling client was closed: \(ends.map(\.seconds))")
    }
  }
}
