import Foundation
import ItineraryCore
import ItineraryStore

extension Suite {
  /// Radius queries over a million places (R*Tree prefilter, exact
  /// great-circle filter) spread over a 100 km square around Helsinki:
  /// 50 random centres per radius.
  static func radius(_ bench: inout Bench) throws {
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
    /// Times the places `found` within each radius of every centre.
    func measureWithin(
      series: String, solver: String, _ found: (Double, Coordinate) throws -> Int
    ) throws {
      for radius in [0.1, 0.25, 0.5, 1, 2] {
        try bench.measure(
          series: series, solver: solver, n: Int(radius * 1000),
          parameters: ["places": "\(count)", "radiusKm": "\(radius)", "seed": "\(seed)"],
          work: { ["queries": centres.count, "found": $0] }
        ) {
          try centres.reduce(0) { $0 + (try found(radius, $1)) }
        }
      }
    }
    try measureWithin(series: "\(count) places", solver: "rtree-within") {
      try index.within(radiusKm: $0, of: $1).count
    }
    // The same places in an imported city's file, read back as places.
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "itinerary-bench-radius-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "city.sqlite")
    let writer = try CityFileWriter(file: file)
    for place in index.places { try writer.add(place, twin: nil) }
    _ = try writer.finish(
      name: "bench", source: "random", attribution: "", importedAt: Date(), elements: 0)
    let city = try CityFile(file: file)
    try measureWithin(series: "\(count) places, city file", solver: "cityfile-within") {
      try city.within(radiusKm: $0, of: $1).count
    }
  }

  /// The places the full suite indexes: the figure.
  static let radiusPlaces = 1_000_000
}
