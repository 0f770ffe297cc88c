import ItineraryCore

@testable import ItinerarySolver

extension GTSPInstance {
  /// A tour of the clusters in a random order, a random node of each.
  func randomTour(_ random: inout SplitMix64) -> [Int] {
    var order = Array(clusters.indices)
    random.shuffle(&order)
    return order.map { clusters[$0][random.below(clusters[$0].count)] }
  }
}
