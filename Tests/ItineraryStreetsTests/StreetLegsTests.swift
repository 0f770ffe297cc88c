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
    // Each join of each point: its vertex.
    var joinVertex: [[Int]] = legs.joins.map { $0.map { _ in -1 } }
    let joined = legs.joins.enumerated().flatMap { point, joins in
      joins.enumerated().map { (point: point, index: $0.offset, join: $0.element) }
    }
    for (index, edge) in network.edges.enumerated() {
      let line = Array(network.polyline(index))
      var chain = [Int(edge.from)]
      for (piece, point) in line.enumerated().dropFirst() {
        // The joins on this piece, in order along it.
        let here = joined.filter { $0.join.edge == index && $0.join.piece == piece - 1 }.sorted {
          GreatCircle.distanceKm(line[piece - 1], $0.join.point)
            < GreatCircle.distanceKm(line[piece - 1], $1.join.point)
        }
        for (which, order, join) in here {
          // Joins at one spot share its vertex.
          if let last = chain.last, vertices[last] == join.point,
            last >= network.junctions.count
          {
            joinVertex[which][order] = last
            continue
          }
          vertices.append(join.point)
          joinVertex[which][order] = vertices.count - 1
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
        var metres = Double.infinity
        for (source, a) in zip(legs.joins[from], joinVertex[from]) {
          for (target, b) in zip(legs.joins[to], joinVertex[to]) {
            metres = min(metres, source.connector + distance[a][b] + target.connector)
          }
        }
        guard metres.isFinite else { return nil }
        return max(metres / 1000, GreatCircle.distanceKm(legs.points[from], legs.points[to]))
      }
    }
  }

  /// The legs of a random network's points, its hierarchy stored or made
  /// when the graph is.
  static func legs(seed: UInt64, mode: TravelMode, stored: Bool) throws -> StreetLegs {
    let random = try RandomStreets(seed: seed)
    var network = random.network
    if stored {
      network.shortcutSets[mode] = StreetShortcuts(StreetGraph(network, mode: mode))
    }
    return StreetLegs(StreetGraph(network, mode: mode), points: random.points)
  }

  @Test(arguments: [TravelMode.walk, .bike, .drive], [false, true])
  func theTableIsTheBruteForces(mode: TravelMode, stored: Bool) throws {
    for seed in Self.seeds {
      let legs = try Self.legs(seed: seed, mode: mode, stored: stored)
      let table = try legs.table(speedKmh: 5)
      let expected = Self.bruteForce(legs, mode: mode)
      for from in legs.points.indices {
        for to in legs.points.indices {
          let found = table.distanceKm(from: .init(from), to: .init(to))
          let wanted = expected[from][to]
          #expect(
            (found == nil) == (wanted == nil)
              && abs((found ?? 0) - (wanted ?? 0)) < 1e-6,
            "seed \(seed) \(mode) stored \(stored): \(from) to \(to): \(String(describing: found)), brute force \(String(describing: wanted))"
          )
        }
      }
    }
  }

  @Test(arguments: [TravelMode.walk, .drive])
  func everyPathIsItsLegAndNoLegIsShorterThanTheGreatCircle(mode: TravelMode) throws {
    for seed in Self.seeds {
      let legs = try Self.legs(seed: seed, mode: mode, stored: true)
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

  /// A footway apart from the streets (a courtyard's, a mall's corridors)
  /// 10 m from a point and the main streets 60 m: the point joins both and
  /// is reached; with the main streets 150 m off, it joins the footway only.
  @Test(arguments: [(0.0005, true), (0.0013, false)])
  func aSmallPieceApartStillLeadsToTheMainStreets(offset: Double, reached: Bool) throws {
    var builder = StreetNetworkBuilder()
    let access: StreetAccess = [.walkForward, .walkBackward]
    for row in 0..<3 {
      builder.add(
        (0..<4).map {
          (
            Int64(row * 10 + $0),
            Coordinate(lat: 60 + Double(row) * 0.001, lon: 25 + Double($0) * 0.002)
          )
        },
        access: access)
    }
    for column in 0..<4 {
      builder.add(
        (0..<3).map {
          (
            Int64($0 * 10 + column),
            Coordinate(lat: 60 + Double($0) * 0.001, lon: 25 + Double(column) * 0.002)
          )
        },
        access: access)
    }
    let courtyard = 60.002 + offset
    builder.add(
      [
        (100, Coordinate(lat: courtyard, lon: 25.001)),
        (101, Coordinate(lat: courtyard, lon: 25.0012)),
      ],
      access: access)
    let network = try builder.build()
    let points = [
      Coordinate(lat: 60.001, lon: 25.003), Coordinate(lat: courtyard + 0.00009, lon: 25.0011),
    ]
    let legs = StreetLegs(StreetGraph(network, mode: .walk), points: points)
    #expect(legs.joins[1].count == (reached ? 2 : 1))
    let table = try legs.table(speedKmh: 5)
    #expect((table.distanceKm(from: .origin, to: .place(0)) != nil) == reached)
    #expect((legs.path(from: 0, to: 1) != nil) == reached)
  }

  /// A table kept for every place gives each request's road table number
  /// for number as measuring its points afresh does.
  @Test(arguments: [TravelMode.walk, .bike, .drive])
  func aKeptTableGivesTheSameLegs(mode: TravelMode) throws {
    for seed in Self.seeds {
      let random = try RandomStreets(seed: seed)
      let graph = StreetGraph(random.network, mode: mode)
      let places = random.points.enumerated().map { (id: "p\($0.offset)", point: $0.element) }
      let kept = StreetPlaceTable(graph, places: places)
      var generator = SplitMix64(seed: seed)
      let origin = Coordinate(
        lat: 60.16 + Double.random(in: 0...0.009, using: &generator),
        lon: 24.93 + Double.random(in: 0...0.018, using: &generator))
      let asked = Array(places.shuffled(using: &generator).prefix(8))
      let afresh = try StreetLegs(graph, points: [origin] + asked.map(\.point))
        .table(speedKmh: 5)
      let read = try #require(try kept.legs(origin: origin, places: asked, speedKmh: 5))
      #expect(read.roads == afresh, "seed \(seed) \(mode)")
      #expect(try kept.legs(origin: origin, places: [("elsewhere", origin)], speedKmh: 5) == nil)
    }
  }

  @Test func aPointFarFromEveryStreetHasNoLeg() throws {
    let legs = try Self.legs(seed: 300, mode: .walk, stored: true)
    let far = legs.points.count - 1
    #expect(legs.joins[far].isEmpty)
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
        let position = locator.joins(of: point).first
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
