import Foundation
import ItineraryCore

/// Reads an input file whole, up to a size limit, so that a path such as
/// `/dev/zero` or a runaway pipe cannot exhaust memory.
public enum InputFile {
  /// The largest input read: 256 MiB, far above any real instance.
  public static let maximumByteCount = 256 << 20

  /// The bytes of the file (or pipe, or device) at `path`.
  ///
  /// - Throws: a data error naming the path when it cannot be opened, is a
  ///   directory, fails to read, or holds more than `maximumByteCount` bytes.
  /// - Complexity: O(size of the file).
  public static func contents(of path: String) throws(ItineraryError) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(path, errno) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw ItineraryError(.data, "\(path): is a directory, not a file")
    }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(path, errno)
      }
      guard data.count + count <= maximumByteCount else {
        throw ItineraryError(.data, "\(path): larger than \(maximumByteCount >> 20) MiB")
      }
      data.append(contentsOf: buffer[..<count])
    }
  }

  private static func failure(_ path: String, _ code: Int32) -> ItineraryError {
    ItineraryError(.data, "\(path): cannot read: \(String(cString: strerror(code)))")
  }
}
