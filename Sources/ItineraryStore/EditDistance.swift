/// The Levenshtein distance between two strings, in characters, and the
/// near matches it finds, for "did you mean" in messages.
enum EditDistance {
  /// The fewest single-character insertions, deletions and substitutions
  /// that turn `a` into `b`, ignoring case.
  ///
  /// - Complexity: O(|a| * |b|) time, O(|b|) memory.
  static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    var previous = Array(0...b.count)
    var current = previous
    for (i, x) in a.enumerated() {
      current[0] = i + 1
      for (j, y) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The candidates within a third of `word`'s length (at least 2 edits) of
  /// it, closest first, at most `limit` of them.
  ///
  /// - Complexity: O(c * |word| * L) for c candidates of length at most L.
  static func nearMatches(of word: String, in candidates: [String], limit: Int = 3) -> [String] {
    let tolerance = max(2, word.count / 3)
    return candidates.map { (name: $0, distance: between(word, $0)) }
      .filter { $0.distance <= tolerance }
      .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
      .prefix(limit).map(\.name)
  }
}
