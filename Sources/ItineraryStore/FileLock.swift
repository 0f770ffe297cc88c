import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An advisory lock (`flock`) on a small file beside a database, which the
/// processes sharing the database take before they open it: shared to open
/// and check it, exclusive to move a corrupt one aside, so that recovery
/// happens once and never while another process is reading the file.
///
/// Locks taken through different `FileLock` values exclude each other even
/// within one process, as between processes.
final class FileLock {
  private let descriptor: Int32

  /// Which lock to take.
  enum Mode {
    case shared, exclusive
  }

  /// Opens (creating when missing) the lock file at `path`; nil when it can
  /// be neither created nor opened, as in a read-only directory without one.
  init?(path: String) {
    var descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    if descriptor < 0 { descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit { Glibc.close(descriptor) }

  /// Takes the lock in `mode`, waiting at most `timeout` seconds for other
  /// holders. A shared lock held is given up first, never upgraded in place,
  /// so that two processes waiting to upgrade cannot wait for each other.
  ///
  /// - Returns: whether the lock was taken.
  func lock(_ mode: Mode, timeout: Double) -> Bool {
    let operation = (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
    let deadline = Date().addingTimeInterval(timeout)
    while flock(descriptor, operation) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else { return false }
      usleep(UInt32.random(in: 2_000...5_000))
    }
    return true
  }

  /// Gives the lock up.
  func unlock() {
    _ = flock(descriptor, LOCK_UN)
  }
}
