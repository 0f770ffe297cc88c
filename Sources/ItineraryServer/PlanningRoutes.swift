import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning

/// `POST /v1/plan`, `POST /v1/explore` and `POST /v1/solve`: a body to a
/// request, the pipeline, the response as the JSON of `plan --format json`,
/// `explore --format json` and `solve`.
struct PlanningRoutes: Sendable {
  var environment: [String: String]
  /// The most seconds a request's solver and cross-check may take.
  var deadline: Double
  var admission: Admission
  /// Where each plan answered is written, when the server keeps a history.
  var history: (@Sendable (PlanRequest, Data) -> Void)?

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
    ]
  }

  func plan(_ request: HTTPRequest, _ client: ClientConnection) throws(ItineraryError)
    -> HTTPResponse
  {
    var plan = try JSONRequest.plan(body: request.body, source: "body")
    plan.timeLimit = capped(plan.timeLimit, Defaults.timeLimit)
    plan.memoryLimit = plan.memoryLimit.map { min($0, Defaults.memoryLimit) }
    if plan.verify == true {
      plan.verifyTimeLimit = capped(plan.verifyTimeLimit, Defaults.verifyTimeLimit)
    }
    let answer = try run(client) { pipeline throws(ItineraryError) in try pipeline.plan(plan) }
    let body = try ResponseJSON.encode(answer)
    history?(plan, body)
    return .json(body)
  }

  func explore(_ request: HTTPRequest, _ client: ClientConnection) throws(ItineraryError)
    -> HTTPResponse
  {
    var trip = try JSONRequest.plan(body: request.body, source: "body")
    trip.timeLimit = capped(trip.timeLimit, Defaults.tripTimeLimit)
    trip.memoryLimit = trip.memoryLimit.map { min($0, Defaults.memoryLimit) }
    let answer = try run(client) { pipeline throws(ItineraryError) in try pipeline.explore(trip) }
    return .json(try ResponseJSON.encode(answer))
  }

  func solve(_ request: HTTPRequest, _ client: ClientConnection) throws(ItineraryError)
    -> HTTPResponse
  {
    var solve = try JSONRequest.solve(
      JSONRequest.parse(request.body, source: "body"), source: "body")
    solve.settings.timeLimit = capped(solve.settings.timeLimit, Defaults.timeLimit)
    solve.settings.memoryLimit = solve.settings.memoryLimit.map { min($0, Defaults.memoryLimit) }
    if solve.settings.verify == true {
      solve.settings.verifyTimeLimit = capped(
        solve.settings.verifyTimeLimit, Defaults.verifyTimeLimit)
    }
    let answer = try run(client) { pipeline throws(ItineraryError) in try pipeline.solve(solve) }
    return .json(try ResponseJSON.encode(answer))
  }

  /// A time limit no longer than the deadline; an absent one stays absent
  /// when its default fits, so the response echoes the request as sent.
  private func capped(_ seconds: Double?, _ byDefault: Double) -> Double? {
    guard let seconds else { return deadline < byDefault ? deadline : nil }
    return min(seconds, deadline)
  }

  /// Runs the pipeline once a solver is free, cancelled if the client leaves.
  private func run(
    _ client: ClientConnection, _ body: (PlanningPipeline) throws(ItineraryError) -> PlanResponse
  ) throws(ItineraryError) -> PlanResponse {
    try admission.solving { () throws(ItineraryError) in
      try HangUpWatch.shared.run(for: client) { cancellation throws(ItineraryError) in
        try body(PlanningPipeline(environment: environment, cancellation: cancellation))
      }
    }
  }
}
