import Foundation
import ItineraryCore

extension Workloads {
  /// `count` seeded random places in a square of `sideKm` around central
  /// Helsinki, named with one to three made-up words (Finnish-like
  /// syllables, some with accents), with random ratings so that their scores
  /// differ.
  static func places(count: Int, sideKm: Double, seed: UInt64) -> [Place] {
    var generator = SplitMix64(seed: seed)
    let centre = Coordinate(lat: 60.17, lon: 24.94)
    let latSpan = sideKm / 111.195
    let lonSpan = latSpan / cos(centre.lat * .pi / 180)
    let categories = CategoryVocabulary.standard.categories.map(\.name)
    return (0..<count).map { index in
      let words = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        word(using: &generator)
      }
      return Place(
        id: "bench/\(index)", name: words.joined(separator: " "),
        categories: [categories[Int.random(in: 0..<categories.count, using: &generator)]],
        coordinate: Coordinate(
          lat: centre.lat + Double.random(in: -0.5...0.5, using: &generator) * latSpan,
          lon: centre.lon + Double.random(in: -0.5...0.5, using: &generator) * lonSpan),
        rating: Double(Int.random(in: 20...50, using: &generator)) / 10,
        reviewCount: Int.random(in: 0...500, using: &generator))
    }
  }

  private static let syllables = [
    "ka", "lo", "mi", "nen", "puis", "to", "ra", "ta", "sa", "ni", "ke", "ri", "vää", "jä", "hel",
    "sin", "ki", "ne", "ru", "ko", "lah", "ti", "mä", "ki", "tö", "lö", "kal", "lio", "es", "pa",
  ]

  /// A word of two to four syllables, capitalized.
  static func word(using generator: inout SplitMix64) -> String {
    let word = (0..<Int.random(in: 2...4, using: &generator)).map { _ in
      syllables[Int.random(in: 0..<syllables.count, using: &generator)]
    }.joined()
    return word.prefix(1).uppercased() + word.dropFirst()
  }
}
