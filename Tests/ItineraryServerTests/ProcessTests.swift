import Foundation
import Testing

/// `itinerary serve` as a process: it says where it listens, and SIGTERM
/// lets the request in flight finish, then exits 0.
@Suite(.enabled(if: ServeProcess.binary != nil, "needs the built itinerary binary"))
struct ProcessTests {
  @Test func sigtermFinishesTheRequestInFlightAndExits0() throws {
    let serve = try ServeProcess(["--port", "0", "--threads", "1"])
    let port = serve.port
    let slow = Background { try RawHTTP.post(port, "/v1/solve", SlowInstance.body(seconds: 2)) }
    // SIGTERM once the request is in flight, as the metrics say.
    var waited = 0
    while waited < 600 {
      let metrics = try RawHTTP.request(port, "GET", "/metrics")
      if String(decoding: metrics.body, as: UTF8.self).contains("itinerary_http_in_flight 1") {
        break
      }
      usleep(100_000)
      waited += 1
    }
    kill(serve.process.processIdentifier, SIGTERM)
    let answer = try slow.value()
    #expect(answer.status == 200)
    serve.process.waitUntilExit()
    #expect(serve.process.terminationStatus == 0)
    #expect(serve.process.terminationReason == .exit)
  }

  @Test func aTakenPortIsAnError() throws {
    let first = try ServeProcess(["--port", "0"])
    defer { kill(first.process.processIdentifier, SIGTERM) }
    let second = Process()
    second.executableURL = try ServeProcess.built()
    second.arguments = ["serve", "--port", String(first.port)]
    let errors = Pipe()
    second.standardError = errors
    try second.run()
    second.waitUntilExit()
    #expect(second.terminationStatus == 69)
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(text.hasPrefix("error: cannot listen on 127.0.0.1:\(first.port)"))
  }

  @Test func aHostThatIsNotAnAddressIsAUsageError() throws {
    let process = Process()
    process.executableURL = try ServeProcess.built()
    process.arguments = ["serve", "--host", "example.org"]
    process.standardError = Pipe()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 64)
  }
}

/// The built binary serving on a port it chose, its log read until it
/// says where.
struct ServeProcess {
  let process = Process()
  let port: UInt16

  static let binary: URL? = {
    var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    while folder.path.count > 1, !folder.lastPathComponent.hasSuffix("debug"),
      !folder.lastPathComponent.hasSuffix("release")
    {
      folder.deleteLastPathComponent()
    }
    let binary = folder.appending(path: "itinerary")
    return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
  }()

  struct NotBuilt: Error {}

  /// The binary, or an error when it has not been built.
  static func built() throws -> URL {
    guard let binary else { throw NotBuilt() }
    return binary
  }

  init(_ arguments: [String]) throws {
    process.executableURL = try Self.built()
    process.arguments = ["serve"] + arguments
    let data = FileManager.default.temporaryDirectory.appending(path: "serve-\(UUID().uuidString)")
    process.environment = ["ITINERARY_DATA_DIR": data.path, "PATH": "/usr/bin:/bin"]
    let log = Pipe()
    process.standardError = log
    try process.run()
    var seen = ""
    while !seen.contains("\n") {
      let chunk = log.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen += String(decoding: chunk, as: UTF8.self)
    }
    let line = try #require(seen.split(separator: "\n").first { $0.hasPrefix("listening on") })
    let digits = line.split(separator: ":").last?.filter(\.isNumber) ?? ""
    port = try #require(UInt16(digits))
    // Keep reading the log so that the server never blocks on a full pipe.
    log.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
  }
}
