import Foundation
import ItineraryCore
import Synchronization

/// Where a command writes: data to standard output, progress and errors to
/// standard error. Tests capture both.
public struct Terminal: Sendable {
  public var write: @Sendable (String) -> Void
  public var writeError: @Sendable (String) -> Void
  /// The first failure to write the data (a full disk, a closed pipe), if
  /// any: `CLI.run` then reports it and exits 1.
  public var outputFailure: @Sendable () -> ItineraryError?

  public init(
    write: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    outputFailure: @escaping @Sendable () -> ItineraryError? = { nil }
  ) {
    self.write = write
    self.writeError = writeError
    self.outputFailure = outputFailure
  }

  /// The process's own standard output and standard error.
  public static let standard: Terminal = {
    let output = DescriptorWriter(descriptor: STDOUT_FILENO, name: "standard output")
    let errors = DescriptorWriter(descriptor: STDERR_FILENO, name: "standard error")
    return Terminal(
      write: { output.write($0) }, writeError: { errors.write($0) },
      outputFailure: { output.failure.map { ItineraryError(.failure, $0) } })
  }()

  /// Makes a closed or broken standard stream fail loudly instead of
  /// silently: a closed descriptor 0, 1 or 2 is held by `/dev/null` opened
  /// read-only (so writes to it fail, and no file opened later takes its
  /// number), a reader that went away gives an error, not `SIGPIPE`, and
  /// a file size limit (`ulimit -f`) fails the write with `EFBIG`, not
  /// `SIGXFSZ`, so `-o` can remove its temporary file.
  /// Call it once, first thing in `main`.
  public static func prepareStandardStreams() {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let null = open("/dev/null", O_RDONLY)
      if null >= 0, null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
    }
  }
}

/// One standard stream: writes whole strings, and after the first failure
/// remembers it and writes nothing more.
private final class DescriptorWriter: Sendable {
  let descriptor: Int32
  let name: String
  private let firstFailure = Mutex<String?>(nil)

  init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  var failure: String? { firstFailure.withLock { $0 } }

  func write(_ text: String) {
    firstFailure.withLock { failure in
      guard failure == nil else { return }
      var text = text
      let code = text.withUTF8 { POSIXOutput.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
      if let code { failure = "cannot write \(name): \(String(cString: strerror(code)))" }
    }
  }
}
