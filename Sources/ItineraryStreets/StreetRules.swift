/// Which OpenStreetMap ways a person may walk, cycle or drive, and in
/// which directions, read from a way's tags in the manner of OSRM's foot,
/// bicycle and car profiles.
///
/// - Walking: footways, paths, steps, pedestrian streets and areas,
///   crossings, platforms, piers, tracks and every road but motorways;
///   cycleways and bridleways only when `foot` allows them. One-way streets
///   are walked both ways unless `oneway:foot` says otherwise.
/// - Cycling: cycleways, paths, tracks, pedestrian streets and every road
///   but motorways and trunk roads; footways only when `bicycle` allows
///   them, never steps. `oneway` holds unless `oneway:bicycle=no`.
/// - Driving: roads, from motorways to service roads; `oneway` holds, and
///   is implied on motorways and roundabouts.
/// - `access=no` (or `private`, ...) closes a way to every mode that its own
///   tag (`foot`, `bicycle`, `motor_vehicle`, `motorcar`) does not reopen; a
///   mode's tag of `no` closes it to that mode.
/// - Ferries (`route=ferry`) carry walkers and cyclists, and cars when
///   `motor_vehicle` or `motorcar` says so.
public enum StreetRules {
  static let walkable: Set<String> = [
    "footway", "path", "steps", "pedestrian", "living_street", "residential", "service",
    "unclassified", "tertiary", "tertiary_link", "secondary", "secondary_link", "primary",
    "primary_link", "trunk", "trunk_link", "road", "track", "corridor", "platform", "crossing",
  ]
  static let cyclable: Set<String> = [
    "cycleway", "path", "track", "pedestrian", "living_street", "residential", "service",
    "unclassified", "tertiary", "tertiary_link", "secondary", "secondary_link", "primary",
    "primary_link", "road",
  ]
  static let drivable: Set<String> = [
    "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary",
    "secondary_link", "tertiary", "tertiary_link", "unclassified", "residential",
    "living_street", "service", "road",
  ]
  static let allowing: Set<String> = ["yes", "designated", "permissive", "destination"]
  static let closing: Set<String> = [
    "no", "private", "agricultural", "forestry", "delivery", "customers", "emergency",
  ]

  /// How the way of `tags` may be used, or `nil` when it is no street of
  /// any mode.
  ///
  /// - Complexity: O(1).
  public static func access(_ tags: [String: String]) -> StreetAccess? {
    if tags["route"] == "ferry" { return ferry(tags) }
    guard let highway = tags["highway"] else {
      let pier = tags["man_made"] == "pier" && tags["foot"].map(closing.contains) != true
      return pier ? [.walkForward, .walkBackward] : nil
    }
    var access: StreetAccess = []
    let closed = tags["access"].map(closing.contains) ?? false
    func open(_ key: String..., base: Bool) -> Bool {
      for key in key {
        if let value = tags[key] {
          if allowing.contains(value) { return true }
          if closing.contains(value) { return false }
        }
      }
      return base && !closed
    }
    let oneway = direction(
      tags["oneway"],
      implied: highway == "motorway"
        || tags["junction"] == "roundabout" || tags["junction"] == "circular")
    let walks = open("foot", base: walkable.contains(highway))
    if walks {
      access.formUnion(
        both(.walkForward, .walkBackward, direction(tags["oneway:foot"], implied: false)))
    }
    let cycles = open("bicycle", base: cyclable.contains(highway))
    if cycles {
      let own = tags["oneway:bicycle"].map { direction($0, implied: false) } ?? oneway
      access.formUnion(both(.bikeForward, .bikeBackward, own))
    }
    let drives = open("motorcar", "motor_vehicle", "vehicle", base: drivable.contains(highway))
    if drives {
      access.formUnion(both(.driveForward, .driveBackward, oneway))
    }
    return access.isEmpty ? nil : access
  }

  /// A ferry line's access.
  static func ferry(_ tags: [String: String]) -> StreetAccess {
    var access: StreetAccess = [.ferry, .walkForward, .walkBackward, .bikeForward, .bikeBackward]
    if ["motorcar", "motor_vehicle"].contains(where: { tags[$0].map(allowing.contains) == true }) {
      access.formUnion([.driveForward, .driveBackward])
    }
    return access
  }

  /// 1 for one way along the points, -1 against them, `nil` for both ways.
  static func direction(_ value: String?, implied: Bool) -> Int? {
    switch value {
    case "yes", "1", "true": 1
    case "-1", "reverse": -1
    case "no", "0", "false": nil
    default: implied ? 1 : nil
    }
  }

  static func both(_ forward: StreetAccess, _ backward: StreetAccess, _ direction: Int?)
    -> StreetAccess
  {
    switch direction {
    case 1: forward
    case -1: backward
    default: [forward, backward]
    }
  }
}
