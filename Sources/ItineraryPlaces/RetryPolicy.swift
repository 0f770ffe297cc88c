import Foundation

/// When to try a request again: HTTP 429 waits as long as `Retry-After` asks
/// (within a bound); 5xx and timeouts back off exponentially with jitter.
public struct RetryPolicy: Sendable {
  /// Tries in all, the first included.
  public var maxAttempts: Int
  /// The wait before the second try; each later wait doubles, before jitter.
  public var baseDelay: Double
  /// No backoff wait is longer than this, in seconds.
  public var maxDelay: Double
  /// The longest `Retry-After` honoured, in seconds; longer requests are cut to it.
  public var maxRetryAfter: Double

  public init(
    maxAttempts: Int = 3, baseDelay: Double = 0.25, maxDelay: Double = 4, maxRetryAfter: Double = 30
  ) {
    self.maxAttempts = maxAttempts
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.maxRetryAfter = maxRetryAfter
  }

  /// The wait after failed try number `attempt` (1-based): half to all of
  /// `baseDelay * 2^(attempt-1)`, at most `maxDelay`. `unit` in [0, 1) is the jitter.
  public func backoff(afterAttempt attempt: Int, unit: Double = Double.random(in: 0..<1)) -> Double
  {
    let exponential = baseDelay * pow(2, Double(max(0, attempt - 1)))
    return min(maxDelay, exponential) * (0.5 + 0.5 * unit)
  }

  /// The wait a 429 response asks for, within `0 ... maxRetryAfter`, or a
  /// backoff when its `Retry-After` header is missing or unreadable.
  ///
  /// - Parameters:
  ///   - retryAfter: the header's value: delay seconds or an HTTP date.
  ///   - attempt: the failed try's number, for the fallback backoff.
  ///   - now: the clock an HTTP date is read against.
  public func delay(retryAfter: String?, afterAttempt attempt: Int, now: Date = Date()) -> Double {
    guard let value = retryAfter?.trimmingCharacters(in: .whitespaces) else {
      return backoff(afterAttempt: attempt)
    }
    if let seconds = Double(value), seconds.isFinite {
      return min(max(0, seconds), maxRetryAfter)
    }
    if let date = Self.httpDate(value) {
      return min(max(0, date.timeIntervalSince(now)), maxRetryAfter)
    }
    return backoff(afterAttempt: attempt)
  }

  /// Reads an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
  static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: text)
  }
}
