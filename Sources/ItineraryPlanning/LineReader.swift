import Foundation
import ItineraryCore

/// Lines of a file descriptor, read in chunks: the input of a batch,
/// however large, in bounded memory.
public final class LineReader {
  private let descriptor: Int32
  /// Bytes read and not yet handed out: from `start` to the end, with no
  /// newline before `searched`.
  private var buffer = Data()
  private var start = 0
  private var searched = 0
  private var finished = false
  /// Bytes read from the descriptor so far.
  public private(set) var bytesRead = 0
  /// The longest line accepted; a longer one is an error, not a memory blow-up.
  public static let maxLineBytes = 64 << 20

  public init(descriptor: Int32) { self.descriptor = descriptor }

  /// Up to `count` lines without their newlines; empty at the end.
  ///
  /// - Complexity: O(bytes read), amortized.
  public func next(_ count: Int) throws(ItineraryError) -> [Data] {
    var lines: [Data] = []
    while lines.count < count {
      if let newline = buffer[max(start, searched)...].firstIndex(of: 0x0A) {
        lines.append(Data(buffer[start..<newline]))
        start = newline + 1
        continue
      }
      if finished {
        if start < buffer.count { lines.append(Data(buffer[start...])) }
        buffer = Data()
        (start, searched) = (0, 0)
        break
      }
      // The lines handed out are dropped once a chunk, not once a line, and
      // a long line is searched for its end once, not once a chunk.
      buffer.removeSubrange(0..<start)
      (start, searched) = (0, buffer.count)
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
