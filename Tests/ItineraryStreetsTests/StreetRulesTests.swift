import ItineraryCore
import Testing

@testable import ItineraryStreets

/// Who may use a way, and in which directions, from its tags.
@Suite struct StreetRulesTests {
  static func modes(_ tags: [String: String]) -> String {
    guard let access = StreetRules.access(tags) else { return "none" }
    return TravelMode.allCases.map { mode in
      let forward = access.contains(.forward(mode))
      let backward = access.contains(.backward(mode))
      return "\(mode.rawValue):"
        + (forward ? (backward ? "both" : "forward") : (backward ? "backward" : "no"))
    }.joined(separator: " ") + (access.contains(.ferry) ? " ferry" : "")
  }

  @Test func waysByKind() {
    #expect(Self.modes(["highway": "footway"]) == "walk:both bike:no drive:no")
    #expect(Self.modes(["highway": "steps"]) == "walk:both bike:no drive:no")
    #expect(Self.modes(["highway": "residential"]) == "walk:both bike:both drive:both")
    #expect(Self.modes(["highway": "motorway"]) == "walk:no bike:no drive:forward")
    #expect(Self.modes(["highway": "cycleway"]) == "walk:no bike:both drive:no")
    #expect(
      Self.modes(["highway": "cycleway", "foot": "designated"]) == "walk:both bike:both drive:no")
    #expect(Self.modes(["highway": "footway", "bicycle": "yes"]) == "walk:both bike:both drive:no")
    #expect(Self.modes(["man_made": "pier"]) == "walk:both bike:no drive:no")
    #expect(Self.modes(["building": "yes"]) == "none")
    #expect(Self.modes(["highway": "proposed"]) == "none")
  }

  @Test func oneWayStreets() {
    #expect(
      Self.modes(["highway": "residential", "oneway": "yes"])
        == "walk:both bike:forward drive:forward")
    #expect(
      Self.modes(["highway": "residential", "oneway": "-1"])
        == "walk:both bike:backward drive:backward")
    #expect(
      Self.modes(["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"])
        == "walk:both bike:both drive:forward")
    #expect(
      Self.modes(["highway": "primary", "junction": "roundabout"])
        == "walk:both bike:forward drive:forward")
    #expect(
      Self.modes(["highway": "footway", "oneway:foot": "yes"]) == "walk:forward bike:no drive:no")
  }

  @Test func accessRules() {
    #expect(Self.modes(["highway": "service", "access": "private"]) == "none")
    #expect(
      Self.modes(["highway": "service", "access": "private", "foot": "yes"])
        == "walk:both bike:no drive:no")
    #expect(Self.modes(["highway": "residential", "foot": "no"]) == "walk:no bike:both drive:both")
    #expect(
      Self.modes(["highway": "residential", "motor_vehicle": "no"])
        == "walk:both bike:both drive:no")
    #expect(Self.modes(["route": "ferry"]) == "walk:both bike:both drive:no ferry")
    #expect(
      Self.modes(["route": "ferry", "motorcar": "yes"]) == "walk:both bike:both drive:both ferry")
  }
}
