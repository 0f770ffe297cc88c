import Foundation
import ItineraryCore
import Testing

/// `complete`, against a plain scan of the vocabulary and the places.
@Suite struct CompleteCommandTests {
  /// The words of a name as the index sees them: letters and digits,
  /// lower case, without accents.
  static func words(_ text: String) -> [String] {
    FindingOracle.fold(text).split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }

  /// Whether a run of the name's words is the prefix's words, the last as a prefix.
  static func completes(_ name: String, _ prefix: String) -> Bool {
    let name = words(name)
    let typed = words(prefix)
    guard !typed.isEmpty, name.count >= typed.count else { return false }
    return (0...(name.count - typed.count)).contains { start in
      typed.indices.allSatisfy { index in
        let word = name[start + index]
        return index == typed.count - 1 ? word.hasPrefix(typed[index]) : word == typed[index]
      }
    }
  }

  static func scan(_ prefix: String, limit: Int) -> [String] {
    let categories = CategoryVocabulary.standard.categories.map(\.name).filter {
      completes($0, prefix)
    }
    let places = FindingOracle.places.filter { completes($0.name, prefix) }.sorted { a, b in
      (-FindingOracle.score(a), a.name, a.id) < (-FindingOracle.score(b), b.name, b.id)
    }.map(\.name)
    return Array((categories + places).prefix(limit))
  }

  @Test(arguments: ["kais", "rex", "amos r", "cafe", "CAFÉ", "mu", "r", "helsingin k"])
  func completionsAreThoseOfAPlainScan(_ prefix: String) throws {
    for limit in [1, 5, 50] {
      let run = CommandRun(["complete", prefix, "--limit", "\(limit)", "--format", "json"])
      #expect(run.status == 0, "\(run.stderr)")
      let list = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
      #expect(list.compactMap { $0["text"] as? String } == Self.scan(prefix, limit: limit))
    }
  }

  @Test func kaisFindsKaisaniemenPuistoAndRexFindsAmosRex() {
    #expect(CommandRun(["complete", "kais"]).stdout.contains("Kaisaniemen puisto"))
    #expect(CommandRun(["complete", "rex"]).stdout.contains("Amos Rex"))
  }

  @Test(arguments: [["complete"], ["complete", ""], ["complete", "  "]])
  func anEmptyPrefixIsBadUsage(_ arguments: [String]) {
    let run = CommandRun(arguments)
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("empty") == true)
  }

  @Test(arguments: ["0", "51", "-1"]) func aLimitOutsideOneToFiftyIsBadUsage(_ limit: String) {
    let run = CommandRun(["complete", "ka", "--limit", limit])
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("1...50") == true, "\(run.stderr)")
  }
}
