import Foundation
import ItineraryCore
import ItineraryStreets

/// A shortcut hierarchy as a city file stores it: the ranks as
/// little-endian 32-bit integers; the shortcuts as a 32-bit `from`, a
/// 32-bit `to` and a 64-bit float of metres each, little-endian.
enum StreetHierarchyBlob {
  /// - Complexity: O(junctions + shortcuts).
  static func encode(_ ordering: StreetShortcuts) -> (ranks: Data, shortcuts: Data) {
    var ranks = Data(capacity: ordering.rank.count * 4)
    for rank in ordering.rank { append(rank, to: &ranks) }
    var shortcuts = Data(capacity: ordering.shortcuts.count * 16)
    for shortcut in ordering.shortcuts {
      append(shortcut.from, to: &shortcuts)
      append(shortcut.to, to: &shortcuts)
      append(shortcut.metres.bitPattern, to: &shortcuts)
    }
    return (ranks, shortcuts)
  }

  /// - Throws: `.data` for bytes of the wrong length or values that do not
  ///   fit `junctions`.
  /// - Complexity: O(junctions + shortcuts).
  static func decode(ranks: Data, shortcuts: Data, junctions: Int) throws(ItineraryError)
    -> StreetShortcuts
  {
    guard ranks.count % 4 == 0, shortcuts.count % 16 == 0 else {
      throw ItineraryError(.data, "a street hierarchy has bytes of the wrong length")
    }
    let rank = stride(from: 0, to: ranks.count, by: 4).map { Int32(load(ranks, $0) as UInt32) }
    let cuts = stride(from: 0, to: shortcuts.count, by: 16).map { offset in
      StreetShortcuts.Shortcut(
        from: Int32(load(shortcuts, offset) as UInt32),
        to: Int32(load(shortcuts, offset + 4) as UInt32),
        metres: Double(bitPattern: load(shortcuts, offset + 8)))
    }
    return try StreetShortcuts(rank: rank, shortcuts: cuts, junctions: junctions)
  }

  private static func append(_ value: some FixedWidthInteger, to data: inout Data) {
    withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
  }

  private static func append(_ value: Int32, to data: inout Data) {
    append(UInt32(bitPattern: value), to: &data)
  }

  private static func load<T: FixedWidthInteger>(_ data: Data, _ offset: Int) -> T {
    data.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
  }
}
