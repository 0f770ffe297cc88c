import Foundation
import ItineraryCore
import ItineraryPlaces

/// The live services as a request and the environment configure them, made
/// on first use: a plan on the embedded city opens no cache and no client.
final class LazyServices: @unchecked Sendable {
  private let connectTimeout: Double?
  private let timeout: Double?
  private let policy: CachePolicy
  private let environment: [String: String]
  private let notify: @Sendable (Notice) -> Void
  private let lock = NSLock()
  private var made: PlaceServices?

  /// - Parameters:
  ///   - connectTimeout, timeout: seconds; absent: the client's defaults.
  init(
    connectTimeout: Double? = nil, timeout: Double? = nil, policy: CachePolicy = .use,
    environment: [String: String], notify: @escaping @Sendable (Notice) -> Void
  ) {
    self.connectTimeout = connectTimeout
    self.timeout = timeout
    self.policy = policy
    self.environment = environment
    self.notify = notify
  }

  /// The services a plan request configures.
  convenience init(
    request: PlanRequest, environment: [String: String],
    notify: @escaping @Sendable (Notice) -> Void
  ) {
    self.init(
      connectTimeout: request.connectTimeout, timeout: request.timeout,
      policy: request.noCache == true ? .bypass : request.refresh == true ? .refresh : .use,
      environment: environment, notify: notify)
  }

  func get() -> PlaceServices {
    lock.withLock {
      if let made { return made }
      let defaults = HTTPClient()
      let client = HTTPClient(
        connectTimeout: connectTimeout ?? defaults.connectTimeout,
        totalTimeout: timeout ?? defaults.totalTimeout)
      let notify = notify
      let services = PlaceServices(
        environment: environment, cachePolicy: policy, client: client,
        warn: { notify(.warning($0)) })
      made = services
      return services
    }
  }
}
