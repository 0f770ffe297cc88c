/// How a person moves between stops: it sets leg times and the default
/// price of a kilometre.
public enum TravelMode: String, CaseIterable, Sendable {
  case walk, bike, drive

  /// Typical speed in km/h: 4.8 walking, 15 cycling, 30 driving in town.
  public var defaultSpeedKmh: Double {
    switch self {
    case .walk: 4.8
    case .bike: 15
    case .drive: 30
    }
  }

  /// Score points one kilometre costs: a kilometre on foot (12.5 minutes)
  /// weighs as much as half a rating star; faster modes cost less per km in
  /// proportion to their time, so a plan's trade-off stays about minutes.
  public var defaultDistanceWeight: Double {
    switch self {
    case .walk: 0.5
    case .bike: 0.16
    case .drive: 0.08
    }
  }
}
