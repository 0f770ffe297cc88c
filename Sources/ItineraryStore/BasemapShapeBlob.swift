import Foundation
import ItineraryCore

/// The shapes of basemap features as a city file stores them: for each,
/// its number of points, then its points in whole millionths of a degree
/// (about 11 cm, finer than a map is drawn), longitude then latitude, each
/// the difference from the point before (the last of the shape before, for
/// a shape's first). Every number is a LEB128 varint, the differences
/// zigzag-encoded, so that a point of a street or a building takes two to
/// four bytes rather than eight.
enum BasemapShapeBlob {
  static let scale = 1e6

  /// - Complexity: O(points).
  static func encode(_ shapes: [[Coordinate]]) -> Data {
    var data = Data(capacity: shapes.reduce(0) { $0 + $1.count } * 4)
    func append(_ number: UInt64) {
      var number = number
      while number >= 0x80 {
        data.append(UInt8(number & 0x7f) | 0x80)
        number >>= 7
      }
      data.append(UInt8(number))
    }
    var previous = (lon: 0, lat: 0)
    for shape in shapes {
      append(UInt64(shape.count))
      for point in shape {
        let current = (
          lon: Int((point.lon * scale).rounded()), lat: Int((point.lat * scale).rounded())
        )
        for delta in [current.lon - previous.lon, current.lat - previous.lat] {
          append(UInt64(bitPattern: Int64(delta << 1) ^ Int64(delta >> 63)))
        }
        previous = current
      }
    }
    return data
  }

  /// - Returns: `nil` for bytes that are no whole shapes.
  /// - Complexity: O(points).
  static func decode(_ data: Data) -> [[Coordinate]]? {
    var numbers: [UInt64] = []
    var (number, shift): (UInt64, UInt64) = (0, 0)
    for byte in data {
      guard shift < 64 else { return nil }
      number |= UInt64(byte & 0x7f) << shift
      shift += 7
      guard byte & 0x80 == 0 else { continue }
      numbers.append(number)
      (number, shift) = (0, 0)
    }
    guard shift == 0 else { return nil }
    func signed(_ value: UInt64) -> Int {
      Int(Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1))
    }
    var shapes: [[Coordinate]] = []
    var (lon, lat, index) = (0, 0, 0)
    while index < numbers.count {
      let count = Int(clamping: numbers[index])
      index += 1
      guard count <= (numbers.count - index) / 2 else { return nil }
      var shape: [Coordinate] = []
      shape.reserveCapacity(count)
      for _ in 0..<count {
        lon &+= signed(numbers[index])
        lat &+= signed(numbers[index + 1])
        index += 2
        shape.append(Coordinate(lat: Double(lat) / scale, lon: Double(lon) / scale))
      }
      shapes.append(shape)
    }
    return shapes
  }
}
