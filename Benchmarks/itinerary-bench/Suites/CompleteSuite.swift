import Foundation
import ItineraryCore
import ItineraryStore

extension Suite {
  /// Search-as-you-type over 100,000 place names (FTS5 prefix index):
  /// 50 words of random names typed a letter at a time, each keystroke one
  /// completion of up to 10 names. One record per prefix length.
  static func complete(_ bench: inout Bench) throws {
    let count = bench.options.quick ? 10_000 : completeNames
    let seed: UInt64 = 0xC0_4D1E7E
    let started = ClockReading.now()
    let index = try PlacesIndex(
      places: Workloads.places(count: count, sideKm: 30, seed: seed))
    bench.note(
      "built the index of \(count) names in \(Suite.format(ClockReading.now().wall - started.wall)) s (seed \(seed))"
    )
    var generator = SplitMix64(seed: seed &+ 1)
    let words = (0..<50).map { _ in
      let name = index.places[Int.random(in: 0..<index.places.count, using: &generator)].name
      let words = name.split(separator: " ")
      return String(words[Int.random(in: 0..<words.count, using: &generator)]).lowercased()
    }
    for letters in 1...6 {
      let prefixes = words.map { String($0.prefix(letters)) }
      try bench.measure(
        series: "\(count) names", solver: "fts5-complete", n: letters,
        parameters: ["names": "\(count)", "limit": "10", "seed": "\(seed)"],
        work: { ["keystrokes": prefixes.count, "completions": $0] }
      ) {
        try prefixes.reduce(0) { $0 + (try index.complete(prefix: $1, limit: 10).count) }
      }
    }
  }

  /// The names the full suite indexes: the figure.
  static let completeNames = 100_000
}
