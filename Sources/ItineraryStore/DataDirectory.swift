import Foundation
import ItineraryCore

/// Where the store keeps its database: `ITINERARY_DATA_DIR`, else
/// `$XDG_DATA_HOME/itinerary`, else `~/.local/share/itinerary`.
public enum DataDirectory {
  /// The data directory the environment names.
  public static func url(environment: [String: String]) -> URL {
    if let path = environment["ITINERARY_DATA_DIR"], !path.isEmpty {
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    if let path = environment["XDG_DATA_HOME"], !path.isEmpty {
      return URL(fileURLWithPath: path, isDirectory: true).appending(path: "itinerary")
    }
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appending(path: ".local/share/itinerary")
  }

  /// Makes `directory` (and its parents) when missing.
  ///
  /// - Throws: `ItineraryError` (data) when it or a parent is a file, and
  ///   (failure) when it cannot be made.
  static func prepare(_ directory: URL) throws(ItineraryError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw ItineraryError(
          .data, "the data directory \(directory.path) is a file, not a directory")
      }
      return
    }
    try makeFolder(directory, failure: "cannot create the data directory \(directory.path)")
  }

  /// Makes `folder` and its parents, in the data directory or beside it.
  ///
  /// - Throws: `ItineraryError` (failure): `failure`, then why it failed.
  package static func makeFolder(_ folder: URL, failure: String) throws(ItineraryError) {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw ItineraryError(.failure, "\(failure): \(error.localizedDescription)")
    }
  }
}
