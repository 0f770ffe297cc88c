import Foundation
import ItineraryCore

/// The API as one function from a request to a response: the token for
/// writes, the bound on requests in flight, the route, its errors as the
/// documented JSON, and a count of everything in the metrics.
public final class ItineraryService: Sendable {
  let configuration: ServerConfiguration
  let admission: Admission
  let metrics = Metrics()
  let router: Router
  private let log: @Sendable (String) -> Void

  /// - Parameter log: receives one line per request (method, path, status,
  ///   milliseconds): never a query, a header or a body.
  /// - Throws: when the store cannot be opened.
  public init(
    configuration: ServerConfiguration, log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(ItineraryError) {
    self.configuration = configuration
    self.log = log
    let admission = Admission(
      maxInFlight: configuration.maxInFlight, solvers: max(1, configuration.threads),
      memoryBudget: configuration.memoryBudget)
    self.admission = admission
    let metrics = metrics
    let store = StoreRoutes(environment: configuration.environment, warn: log)
    let places = PlaceRoutes(environment: configuration.environment) { try? store.store() }
    let planning = PlanningRoutes(
      environment: configuration.environment,
      limits: RequestLimits(deadline: configuration.deadline),
      admission: admission, history: configuration.recordsHistory ? store.recordPlan : nil,
      savedPlan: store.savedPlan)
    let photos = PhotoRoutes(environment: configuration.environment) {
      () throws(ItineraryError) in try store.store()
    }
    let general = [
      Route("GET", "/healthz") { _, _, _ in .json(Data("{\"status\":\"ok\"}\n".utf8)) },
      Route("GET", "/metrics") { _, _, _ in
        HTTPResponse(
          status: 200, contentType: "text/plain; version=0.0.4",
          body: Data(metrics.render(inFlight: admission.current).utf8))
      },
    ]
    router = Router(
      routes: general + PageRoutes(tiles: configuration.tiles).routes + planning.routes
        + places.routes + store.routes + photos.routes
        + BasemapRoutes(environment: configuration.environment).routes)
  }

  /// Answers one request, never throwing: every failure is an error
  /// response. Every answer carries the CORS headers.
  public func respond(to request: HTTPRequest, from client: ClientConnection) -> HTTPResponse {
    let started = ContinuousClock.now
    let (endpoint, routed) = route(request, client)
    let response = routed.allowingAnyOrigin()
    let elapsed = ContinuousClock.now - started
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    metrics.record(endpoint: endpoint, status: response.status, seconds: seconds)
    log(
      "\(request.method) \(endpoint) \(response.status) \(String(format: "%.1f", seconds * 1000)) ms"
    )
    return response
  }

  private func route(_ request: HTTPRequest, _ client: ClientConnection) -> (
    String, HTTPResponse
  ) {
    switch router.match(method: request.method, path: request.path) {
    case .notFound:
      return ("unknown", ServerErrors.notFound(request.path))
    case .wrongMethod(let pattern, let allowed) where request.method == "OPTIONS":
      // A CORS preflight: what the path takes, answered without the token.
      var methods: [String] = []
      for method in allowed + (allowed.contains("GET") ? ["HEAD"] : []) + ["OPTIONS"]
      where !methods.contains(method) {
        methods.append(method)
      }
      return (pattern, .preflight(methods: methods))
    case .wrongMethod(_, let allowed):
      return (
        "unknown", ServerErrors.methodNotAllowed(request.method, request.path, allowed: allowed)
      )
    case .found(let route, let parameters):
      if route.isWrite, let token = configuration.token,
        !BearerToken.accepts(request.headers["authorization"], token: token)
      {
        return (route.pattern, ServerErrors.unauthorized)
      }
      let counted = route.pattern.hasPrefix("/v1/")
      if counted && !admission.enter() {
        return (route.pattern, ServerErrors.busy(admission.maxInFlight))
      }
      defer { if counted { admission.leave() } }
      // Once the reservation is given back: what a large body took goes back too.
      defer { if counted { HeapRelease.afterRequest(bodyBytes: request.body.count) } }
      let memory = Admission.estimate(bodyBytes: request.body.count)
      if counted && !admission.reserve(memory) {
        return (route.pattern, ServerErrors.overMemory(admission.memoryBudget))
      }
      defer { if counted { admission.release(memory) } }
      do {
        return (route.pattern, try route.answer(request, parameters, client))
      } catch let failure as HTTPFailure {
        return (route.pattern, failure.response)
      } catch let error as ItineraryError {
        return (route.pattern, ServerErrors.response(for: error))
      } catch {
        return (
          route.pattern,
          ServerErrors.response(status: 500, code: .internalError, exitCode: 1, "\(error)")
        )
      }
    }
  }
}
