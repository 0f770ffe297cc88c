import Foundation
import ItineraryCore
import ItineraryJSON
import Testing

@testable import ItineraryPlanning

/// The quick reader of request lines reads what `JSONDecoder` reads, or
/// leaves the line to it: never another request, never a line it refuses.
@Suite struct ScannedJSONTests {
  @Test func readsStrictJSON() {
    let text =
      #" {"a": [1, -0.5e+3, true, false, null], "b\u00e9\"": "x\ny\ud83d\ude00\/", "c": {}} "#
    let expected: ScannedJSON = .object([
      "a": .array([.number("1"), .number("-0.5e+3"), .bool(true), .bool(false), .null]),
      "bé\"": .string("x\ny😀/"),
      "c": .object([:]),
    ])
    #expect(ScannedJSON.scan(Data(text.utf8)) == expected)
    #expect(ScannedJSON.scan(Data("[[],[[]]]".utf8)) == .array([.array([]), .array([.array([])])]))
  }

  @Test(arguments: [
    "", " ", "{", "{}}", "{\"a\":1,}", "[1 2]", "[1,]", "{\"a\" 1}", "{a:1}", "01", "1.", "-",
    ".5", "1e", "+1", "tru", "nul", "\"\\ud800\"", "\"\\udc00\"", "\"\\u12\"", "\"\\x\"",
    "\"a\tb\"", "\"open", "{\"a\":1,\"a\":2}", "{} {}", "NaN",
    String(repeating: "[", count: 20) + String(repeating: "]", count: 20),
  ])
  func givesUpOnWhatItDoesNotRead(_ text: String) {
    #expect(ScannedJSON.scan(Data(text.utf8)) == nil, "\(text)")
  }

  @Test func givesUpOnBytesThatAreNotUTF8() {
    #expect(ScannedJSON.scan(Data([0x22, 0xC3, 0x28, 0x22])) == nil)
    #expect(ScannedJSON.scan(Data([0x22, 0xC3, 0xA9, 0x22])) == .string("é"))
  }

  @Test func numbersAreReadAsTheirFieldsType() {
    #expect(ScannedJSON.number("42").integer == 42)
    #expect(ScannedJSON.number("4.0").integer == nil)
    #expect(ScannedJSON.number("1e2").integer == nil)
    #expect(ScannedJSON.number("99999999999999999999").integer == nil)
    #expect(ScannedJSON.number("1e2").double == 100)
    #expect(ScannedJSON.number("1e400").double == nil)
    #expect(ScannedJSON.number("-0").double?.sign == .minus)
  }

  /// Random request lines, right and wrong, and random edits of them: each
  /// one the quick reader reads must be a line `JSONDecoder` reads to the
  /// same `id` and request.
  @Test func quickLinesAreReadAsTheDecoderReadsThem() throws {
    let seed: UInt64 = 20_261_202
    print("ScannedJSONTests seed \(seed)")
    var generator = SplitMix64(seed: seed)
    var quick = 0
    var full = 0
    for _ in 0..<3_000 {
      var line = RandomRequestLine.make(using: &generator)
      if Int.random(in: 0..<4, using: &generator) == 0 {
        line = RandomRequestLine.edit(line, using: &generator)
      }
      let data = Data(line.utf8)
      guard let (id, request) = JSONRequest.quickly(data) else {
        full += 1
        continue
      }
      quick += 1
      let decoded = JSONRequest.decodeInFull(data, source: "line")
      #expect(decoded.id == id, "\(line)")
      switch (request, try? decoded.request.get()) {
      case (.plan(let read), .plan(let expected)?), (.explore(let read), .explore(let expected)?):
        #expect(read == expected, "\(line)")
      default:
        Issue.record("read otherwise than the decoder reads it: \(line)")
      }
    }
    #expect(quick > 500)
    #expect(full > 500)
  }

  /// Every key a request knows is one the quick reader reads.
  @Test func everyKeyIsReadTheQuickWay() {
    var generator = SplitMix64(seed: 99)
    for key in PlanRequest.keys {
      let read = (0..<40).contains { _ in
        let value = RandomRequestLine.value(for: key, using: &generator)
        return JSONRequest.quickly(Data("{\"plan\":{\"\(key)\":\(value)}}".utf8)) != nil
          && value != "null"
      }
      #expect(read, "\(key)")
    }
  }

  /// The server's bodies: the same request or the same error as reading
  /// them through `JSONSerialization`.
  @Test func bodiesAreReadAsBefore() {
    let seed: UInt64 = 4_711
    print("ScannedJSONTests bodies seed \(seed)")
    var generator = SplitMix64(seed: seed)
    var read = 0
    for _ in 0..<1_000 {
      var body = RandomRequestLine.body(using: &generator)
      if Bool.random(using: &generator) { body = RandomRequestLine.edit(body, using: &generator) }
      let data = Data(body.utf8)
      let quick = Result { () throws(ItineraryError) in
        try JSONRequest.plan(body: data, source: "body")
      }
      let before = Result { () throws(ItineraryError) in
        try JSONRequest.plan(JSONRequest.parse(data, source: "body"), source: "body")
      }
      switch (quick, before) {
      case (.success(let request), .success(let expected)):
        read += 1
        #expect(request == expected, "\(body)")
      case (.failure(let error), .failure(let expected)):
        #expect(error.message == expected.message, "\(body)")
      default:
        Issue.record("read otherwise than before: \(body)")
      }
    }
    #expect(read > 200)
  }
}

/// Plan request lines with every key, mostly of the right type.
private enum RandomRequestLine {
  static func make(using generator: inout SplitMix64) -> String {
    let kind = ["plan", "explore", "plan", "instance"].draw(&generator)
    var outer = ["\"\(kind)\":" + body(using: &generator)]
    if Bool.random(using: &generator) {
      let ids = [
        "7", "-3", "\"a\"", "null", "true", "1.0", "1e2", "[1]", "{\"x\":1}", "\"\\u00e9\"",
      ]
      outer.append("\"id\":" + ids.draw(&generator))
    }
    if Int.random(in: 0..<20, using: &generator) == 0 { outer.append("\"explore\":{}") }
    outer.shuffle(using: &generator)
    return space(&generator) + "{" + outer.joined(separator: ",") + "}" + space(&generator)
  }

  /// A plan request object.
  static func body(using generator: inout SplitMix64) -> String {
    var members: [String] = []
    let keys = PlanRequest.keys + ["unknownKey"]
    for key in keys where Int.random(in: 0..<8, using: &generator) == 0 || key == "categories" {
      members.append("\"\(key)\":\(value(for: key, using: &generator))")
    }
    return "{\(members.joined(separator: space(&generator) + ","))}"
  }

  /// Deletes, doubles or changes one character.
  static func edit(_ line: String, using generator: inout SplitMix64) -> String {
    var characters = Array(line)
    let at = Int.random(in: 0..<characters.count, using: &generator)
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: characters.remove(at: at)
    case 1: characters.insert(characters[at], at: at)
    default: characters[at] = Array("{}[]\",:0-.e\\ n").draw(&generator)
    }
    return String(characters)
  }

  private static func space(_ generator: inout SplitMix64) -> String {
    ["", "", " ", "\n\t "].draw(&generator)
  }

  static func value(for key: String, using generator: inout SplitMix64) -> String {
    let odd = [
      "null", "true", "0", "-0", "2.5", "1e2", "1E-2", "12345678901234567890", "\"text\"", "[]",
      "{}", "\"\\u00e9\\n\"",
    ]
    if Int.random(in: 0..<20, using: &generator) == 0 {
      return odd.draw(&generator)
    }
    func number() -> String {
      [
        "\(Double.random(in: -200...200, using: &generator))",
        "\(Int.random(in: -5...500, using: &generator))",
        "60.1699", "1e1",
      ].draw(&generator)
    }
    switch key {
    case "categories":
      let words = ["restaurant", "park", "art", "café", "museum", "b\\u0061r"].shuffled(
        using: &generator)
      return "["
        + words.prefix(Int.random(in: 0...3, using: &generator)).map { "\"\($0)\"" }
        .joined(separator: ",") + "]"
    case "at":
      let extra = Bool.random(using: &generator) ? "" : ",\"alt\":3"
      return
        "{\"lat\":\(number()),\"lon\":\(number())\(Int.random(in: 0..<4, using: &generator) == 0 ? extra : "")}"
    case "avoid", "must":
      return ["[]", "[\"Kiasma\"]", "[\"node/1\",\"Ateneum\"]", "[1]"].draw(&generator)
    case "near", "start", "end", "tz", "cuisine", "base", "endAt":
      return ["\"Senate Square\"", "\"2026-12-01 14:00\"", "\"18:00\"", "\"Europe/Helsinki\""]
        .draw(&generator)
    case "provider":
      return ["\"embedded\"", "\"city:x\"", "\"city:\"", "\"yelp\"", "\"nope\""].draw(&generator)
    case "mode": return ["\"walk\"", "\"bike\"", "\"fly\""].draw(&generator)
    case "distances":
      return ["\"straight\"", "\"osrm\"", "\"road\""].draw(&generator)
    case "units": return ["\"metric\"", "\"imperial\""].draw(&generator)
    case "unknownHours":
      return ["\"open\"", "\"closed\"", "\"maybe\""].draw(&generator)
    case "pace": return ["\"relaxed\"", "\"normal\"", "\"packed\"", "\"slow\""].draw(&generator)
    case "dwell": return "{\"museum\":\(number()),\"*\":\(number())}"
    case "day":
      return "[{\"start\":\"2026-12-01 10:00\",\"end\":\"18:00\"}"
        + (Bool.random(using: &generator)
          ? ",{\"start\":\"2026-12-02 10:00\",\"end\":\"17:00\"}" : "")
        + "]"
    case "perCategory", "top", "seed", "days", "maxPerCategory", "price":
      return "\(Int.random(in: -2...60, using: &generator))"
    case "noCache", "refresh", "allowPartial", "exact", "diverse", "roundTrip", "anyOrder",
      "verify", "openNow", "anytime", "photos", "meals":
      return Bool.random(using: &generator) ? "true" : "false"
    default: return number()
    }
  }
}

extension Array {
  /// An element drawn with `generator`; the arrays drawn from here are
  /// never empty.
  fileprivate func draw(_ generator: inout SplitMix64) -> Element {
    self[Int.random(in: indices, using: &generator)]
  }
}
