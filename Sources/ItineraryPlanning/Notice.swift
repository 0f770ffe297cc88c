/// A line the pipeline tells the person while it works: where it starts, where
/// the places come from, fetch progress, and warnings. Front ends choose where
/// it goes (standard error, a server log, nowhere).
public struct Notice: Sendable, Equatable {
  public enum Level: Sendable, Equatable {
    case info, warning
  }

  public var level: Level
  public var text: String

  public static func info(_ text: String) -> Notice { Notice(level: .info, text: text) }
  public static func warning(_ text: String) -> Notice { Notice(level: .warning, text: text) }
}
