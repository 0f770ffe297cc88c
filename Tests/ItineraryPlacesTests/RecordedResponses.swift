import Foundation

/// A response of `Recorded/`, the current documented shapes (see its README).
func recorded(_ name: String) throws -> Data {
  try Data(contentsOf: recordedURL(name))
}

func recordedURL(_ name: String) -> URL {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Recorded/\(name)")
}
