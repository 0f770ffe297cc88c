import Foundation
import ItineraryCore
import ItineraryJSON
import Testing

/// A value of every kind of member `CompactJSON` writes, each optional.
private struct Sample: CompactJSONWritable {
  struct Inner: CompactJSONWritable {
    var name: String?
    var values: [Double]?

    func write(to json: inout CompactJSON) {
      json.member("name", name)
      json.member("values", encoding: values)
    }
  }

  var count: Int?
  var counts: [String: Int]?
  var flag: Bool?
  var inner: Inner?
  var inners: [Inner]?
  var number: Double?
  var numbers: [String: Double]?
  var path: [[Double]]?
  var text: String?
  var words: [String]?

  func write(to json: inout CompactJSON) {
    json.member("count", count)
    json.member("counts", counts)
    json.member("flag", flag)
    json.member("inner", inner)
    json.member("inners", inners)
    json.member("number", number)
    json.member("numbers", numbers)
    json.member("path", path)
    json.member("text", text)
    json.member("words", words)
  }
}

/// Values that write their own JSON write JSONEncoder's bytes, compact and
/// pretty-printed, whichever members they have.
@Suite struct CompactJSONTests {
  /// Strings with what JSON escapes and what laying it out looks for.
  static let strings = [
    "", "plain", "{[,:]}", "quote \" and \\", "\\\"{", "a/slash", "tab\t\n", "Käpylä ☕️",
  ]
  static let numbers: [Double] = [0, -0.0, 1, 0.1, 1e-05, 60.1662067, 1e21, 2.5, -7]

  fileprivate static func sample(using generator: inout SplitMix64) -> Sample {
    func maybe<T>(_ make: () -> T) -> T? {
      Bool.random(using: &generator) ? make() : nil
    }
    func string() -> String { strings[Int.random(in: 0..<strings.count, using: &generator)] }
    func number() -> Double { numbers[Int.random(in: 0..<numbers.count, using: &generator)] }
    func many<T>(_ make: () -> T) -> [T] {
      (0..<Int.random(in: 0...3, using: &generator)).map { _ in make() }
    }
    func inner() -> Sample.Inner {
      Sample.Inner(name: maybe(string), values: maybe { many(number) })
    }
    return Sample(
      count: maybe { Int.random(in: -5...5, using: &generator) },
      counts: maybe { Dictionary(many { (string(), 3) }, uniquingKeysWith: max) },
      flag: maybe { Bool.random(using: &generator) }, inner: maybe(inner),
      inners: maybe { many(inner) }, number: maybe(number),
      numbers: maybe { Dictionary(many { (string(), number()) }, uniquingKeysWith: max) },
      path: maybe { many { many(number) } }, text: maybe(string), words: maybe { many(string) })
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func writesWhatJSONEncoderWrites(seed: UInt64) throws {
    print("CompactJSONTests seed \(seed)")
    var generator = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let sample = Self.sample(using: &generator)
      try SortedJSONEncoderTests.expectSameBytes(sample)
      try SortedJSONEncoderTests.expectSameBytes(["nested": [sample, sample], "empty": []])
    }
  }

  @Test func aNumberThatIsNotFiniteIsRefusedAsJSONEncoderRefusesIt() {
    for broken in [
      Sample(number: .infinity), Sample(numbers: ["a": .nan]), Sample(path: [[1, .infinity]]),
      Sample(inner: Sample.Inner(values: [.nan])),
    ] {
      var bytes: [UInt8] = [1, 2]
      #expect(!CompactJSON.append(broken, to: &bytes))
      #expect(bytes == [1, 2])
      for pretty in [false, true] {
        #expect(throws: EncodingError.self) { try SortedJSONEncoder.encode(broken, pretty: pretty) }
      }
    }
  }
}
