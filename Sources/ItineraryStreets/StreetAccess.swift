import ItineraryCore

/// Which ways along a street each travel mode may go, and whether it is a
/// ferry. Forward is the direction the street's points are listed in.
public struct StreetAccess: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let walkForward = StreetAccess(rawValue: 1 << 0)
  public static let walkBackward = StreetAccess(rawValue: 1 << 1)
  public static let bikeForward = StreetAccess(rawValue: 1 << 2)
  public static let bikeBackward = StreetAccess(rawValue: 1 << 3)
  public static let driveForward = StreetAccess(rawValue: 1 << 4)
  public static let driveBackward = StreetAccess(rawValue: 1 << 5)
  /// A ferry line: usable, and drawn as one.
  public static let ferry = StreetAccess(rawValue: 1 << 6)

  /// Along the street's points, for `mode`.
  public static func forward(_ mode: TravelMode) -> StreetAccess {
    switch mode {
    case .walk: .walkForward
    case .bike: .bikeForward
    case .drive: .driveForward
    }
  }

  /// Against the street's points, for `mode`.
  public static func backward(_ mode: TravelMode) -> StreetAccess {
    switch mode {
    case .walk: .walkBackward
    case .bike: .bikeBackward
    case .drive: .driveBackward
    }
  }

  /// Whether `mode` may use the street in some direction.
  public func allows(_ mode: TravelMode) -> Bool {
    !isDisjoint(with: [.forward(mode), .backward(mode)])
  }
}
