import Foundation

/// A suite whose every test has a response cache of its own, fresh when the
/// test starts and removed when it ends (Swift Testing makes one instance
/// of a suite per test).
class CachingSuite {
  let cache: URL

  init() throws { cache = try temporaryDirectory() }

  deinit { try? FileManager.default.removeItem(at: cache) }
}
