import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning
import ItineraryStore

/// `POST /v1/plan`, `POST /v1/explore`, `POST /v1/solve`, `POST
/// /v1/plans/{name}/replan` and `POST /v1/replan`: a body to a request, the
/// pipeline, the response as the JSON of `plan --format json`, `explore
/// --format json`, `solve` and `plans replan NAME --replace N --format json`.
struct PlanningRoutes: Sendable {
  var environment: [String: String]
  var limits: RequestLimits
  var admission: Admission
  /// Where each plan answered is written, when the server keeps a history.
  var history: (@Sendable (PlanRequest, Data) -> Void)?
  /// The saved plan of a name, throwing what answers `404` when none is.
  var savedPlan: @Sendable (String) throws -> SavedPlan

  var routes: [Route] {
    [
      Route("POST", "/v1/plan") { request, _, client throws(ItineraryError) in
        try plan(request, client)
      },
      Route("POST", "/v1/explore") { request, _, client throws(ItineraryError) in
        try explore(request, client)
      },
      Route("POST", "/v1/solve") { request, _, client throws(ItineraryError) in
        try solve(request, client)
      },
      Route("POST", "/v1/plans/{name}/replan") { request, path, client in
        try replan(request, name: path["name"] ?? "", client)
      },
      Route("POST", "/v1/replan") { request, _, client throws(ItineraryError) in
        try replan(request, client)
      },
    ]
  }

  /// A plan as `POST /v1/plan` answered it, changed at one stop: the body
  /// is a batch line's `replan`, `{"plan": {...}, "replace": 2}`; the map
  /// page's way to replace a stop of the plan it shows (`Replan`).
  func replan(_ request: HTTPRequest, _ client: ClientConnection) throws(ItineraryError)
    -> HTTPResponse
  {
    let plan = limits.apply(
      to: try JSONRequest.replan(JSONRequest.parse(request.body, source: "body"), source: "body"),
      defaultTime: Defaults.timeLimit)
    let answer = try run(client) { pipeline throws(ItineraryError) in try pipeline.plan(plan) }
    let body = try ResponseJSON.encode(answer)
    history?(plan, body)
    return .json(body)
  }

  /// The saved plan `name` changed at the stop the body names (`{"replace":
  /// 2}`, `Replan`); not saved.
  func replan(_ request: HTTPRequest, name: String, _ client: ClientConnection) throws
    -> HTTPResponse
  {
    let saved = try savedPlan(name)
    let number = try JSONRequest.replaceNumber(
      JSONRequest.parse(request.body, source: "body"), source: "body")
    let old = try StoredJSON.decode(
      PlanResponse.self, from: saved.payload, source: "saved plan \"\(saved.name)\"")
    let plan = limits.apply(
      to: try Replan.request(from: old, replacing: number, key: "body: replace"),
      defaultTime: Defaults.timeLimit)
    let answer = try run(client) { pipeline throws(ItineraryError) in try pipeline.plan(plan) }
    return .json(try ResponseJSON.encode(answer))
  }

  func plan(_ request: HTTPRequest, _ client: ClientConnection) throws(ItineraryError)
    -> HTTPResponse
  {
    let plan = limits.apply(
      to: try JSONRequest.plan(body: request.body, source: "body"), defaultTime: Defaults.timeLimit)
    let answer = try run(client) { pipeline throws(ItineraryError) in try pipeline.plan(plan) }
    let body = try ResponseJSON.encode(answer)
    history?(plan, body)
    return .json(body)
  }

  func explore(_ request: HTTPRequest, _ client: ClientConnection) throws(ItineraryError)
    -> HTTPResponse
  {
    let trip = limits.apply(
      to: try JSONRequest.plan(body: request.body, source: "body"),
      defaultTime: Defaults.tripTimeLimit)
    let answer = try run(client) { pipeline throws(ItineraryError) in try pipeline.explore(trip) }
    return .json(try ResponseJSON.encode(answer))
  }

  /// An instance with its settings, or a benchmark file's text with its own.
  func solve(_ request: HTTPRequest, _ client: ClientConnection) throws(ItineraryError)
    -> HTTPResponse
  {
    let object = try JSONRequest.parse(request.body, source: "body")
    for format in BenchmarkRequest.Format.allCases where object[format.rawValue] != nil {
      let file = limits.apply(
        to: try JSONRequest.benchmark(object, format: format, source: "body"),
        defaultTime: Defaults.timeLimit)
      let answer = try run(client) { pipeline throws(ItineraryError) in
        try pipeline.benchmark(file)
      }
      return .json(try ResponseJSON.encode(answer))
    }
    var solve = try JSONRequest.solve(object, source: "body")
    solve.settings = limits.apply(to: solve.settings, defaultTime: Defaults.timeLimit)
    let answer = try run(client) { pipeline throws(ItineraryError) in try pipeline.solve(solve) }
    return .json(try ResponseJSON.encode(answer))
  }

  /// Runs the pipeline once a solver is free, cancelled if the client leaves.
  private func run<Response>(
    _ client: ClientConnection, _ body: (PlanningPipeline) throws(ItineraryError) -> Response
  ) throws(ItineraryError) -> Response {
    try admission.solving { () throws(ItineraryError) in
      try HangUpWatch.shared.run(for: client) { cancellation throws(ItineraryError) in
        try body(PlanningPipeline(environment: environment, cancellation: cancellation))
      }
    }
  }
}
