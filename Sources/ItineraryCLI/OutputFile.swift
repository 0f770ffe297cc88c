import Foundation
import ItineraryCore

/// Writes a whole file or nothing: the bytes go to a temporary file beside
/// the destination, which is then renamed over it.
enum OutputFile {
  static func write(_ data: Data, to path: String) throws(ItineraryError) {
    let destination = URL(fileURLWithPath: path)
    let directory = destination.deletingLastPathComponent()
    let temporary = directory.appending(
      path: ".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try data.write(to: temporary, options: [.withoutOverwriting])
    } catch {
      throw ItineraryError(.failure, "cannot write \(path): \(reason(error))")
    }
    if rename(temporary.path, destination.path) != 0 {
      let why = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw ItineraryError(.failure, "cannot write \(path): \(why)")
    }
  }

  private static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(code)))
    }
    return (error as NSError).localizedDescription
  }
}
