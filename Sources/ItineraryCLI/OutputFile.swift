import Foundation
import ItineraryCore

/// Writes a whole file or nothing: the bytes go to a temporary file beside
/// the destination, which is then renamed over it.
///
/// What `-o PATH` may replace, and how:
/// - `-`: standard output.
/// - a new path: created with the permissions a new file gets (0666 less the umask).
/// - an existing regular file: replaced, keeping its permission bits (a 0600
///   file stays 0600, a setuid file stays setuid) and, where the process may, its owner and group.
/// - a read-only file, a directory, a device, a FIFO or a socket: refused.
/// - a symbolic link: refused, never followed, so a link planted at the path
///   cannot send the output somewhere the user did not name. Directories
///   above the last component may be links.
///
/// The temporary file is removed on every failure; the destination is
/// either untouched or holds all of the data.
enum OutputFile {
  /// Writes `data` to `path`, or to the terminal's standard output when
  /// `path` is `-`.
  ///
  /// - Complexity: O(size of the data).
  static func write(_ data: Data, to path: String, terminal: Terminal) throws(ItineraryError) {
    if path == "-" {
      terminal.write(String(decoding: data, as: UTF8.self))
    } else {
      try write(data, to: path)
    }
  }

  /// Writes `data` whole to the file at `path`.
  ///
  /// - Complexity: O(size of the data).
  static func write(_ data: Data, to path: String) throws(ItineraryError) {
    let existing = try checkDestination(path)
    let destination = URL(fileURLWithPath: path)
    let temporary = destination.deletingLastPathComponent()
      .appending(path: ".\(destination.lastPathComponent).\(UUID().uuidString).tmp").path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure(path, errno) }
    do throws(ItineraryError) {
      defer { close(descriptor) }
      try writeAll(data, to: descriptor, path: path)
      if let existing {
        // Best effort: only root may give a file away; the mode is what matters.
        if existing.st_uid != getuid() || existing.st_gid != getgid() {
          _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        // All of the mode, setuid, setgid and sticky bits too: replacing a
        // file must not change what it is allowed to do.
        if fchmod(descriptor, existing.st_mode & 0o7777) != 0 { throw failure(path, errno) }
      }
      if fsync(descriptor) != 0 { throw failure(path, errno) }
      if rename(temporary, path) != 0 { throw failure(path, errno) }
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// The status of the file `path` names, `nil` for a new path, or an error
  /// for anything this type will not replace.
  static func checkDestination(_ path: String) throws(ItineraryError) -> stat? {
    guard !path.isEmpty else { throw ItineraryError(.usage, "the output path is empty") }
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return nil }
      throw failure(path, errno)
    }
    let refusal: String? =
      switch status.st_mode & S_IFMT {
      case S_IFREG:
        status.st_mode & 0o222 == 0 || access(path, W_OK) != 0 ? "it is read-only" : nil
      case S_IFLNK: "it is a symbolic link (name its target, or '-' for standard output)"
      case S_IFDIR: "it is a directory"
      case S_IFIFO: "it is a FIFO"
      case S_IFCHR, S_IFBLK: "it is a device ('-' is standard output)"
      default: "it is not a regular file"
      }
    if let refusal { throw ItineraryError(.failure, "will not write \(path): \(refusal)") }
    return status
  }

  /// Writes every byte, retrying interrupted and partial writes.
  private static func writeAll(_ data: Data, to descriptor: Int32, path: String)
    throws(ItineraryError)
  {
    let code = data.withUnsafeBytes { bytes in
      POSIXOutput.writeAll(bytes, to: descriptor)
    }
    if let code { throw failure(path, code) }
  }

  private static func failure(_ path: String, _ code: Int32) -> ItineraryError {
    ItineraryError(.failure, "cannot write \(path): \(String(cString: strerror(code)))")
  }
}
