/// What one connection may cost the server: its body, its idle time, and
/// how many connections there may be at once.
public struct HTTPLimits: Sendable {
  /// The largest request body accepted; a larger one is answered `413`.
  public var maxBodyBytes: Int
  /// Seconds a connection may stay silent (idle, or sending too slowly)
  /// before it is closed.
  public var idleTimeoutSeconds: Int
  /// Connections open at once; past it new ones are refused.
  public var maxConnections: Int

  public init(maxBodyBytes: Int = 1 << 20, idleTimeoutSeconds: Int = 10, maxConnections: Int = 1024)
  {
    self.maxBodyBytes = maxBodyBytes
    self.idleTimeoutSeconds = idleTimeoutSeconds
    self.maxConnections = maxConnections
  }
}
