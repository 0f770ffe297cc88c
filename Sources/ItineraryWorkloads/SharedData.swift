import Foundation

/// The outside data in `../shared/data/` beside the repository: real instances
/// and responses that tests read in place and never copy.
package enum SharedData {
  /// The repository's root, found from this file's path.
  package static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folder of the shared data: `ITINERARY_SHARED_DATA` when set (a
  /// checkout elsewhere), else `../shared/data/`.
  package static let folder =
    ProcessInfo.processInfo.environment["ITINERARY_SHARED_DATA"].map { URL(fileURLWithPath: $0) }
    ?? repositoryRoot.deletingLastPathComponent().appending(path: "shared/data")

  /// The file or folder at `path` under the shared data, or `nil` when the
  /// shared data is absent (a user's fresh clone).
  package static func url(_ path: String) -> URL? {
    let url = folder.appending(path: path)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }
}
