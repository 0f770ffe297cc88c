import ItineraryCore
import Testing

@testable import ItineraryStreets

/// The road table and paths on random networks against a brute force: every
/// point of every street a vertex, each point's join to the streets a vertex
/// splitting its piece, and Floyd-Warshall over the whole.
@Suite struct StreetLegsTests {
  static let seeds: [UInt64] = Array(300..<330)

  /// Floyd-Warshall's kilometres between the points of `legs`, connectors included.
  static func bruteForce(_ legs: StreetLegs, mode: TravelMode) -> [[Double?]] {
    let network = legs.graph.network
    var vertices = network.junctions
    var arcs: [(Int, Int, Double)] = []
    var pointVertex: [Int?] = legs.positions.map { _ in nil }
    for (index, edge) in network.edges.enumerated() {
      let line = Array(network.polyline(index))
      var chain = [Int(edge.from)]
      for (piece, point) in line.enumerated().dropFirst() {
        // The points joined to this piece, in order along it.
        let joined = legs.positions.indices.filter {
          legs.positions[$0]?.edge == index && legs.positions[$0]?.piece == piece - 1
        }.sorted {
          let a = legs.positions[$0]?.point ?? point
          let b = legs.positions[$1]?.point ?? point
          return GreatCircle.distanceKm(line[piece - 1], a)
            < GreatCircle.distanceKm(line[piece - 1], b)
        }
        for which in joined {
          let joins = legs.positions[which]?.point ?? point
          // Points joined at one spot share its vertex.
          if let last = chain.last, vertices[last] == joins, last >= network.junctions.count {
            pointVertex[which] = last
            continue
          }
          vertices.append(joins)
          pointVertex[which] = vertices.count - 1
          chain.append(vertices.count - 1)
        }
        if piece == line.count - 1 {
          chain.append(Int(edge.to))
        } else {
          vertices.append(point)
          chain.append(vertices.count - 1)
        }
      }
      for (a, b) in zip(chain, chain.dropFirst()) {
        let metres = GreatCircle.distanceKm(vertices[a], vertices[b]) * 1000
        if edge.access.contains(.forward(mode)) { arcs.append((a, b, metres)) }
        if edge.access.contains(.backward(mode)) { arcs.append((b, a, metres)) }
      }
    }
    let count = vertices.count
    var distance = [[Double]](
      repeating: [Double](repeating: .infinity, count: count), count: count)
    for vertex in 0..<count { distance[vertex][vertex] = 0 }
    for (a, b, metres) in arcs where metres < distance[a][b] { distance[a][b] = metres }
    for k in 0..<count {
      for i in 0..<count where distance[i][k].isFinite {
        for j in 0..<count where distance[i][k] + distance[k][j] < distance[i][j] {
          distance[i][j] = distance[i][k] + distance[k][j]
        }
      }
    }
    return legs.points.indices.map { from in
      legs.points.indices.map { to in
        if from == to { return 0 }
        guard let a = pointVertex[from], let b = pointVertex[to],
          let source = legs.positions[from], let target = legs.positions[to],
          distance[a][b].isFinite
        else { return nil }
        let metres = source.connector + distance[a][b] + target.connector
        return max(metres / 1000, GreatCircle.distanceKm(legs.points[from], legs.points[to]))
      }
    }
  }

  static func legs(seed: UInt64, mode: TravelMode, hierarchy: Bool) throws -> StreetLegs {
    let random = try RandomStreets(seed: seed)
    var network = random.network
    if hierarchy {
      network.contractions[mode] = StreetContraction(StreetGraph(network, mode: mode))
    }
    return StreetLegs(StreetGraph(network, mode: mode), points: random.points)
  }

  @Test(arguments: [TravelMode.walk, .bike, .drive], [false, true])
  func theTableIsTheBruteForces(mode: TravelMode, hierarchy: Bool) throws {
    for seed in Self.seeds {
      let legs = try Self.legs(seed: seed, mode: mode, hierarchy: hierarchy)
      let table = try legs.table(speedKmh: 5)
      let expected = Self.bruteForce(legs, mode: mode)
      for from in legs.points.indices {
        for to in legs.points.indices {
          let found = table.distanceKm(from: .init(from), to: .init(to))
          let wanted = expected[from][to]
          #expect(
            (found == nil) == (wanted == nil)
              && abs((found ?? 0) - (wanted ?? 0)) < 1e-6,
            "seed \(seed) \(mode) hierarchy \(hierarchy): \(from) to \(to): \(String(describing: found)), brute force \(String(describing: wanted))"
          )
        }
      }
    }
  }

  @Test(arguments: [TravelMode.walk, .drive])
  func everyPathIsItsLegAndNoLegIsShorterThanTheGreatCircle(mode: TravelMode) throws {
    for seed in Self.seeds {
      let legs = try Self.legs(seed: seed, mode: mode, hierarchy: true)
      let table = try legs.table(speedKmh: 5)
      for from in legs.points.indices {
        for to in legs.points.indices where from != to {
          let km = table.distanceKm(from: .init(from), to: .init(to))
          let path = legs.path(from: from, to: to)
          #expect((km == nil) == (path == nil), "seed \(seed): \(from) to \(to)")
          guard let km, let path else { continue }
          #expect(km >= GreatCircle.distanceKm(legs.points[from], legs.points[to]))
          #expect(path.first == legs.points[from] && path.last == legs.points[to])
          let length = StreetNetwork.metres(path) / 1000
          #expect(abs(length - km) < 1e-6, "seed \(seed) \(mode): \(from) to \(to)")
        }
      }
    }
  }

  @Test func aPointFarFromEveryStreetHasNoLeg() throws {
    let legs = try Self.legs(seed: 300, mode: .walk, hierarchy: true)
    let far = legs.points.count - 1
    #expect(legs.positions[far] == nil)
    let table = try legs.table(speedKmh: 5)
    for other in legs.points.indices where other != far {
      #expect(table.distanceKm(from: .init(far), to: .init(other)) == nil)
      #expect(table.distanceKm(from: .init(other), to: .init(far)) == nil)
    }
  }

  @Test func eachPointJoinsItsNearestPiece() throws {
    for seed in Self.seeds {
      let random = try RandomStreets(seed: seed)
      let graph = StreetGraph(random.network, mode: .walk)
      let locator = StreetLocator(graph)
      for point in random.points {
        var nearest = Double.infinity
        for (index, edge) in random.network.edges.enumerated() where edge.access.allows(.walk) {
          let line = Array(random.network.polyline(index))
          for (a, b) in zip(line, line.dropFirst()) {
            let on = StreetLocator.nearest(
              to: point, from: a, to: b, scale: GreatCircle.cosLatitude(point))
            nearest = min(nearest, GreatCircle.distanceKm(point, on) * 1000)
          }
        }
        let position = locator.position(of: point)
        if nearest > StreetLocator.maximumConnectorMetres {
          #expect(position == nil)
        } else {
          #expect(abs((position?.connector ?? .infinity) - nearest) < 0.01, "seed \(seed)")
        }
      }
    }
  }
}

extension Waypoint {
  /// Point `index` of a table: the origin, then the places.
  init(_ index: Int) { self = index == 0 ? .origin : .place(index - 1) }
}
