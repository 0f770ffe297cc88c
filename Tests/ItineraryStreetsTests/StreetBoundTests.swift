import ItineraryCore
import Testing

@testable import ItineraryStreets

/// The lower bound that aims path searches: never more than the streets'
/// metres, falling along no arc by more than the arc, and nothing at all
/// where a point is not a number.
@Suite struct StreetBoundTests {
  /// Every junction's street metres to every other, by Dijkstra's algorithm
  /// on the mode's arcs, against the bound between them.
  @Test(arguments: [TravelMode.walk, .drive])
  func theBoundNeverExceedsTheStreets(mode: TravelMode) throws {
    for seed in StreetLegsTests.seeds.prefix(10) {
      let graph = StreetGraph(try RandomStreets(seed: seed).network, mode: mode)
      let count = graph.network.junctions.count
      for source in 0..<count {
        var metres = [Double](repeating: .infinity, count: count)
        metres[source] = 0
        var heap = MinHeap<Double>(capacity: count)
        heap.push(0, Int32(source))
        while let (reached, junction) = heap.pop() {
          let tail = Int(junction)
          if reached > metres[tail] { continue }
          for arc in Int(graph.arcs.first[tail])..<Int(graph.arcs.first[tail + 1]) {
            let head = Int(graph.arcs.head[arc])
            #expect(
              graph.bound.metres(from: tail, toNearestOf: [source])
                <= graph.arcs.metres[arc] + graph.bound.metres(from: head, toNearestOf: [source])
                + 1e-9)
            if reached + graph.arcs.metres[arc] < metres[head] {
              metres[head] = reached + graph.arcs.metres[arc]
              heap.push(metres[head], Int32(head))
            }
          }
        }
        for target in 0..<count where metres[target].isFinite {
          #expect(
            graph.bound.metres(from: source, toNearestOf: [target]) <= metres[target] + 1e-9,
            "seed \(seed) \(mode): \(source) to \(target)")
        }
      }
    }
  }

  @Test func aPointThatIsNotANumberBoundsNothing() throws {
    let arcs = StreetArcs(count: 2, [(0, 1, 100), (1, 0, 100)])
    let points = [Coordinate(lat: 60, lon: 25), Coordinate(lat: .nan, lon: 25)]
    #expect(StreetBound(points, arcs).metres(from: 0, toNearestOf: [1]) == 0)
    let apart = [Coordinate(lat: 60, lon: 25), Coordinate(lat: 60.001, lon: 25)]
    let bound = StreetBound(apart, arcs).metres(from: 0, toNearestOf: [1])
    #expect(bound > 99 && bound <= 100)
  }
}
