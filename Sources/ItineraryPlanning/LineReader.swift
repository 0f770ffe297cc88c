import Foundation
import ItineraryCore

/// Lines of a file descriptor, read in chunks: the input of a batch,
/// however large, in bounded memory.
public final class LineReader {
  private let descriptor: Int32
  private var buffer = Data()
  private var finished = false
  /// Bytes read from the descriptor so far.
  public private(set) var bytesRead = 0
  /// The longest line accepted; a longer one is an error, not a memory blow-up.
  public static let maxLineBytes = 64 << 20

  public init(descriptor: Int32) { self.descriptor = descriptor }

  /// Up to `count` lines without their newlines; empty at the end.
  ///
  /// - Complexity: O(bytes read).
  public func next(_ count: Int) throws(ItineraryError) -> [Data] {
    var lines: [Data] = []
    while lines.count < count {
      if let newline = buffer.firstIndex(of: 0x0A) {
        lines.append(Data(buffer[buffer.startIndex..<newline]))
        buffer.removeSubrange(buffer.startIndex...newline)
        continue
      }
      if finished {
        if !buffer.isEmpty {
          lines.append(buffer)
          buffer = Data()
        }
        break
      }
      if buffer.count > Self.maxLineBytes {
        throw ItineraryError(.data, "a line is longer than \(Self.maxLineBytes >> 20) MiB")
      }
      try fill()
    }
    return lines
  }

  private func fill() throws(ItineraryError) {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 {
        throw ItineraryError(.failure, "cannot read the input: \(String(cString: strerror(errno)))")
      }
      if count == 0 { finished = true }
      buffer.append(contentsOf: chunk[..<count])
      bytesRead += count
      return
    }
  }
}
