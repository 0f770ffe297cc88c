import Foundation

/// Where a command writes: data to standard output, progress and errors to
/// standard error. Tests capture both.
public struct Terminal: Sendable {
  public var write: @Sendable (String) -> Void
  public var writeError: @Sendable (String) -> Void

  public init(
    write: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void
  ) {
    self.write = write
    self.writeError = writeError
  }

  /// The process's own standard output and standard error.
  public static let standard = Terminal(
    write: { FileHandle.standardOutput.write(Data($0.utf8)) },
    writeError: { FileHandle.standardError.write(Data($0.utf8)) })
}
