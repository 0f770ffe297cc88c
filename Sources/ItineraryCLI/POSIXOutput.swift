import Foundation

/// Writing bytes to a file descriptor with POSIX `write`, which reports
/// failure where `FileHandle.write` would stop the process.
enum POSIXOutput {
  /// Writes every byte of `bytes` to `descriptor`, retrying interrupted and
  /// partial writes and waiting while a non-blocking descriptor is full.
  ///
  /// - Returns: `nil` when all was written, else the `errno` of the failure.
  /// - Complexity: O(number of bytes).
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, -1)
      } else {
        return written == 0 ? EIO : errno
      }
    }
    return nil
  }
}
