import ItineraryCore
import ItineraryStreets

/// Seeded random street networks: a jittered grid of junctions around
/// Helsinki joined by streets of random kinds (footways, one-way roads,
/// closed ways, ferries), some with bends, and a few junctions left alone.
struct RandomStreets {
  var network: StreetNetwork
  /// Points near the streets, and one far from every street.
  var points: [Coordinate]

  init(seed: UInt64, side: Int = 7) throws {
    var random = SplitMix64(seed: seed)
    var builder = StreetNetworkBuilder()
    let step = 0.0015
    func node(_ row: Int, _ column: Int) -> (id: Int64, point: Coordinate) {
      var jitter = SplitMix64(seed: seed &+ UInt64(row * 1000 + column))
      let point = Coordinate(
        lat: 60.16 + Double(row) * step + Double.random(in: -2e-4...2e-4, using: &jitter),
        lon: 24.93 + Double(column) * step * 2 + Double.random(in: -4e-4...4e-4, using: &jitter))
      return (Int64(row * 1000 + column + 1), point)
    }
    let kinds: [[String: String]] = [
      ["highway": "footway"], ["highway": "residential"],
      ["highway": "residential", "oneway": "yes"],
      ["highway": "primary", "oneway": "-1"], ["highway": "cycleway"],
      ["highway": "service", "access": "private"], ["highway": "steps"],
      ["highway": "motorway"], ["route": "ferry"],
      ["highway": "tertiary", "oneway": "yes", "oneway:bicycle": "no"],
    ]
    var id: Int64 = 1_000_000
    for row in 0..<side {
      for column in 0..<side {
        for (dr, dc) in [(0, 1), (1, 0)] where row + dr < side && column + dc < side {
          guard Int.random(in: 0..<10, using: &random) < 8 else { continue }
          let tags = kinds[Int.random(in: 0..<kinds.count, using: &random)]
          guard let access = StreetRules.access(tags) else { continue }
          let a = node(row, column)
          let b = node(row + dr, column + dc)
          var way = [a]
          if Bool.random(using: &random) {
            id += 1
            way.append(
              (
                id,
                Coordinate(
                  lat: (a.point.lat + b.point.lat) / 2
                    + Double.random(in: -3e-4...3e-4, using: &random),
                  lon: (a.point.lon + b.point.lon) / 2
                    + Double.random(in: -3e-4...3e-4, using: &random))
              ))
          }
          way.append(b)
          builder.add(Bool.random(using: &random) ? way : way.reversed(), access: access)
        }
      }
    }
    network = try builder.build()
    points = (0..<12).map { _ in
      Coordinate(
        lat: 60.16 + Double.random(in: 0...(Double(side - 1) * step), using: &random),
        lon: 24.93 + Double.random(in: 0...(Double(side - 1) * step * 2), using: &random))
    }
    points.append(Coordinate(lat: 60.30, lon: 24.93))
  }
}
