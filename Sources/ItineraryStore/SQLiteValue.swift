import Foundation

/// A value bound to a statement parameter.
package enum SQLiteValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)
}

extension SQLiteValue {
  /// An integer, from a Swift `Int`.
  package static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }

  /// A time as seconds since 1970.
  package static func date(_ value: Date) -> SQLiteValue { .real(value.timeIntervalSince1970) }
}
