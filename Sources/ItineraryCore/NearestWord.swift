/// The known word nearest a misspelt one, for messages that suggest it
/// ("unknown category 'resturant' (did you mean restaurant?)").
public enum NearestWord {
  /// The candidate with the fewest edits from `word` (ignoring case), when
  /// it is close enough to be a likely typo: at most a third of its length.
  ///
  /// - Complexity: O(c * m * n) for c candidates of length n, a word of length m.
  public static func suggest(_ word: String, among candidates: [String]) -> String? {
    let word = Array(word.lowercased())
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(word, Array(candidate.lowercased()))
      if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(1, best.candidate.count / 3) else { return nil }
    return best.candidate
  }

  /// ` (did you mean X?)`, or nothing when no candidate is close.
  public static func hint(_ word: String, among candidates: [String], prefix: String = "")
    -> String
  {
    suggest(word, among: candidates).map { " (did you mean \(prefix)\($0)?)" } ?? ""
  }

  /// Edit distance counting insertions, deletions, substitutions and swaps
  /// of two neighbours as one edit each (optimal string alignment), so that
  /// `tpo` is one edit from `top`.
  ///
  /// - Complexity: O(m * n) time and memory.
  public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
