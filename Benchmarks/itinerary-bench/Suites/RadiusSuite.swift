import Foundation
import ItineraryCore
import ItineraryStore

extension Suite {
  /// Radius queries over a million places (R*Tree prefilter, exact
  /// great-circle filter) spread over a 100 km square around Helsinki:
  /// 50 random centres per radius.
  static let radius = Suite(
    name: "radius",
    summary: "places index: places within a radius, 1,000,000 places in a 100 km square",
    xAxis: "radius m", perUnit: "queries", chartStyle: nil,
    run: { bench in
      let count = bench.options.quick ? 100_000 : radiusPlaces
      let seed: UInt64 = 0x4AD_1005
      let started = ClockReading.now()
      let index = try PlacesIndex(places: Workloads.places(count: count, sideKm: 100, seed: seed))
      bench.note(
        "built the index of \(count) places in \(Suite.format(ClockReading.now().wall - started.wall)) s (seed \(seed))"
      )
      var generator = SplitMix64(seed: seed &+ 1)
      let centres = (0..<50).map { _ in
        index.places[Int.random(in: 0..<index.places.count, using: &generator)].coordinate
      }
      for radius in [0.1, 0.25, 0.5, 1, 2] {
        try bench.measure(
          series: "\(count) places", solver: "rtree-within", n: Int(radius * 1000),
          parameters: ["places": "\(count)", "radiusKm": "\(radius)", "seed": "\(seed)"],
          work: { ["queries": centres.count, "found": $0] }
        ) {
          try centres.reduce(0) { $0 + (try index.within(radiusKm: radius, of: $1).count) }
        }
      }
    })

  /// The places the full suite indexes: the figure.
  static let radiusPlaces = 1_000_000
}
