import Foundation

/// The outside data in `../shared/data/` beside the repository: real instances
/// and responses that tests read in place and never copy.
package enum SharedData {
  /// The repository's root, found from this file's path.
  package static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The file or folder at `path` under `../shared/data/`, or `nil` when the
  /// shared data is absent (a user's fresh clone).
  package static func url(_ path: String) -> URL? {
    let url = repositoryRoot.deletingLastPathComponent()
      .appending(path: "shared/data").appending(path: path)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }
}
