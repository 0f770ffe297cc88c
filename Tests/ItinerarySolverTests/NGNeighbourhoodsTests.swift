import ItineraryCore
import Testing

@testable import ItinerarySolver

/// The ng-memory rule on a line of places: 1, 2, 3 and 4 at 10, 20, 30 and
/// 40 from the depot, every window the whole day, no visit time.
@Suite struct NGNeighbourhoodsTests {
  static let xs = [0, 10, 20, 30, 40]
  static let travel = xs.flatMap { a in xs.map { b in abs(a - b) } }

  /// The neighbourhoods of the line, each place's window closing at `closes`.
  static func line(size: Int, closes: [Int] = [1000, 1000, 1000, 1000, 1000])
    -> NGNeighbourhoods
  {
    NGNeighbourhoods(
      vertexCount: xs.count, size: size, distance: { Double(travel[$0 * xs.count + $1]) },
      latest: { closes[$1] - travel[$0 * xs.count + $1] })
  }

  /// With neighbourhoods of two (each place and its nearest), the route
  /// 1, 2 remembers 1 at 2 (1 is 2's nearest), so it may not go back to 1,
  /// but forgets it at 3 (not among 3's neighbours), so 3 may go back to 1.
  @Test func aRouteRemembersWhatStaysInTheNeighbourhood() throws {
    let ng = Self.line(size: 2)
    let atOne = try #require(ng.memory(after: 1, from: 0, to: 1, leaving: 10))
    let atTwo = try #require(ng.memory(after: atOne, from: 1, to: 2, leaving: 20))
    #expect(ng.memory(after: atTwo, from: 2, to: 1, leaving: 30) == nil)
    let atThree = try #require(ng.memory(after: atTwo, from: 2, to: 3, leaving: 30))
    #expect(ng.memory(after: atThree, from: 3, to: 2, leaving: 40) == nil)
    #expect(ng.memory(after: atThree, from: 3, to: 1, leaving: 50) != nil)
  }

  /// A neighbour too late to reach is remembered as if visited; one still
  /// in reach is not.
  @Test func aNeighbourOutOfReachIsRemembered() throws {
    let ng = Self.line(size: 3, closes: [1000, 1000, 15, 1000, 1000])
    // Leaving 1 at 10, vertex 2 is reached at 20, after it closes at 15.
    let late = try #require(ng.memory(after: 1, from: 0, to: 1, leaving: 10))
    #expect(ng.memory(after: late, from: 1, to: 2, leaving: 10) == nil)
    let early = try #require(ng.memory(after: 1, from: 0, to: 1, leaving: 0))
    #expect(ng.memory(after: early, from: 1, to: 2, leaving: 0) != nil)
  }
}
