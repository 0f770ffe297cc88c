/// What one connection may cost the server: its body, its idle time, and
/// how many connections there may be at once.
public struct HTTPLimits: Sendable {
  /// The largest request body accepted; a larger one is answered `413`.
  public var maxBodyBytes: Int
  /// Seconds a connection may stay silent (idle, or sending too slowly)
  /// before it is closed.
  public var idleTimeoutSeconds: Int
  /// Seconds a client may take to send a whole request (head and body),
  /// from its connection's accept or the end of its last answer; past it,
  /// `408` and the connection is closed, however steadily it trickles.
  public var requestTimeoutSeconds: Double
  /// Connections open at once; past it new ones are refused.
  public var maxConnections: Int
  /// The longest request target (path and query) accepted; a longer one is
  /// answered `414` in JSON.
  public var maxTargetBytes: Int
  /// The most bytes of header lines accepted (`Name: value` and the line
  /// end, each line counted); more is answered `431` in JSON.
  public var maxHeaderBytes: Int
  /// The most header lines accepted, the most cookies, and the most query
  /// arguments; more lines or cookies are answered `431` in JSON, more
  /// arguments `414`.
  public var maxHeaderCount: Int

  /// The memory libmicrohttpd gives a connection to read a request's head
  /// into, with the head's records (header lines, query arguments,
  /// cookies) and the answer's head. The relay's framing refuses any head
  /// over the limits above before libmicrohttpd has it whole, so a head it
  /// passes always fits here, and libmicrohttpd never refuses one itself
  /// (measured: the largest heads the default limits take fit in 64 KiB,
  /// not in 48).
  static let connectionMemoryBytes = 64 * 1024

  public init(
    maxBodyBytes: Int = 1 << 20, idleTimeoutSeconds: Int = 10,
    requestTimeoutSeconds: Double = 30, maxConnections: Int = 1024,
    maxTargetBytes: Int = 8 * 1024, maxHeaderBytes: Int = 16 * 1024, maxHeaderCount: Int = 100
  ) {
    self.maxBodyBytes = maxBodyBytes
    self.idleTimeoutSeconds = idleTimeoutSeconds
    self.requestTimeoutSeconds = requestTimeoutSeconds
    self.maxConnections = maxConnections
    self.maxTargetBytes = maxTargetBytes
    self.maxHeaderBytes = maxHeaderBytes
    self.maxHeaderCount = maxHeaderCount
  }
}
