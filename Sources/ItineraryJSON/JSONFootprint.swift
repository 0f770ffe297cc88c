import Foundation

/// About how many bytes `JSONSerialization` holds once it has read a
/// document: a dictionary or an array costs far more than its text (an
/// empty object, two bytes, about 190 once read), so a file well within the
/// input size limit can need gigabytes. Counting the values first lets a
/// reader refuse such a file before parsing it.
public enum JSONFootprint {
  /// Bytes an object or array holds once read (measured with a file of
  /// empty objects: 60 MB of them peaked at 3.7 GB).
  public static let bytesPerContainer = 192
  /// Bytes a string, number, literal or key holds once read, beyond its text.
  public static let bytesPerScalar = 64

  /// The estimate for `data`: its containers and scalars, counted outside
  /// strings, at their prices, plus the text itself.
  ///
  /// - Complexity: O(bytes).
  public static func estimate(_ data: Data) -> Int {
    var containers = 0
    var scalars = 0
    var quoted = QuotedBytes()
    var inScalar = false
    for byte in data where !quoted.isQuoted(byte) {
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        containers += 1
        inScalar = false
      case UInt8(ascii: "\""):
        scalars += 1
        inScalar = false
      case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]"),
        UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        inScalar = false
      default:
        if !inScalar { scalars += 1 }
        inScalar = true
      }
    }
    return containers * bytesPerContainer + scalars * bytesPerScalar + data.count
  }
}
