import Foundation
import ItineraryCore
import ItineraryServer

/// `itinerary serve`: the API and the map page over HTTP until SIGTERM.
enum ServeCommand {
  static let command = Command(
    name: "serve",
    usage: ["serve [--host 127.0.0.1] [--port 8080] [--threads N] [options]"],
    summary: "serve the API and a map page over HTTP",
    description: """
      Answers POST /v1/plan and /v1/solve with the JSON of 'plan --format json'
      and 'solve', finds places (/v1/complete, /v1/search, /v1/nearest), keeps
      plans, likes, collections and history (/v1/...), and serves a map page at
      /, /healthz, /metrics and /openapi.json (docs/reference.md). Listens on
      loopback unless --host says otherwise. With ITINERARY_SERVE_TOKEN set,
      every write needs 'Authorization: Bearer <token>'. SIGTERM finishes the
      requests in flight and exits 0. The map page draws the city's own map
      (GET /v1/basemap) unless --tiles or ITINERARY_TILE_URL names a tile server.
      """,
    options: [
      Options.host, Options.port, Options.threads, Options.maxInFlight, Options.deadline,
      Options.maxBody, Options.idleTimeout, Options.requestTimeout,
      Options.memoryBudget, Options.history, Options.tiles, Options.tilesAttribution,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    if !arguments.positionals.isEmpty {
      throw ItineraryError(.usage, "serve: takes no arguments, got '\(arguments.positionals[0])'")
    }
    try ServerConfiguration.validateToken(in: context.environment)
    var configuration = ServerConfiguration(environment: context.environment)
    configuration.host = arguments.string(Options.host) ?? configuration.host
    configuration.port = UInt16(try within(arguments, Options.port, 0...65_535) ?? 8080)
    configuration.threads =
      try within(arguments, Options.threads, 1...1024) ?? configuration.threads
    configuration.maxInFlight =
      try within(arguments, Options.maxInFlight, 1...100_000) ?? configuration.maxInFlight
    configuration.limits.maxBodyBytes =
      try within(arguments, Options.maxBody, 1...(1 << 30)) ?? configuration.limits.maxBodyBytes
    configuration.limits.idleTimeoutSeconds =
      try within(arguments, Options.idleTimeout, 1...3600)
      ?? configuration.limits.idleTimeoutSeconds
    configuration.memoryBudget =
      try within(arguments, Options.memoryBudget, 16...(1 << 20)).map { $0 << 20 }
      ?? configuration.memoryBudget
    configuration.limits.requestTimeoutSeconds =
      try within(arguments, Options.requestTimeout, 1...3600).map(Double.init)
      ?? configuration.limits.requestTimeoutSeconds
    if let deadline = try arguments.number(Options.deadline) {
      guard deadline > 0, deadline <= 86_400 else {
        throw ItineraryError(
          .usage, "serve: --deadline must be within 0...86400 seconds, got \(deadline)")
      }
      configuration.deadline = deadline
    }
    configuration.recordsHistory = arguments.has(Options.history)
    configuration.tiles = try arguments.tileServer(context.environment)
    let terminal = context.terminal
    try ServerRunner.run(
      configuration, announce: { terminal.writeError("\($0)\n") },
      log: { terminal.writeError("\($0)\n") })
    return 0
  }

  private static func within(
    _ arguments: ParsedArguments, _ option: Option, _ range: ClosedRange<Int>
  ) throws(ItineraryError) -> Int? {
    guard let value = try arguments.integer(option) else { return nil }
    guard range.contains(value) else {
      throw ItineraryError(
        .usage,
        "serve: \(option.spelling) must be within \(range.lowerBound)...\(range.upperBound), got \(value)"
      )
    }
    return value
  }
}
