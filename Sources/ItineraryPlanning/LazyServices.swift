import Foundation
import ItineraryCore
import ItineraryPlaces

/// The live services as a request and the environment configure them, made
/// on first use: a plan on the embedded city opens no cache and no client.
final class LazyServices: @unchecked Sendable {
  private let request: PlanRequest
  private let environment: [String: String]
  private let notify: @Sendable (Notice) -> Void
  private let lock = NSLock()
  private var made: PlaceServices?

  init(
    request: PlanRequest, environment: [String: String],
    notify: @escaping @Sendable (Notice) -> Void
  ) {
    self.request = request
    self.environment = environment
    self.notify = notify
  }

  func get() -> PlaceServices {
    lock.withLock {
      if let made { return made }
      let defaults = HTTPClient()
      let client = HTTPClient(
        connectTimeout: request.connectTimeout ?? defaults.connectTimeout,
        totalTimeout: request.timeout ?? defaults.totalTimeout)
      let policy: CachePolicy =
        request.noCache == true ? .bypass : request.refresh == true ? .refresh : .use
      let notify = notify
      let services = PlaceServices(
        environment: environment, cachePolicy: policy, client: client,
        warn: { notify(.warning($0)) })
      made = services
      return services
    }
  }
}
