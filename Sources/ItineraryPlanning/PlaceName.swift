import ItineraryCore

/// A place a person names in a request (`plan "Kiasma > cafe"`, `--avoid
/// Ateneum`): found offline among the city's places by id or by name,
/// ignoring case and accents and forgiving a small typo (`atenum` is
/// Ateneum), so that a plan can be shaped around places the person knows.
enum PlaceName {
  /// The places `word` names, best tier only: the place with that id; else
  /// those whose name is the word; else those whose name starts with it;
  /// else those with a word of the name starting with it.
  ///
  /// - Complexity: O(n * (m + L)) for n places with names of length L and a
  ///   word of length m.
  static func named(_ word: String, in places: [Place]) -> [Place] {
    if let place = places.first(where: { $0.id == word }) { return [place] }
    let wanted = TextMatch.fold(word)
    guard !wanted.isEmpty else { return [] }
    let names = places.map { TextMatch.fold($0.name) }
    let exact = places.indices.filter { names[$0] == wanted }
    if !exact.isEmpty { return exact.map { places[$0] } }
    let prefixed = places.indices.filter { names[$0].hasPrefix(wanted) }
    if !prefixed.isEmpty { return prefixed.map { places[$0] } }
    return places.indices.filter { index in
      names[index].split(separator: " ").contains { $0.hasPrefix(wanted) }
    }.map { places[$0] }
  }

  /// The places whose name, or a word of it, is fewest edits from `word`:
  /// at most one edit per four letters, for words of four letters or more;
  /// of those as near, the ones whose whole name is.
  ///
  /// - Complexity: O(n * m * L) for n places with names of length L and a
  ///   word of length m.
  static func nearlyNamed(_ word: String, in places: [Place]) -> [Place] {
    let wanted = TextMatch.fold(word)
    let tolerance = wanted.count / 4
    guard tolerance > 0 else { return [] }
    let names = places.map { TextMatch.fold($0.name) }
    let letters = Array(wanted)
    // Twice the edits, plus one when only a word of the name is that near.
    var best = (distance: 2 * tolerance + 2, places: [Int]())
    for index in places.indices {
      let whole = NearestWord.editDistance(letters, Array(names[index]))
      let word =
        names[index].split(separator: " ").map { NearestWord.editDistance(letters, Array($0)) }
        .min() ?? whole
      let distance = min(2 * whole, 2 * word + 1)
      if distance < best.distance {
        best = (distance, [index])
      } else if distance == best.distance {
        best.places.append(index)
      }
    }
    return best.places.map { places[$0] }
  }

  /// The one place `word` names (`named`, else `nearlyNamed`).
  ///
  /// - Parameter role: what the word is for in messages (`stop`, `--avoid`).
  /// - Throws: `.usage` when the word names several places, listing them
  ///   with their ids, or none, suggesting the nearest names.
  /// - Complexity: that of `nearlyNamed`.
  static func resolve(_ word: String, role: String, in places: [Place]) throws(ItineraryError)
    -> Place
  {
    var found = named(word, in: places)
    if found.isEmpty { found = nearlyNamed(word, in: places) }
    if found.count == 1 { return found[0] }
    if found.isEmpty {
      throw ItineraryError(
        .usage,
        "\(role): no place of the city is called '\(word)'"
          + NearestWord.hint(word, among: places.map(\.name)))
    }
    let shown = found.prefix(maxListed).map { "\($0.name) (\($0.id))" }
    let more = found.count > maxListed ? ", and \(found.count - maxListed) more" : ""
    throw ItineraryError(
      .usage,
      "\(role): '\(word)' names \(found.count) places: \(shown.joined(separator: ", "))\(more); "
        + "give one of the ids")
  }

  /// The names of the `limit` places nearest `word` in edits, whatever their
  /// distance, nearest first (ties by name), for a message about a word
  /// that names nothing.
  ///
  /// - Complexity: O(n * m * L + n log n) for n places with names of length L.
  static func nearest(_ word: String, in places: [Place], limit: Int = 3) -> [String] {
    let letters = Array(TextMatch.fold(word))
    let names = Set(places.map(\.name))
    return names.map { name in
      (name: name, edits: NearestWord.editDistance(letters, Array(TextMatch.fold(name))))
    }
    .sorted { ($0.edits, $0.name) < ($1.edits, $1.name) }.prefix(limit).map(\.name)
  }

  /// How many candidates a message about an ambiguous name lists.
  static let maxListed = 6
}
