import Foundation
import ItineraryCore

/// The points of a street between its junctions, as a city file stores
/// them: little-endian 32-bit pairs, longitude then latitude, in
/// ten-millionths of a degree (OpenStreetMap's own precision).
enum StreetShapeBlob {
  /// - Complexity: O(points).
  static func encode(_ points: some Collection<Coordinate>) -> Data {
    var data = Data(capacity: points.count * 8)
    for point in points {
      for value in [point.lon, point.lat] {
        withUnsafeBytes(of: Int32((value * 1e7).rounded()).littleEndian) {
          data.append(contentsOf: $0)
        }
      }
    }
    return data
  }

  /// - Returns: `nil` for bytes that are no whole number of pairs.
  /// - Complexity: O(points).
  static func decode(_ data: Data) -> [Coordinate]? {
    guard data.count % 8 == 0 else { return nil }
    var values: [Int32] = []
    values.reserveCapacity(data.count / 4)
    data.withUnsafeBytes { raw in
      for offset in stride(from: 0, to: raw.count, by: 4) {
        values.append(
          Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
      }
    }
    return stride(from: 0, to: values.count, by: 2).map {
      Coordinate(lat: Double(values[$0 + 1]) / 1e7, lon: Double(values[$0]) / 1e7)
    }
  }
}
