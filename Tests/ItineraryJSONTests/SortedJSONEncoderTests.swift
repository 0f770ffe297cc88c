import Foundation
import ItineraryCore
import ItineraryJSON
import ItineraryPlanning
import Testing

/// The encoder writes JSONEncoder's bytes (sorted keys, slashes unescaped,
/// compact or pretty-printed) for responses and for awkward values, and
/// JSONEncoder's errors for what it cannot write.
@Suite struct SortedJSONEncoderTests {
  static func reference<Value: Encodable>(_ value: Value, pretty: Bool) throws -> Data {
    try SortedJSONEncoder.foundationEncoder(pretty: pretty).encode(value)
  }

  static func expectSameBytes<Value: Encodable>(_ value: Value) throws {
    for pretty in [false, true] {
      let written = try SortedJSONEncoder.encode(value, pretty: pretty)
      let expected = try reference(value, pretty: pretty)
      #expect(
        written == expected,
        "\(String(decoding: written, as: UTF8.self)) is not \(String(decoding: expected, as: UTF8.self))"
      )
    }
  }

  @Test func plansOfTheEmbeddedCity() throws {
    let pipeline = PlanningPipeline(environment: [:])
    for (categories, start) in [
      (["restaurant", "park", "museum"], "2026-12-01 14:00"),
      (["cafe", "bar", "art"], "2026-03-29 02:30"),
    ] {
      var request = PlanRequest(categories: categories)
      request.start = start
      request.unknownHours = .open
      request.roundTrip = true
      try Self.expectSameBytes(try pipeline.plan(request))
      request.anytime = true
      request.start = nil
      request.unknownHours = nil
      request.exact = true
      try Self.expectSameBytes(try pipeline.plan(request))
    }
  }

  @Test func awkwardValues() throws {
    let strings = [
      "", "plain", "quote \" and backslash \\", "a/slash", "tab\tnew\nline\rreturn",
      "\u{08}\u{0C}\u{00}\u{01}\u{1F}\u{7F}", "Käpylä ☕️ 東京", "emoji 👩‍👩‍👧",
    ]
    let numbers: [Double] = [
      0, -0.0, 1, -1, 0.1, 1e-05, 1.5e300, .leastNonzeroMagnitude, 123_456_789_012_345_680, 1e21,
      2.5,
      .greatestFiniteMagnitude,
    ]
    let value = JSONValue.object([
      "strings": .array(strings.map(JSONValue.string)),
      "numbers": .array(numbers.map(JSONValue.number)),
      "integers": .array([.integer(0), .integer(Int.min), .integer(Int.max)]),
      "empty object": .object([:]), "empty array": .array([]), "null": .null,
      "flags": .array([.bool(true), .bool(false)]),
      "Zebra": .string("capital before lower case"), "a10": .integer(10), "a9": .integer(9),
      "é": .string("not ASCII"), "nested": .object(["b": .array([.object([:]), .array([])])]),
      // Keys alike in their first eight bytes, and with NUL bytes.
      "distanceKm": .integer(1), "distances": .integer(2), "distance": .integer(3),
      "a\u{0}b": .integer(4), "a\u{0}": .integer(5), "a": .integer(6), "": .integer(7),
    ])
    try Self.expectSameBytes(value)
    try Self.expectSameBytes(["top": [1.0, 2.5], "also": [Double]()])
    try Self.expectSameBytes([String: Int]())
    try Self.expectSameBytes("just a string")
    try Self.expectSameBytes(["b": Date(timeIntervalSince1970: 1e9)])
    try Self.expectSameBytes(["url": URL(string: "https://example.com/a b")])
  }

  /// A stop of the given fields, through its decoder.
  static func stop(_ fields: [String: Any]) throws -> PlanResponse.Stop {
    try JSONDecoder().decode(
      PlanResponse.Stop.self, from: JSONSerialization.data(withJSONObject: fields))
  }

  /// Stops write their own JSON inside a response: the bytes of their
  /// `Encodable` form, whichever fields are present.
  @Test(arguments: [UInt64(1), 2, 3])
  func stopsWriteWhatTheirEncodableFormWrites(seed: UInt64) throws {
    print("stop JSON seed \(seed)")
    var generator = SplitMix64(seed: seed)
    let strings = ["", "Kaivokatu 2", "quote \" and \\ and \n", "Käpylä ☕️", "a/slash", "node/1"]
    let numbers: [Double] = [0, -0.0, 1, 0.1, 1e-05, 60.1662067, 761.9044856391821, 1e21, 2.5]
    for _ in 0..<100 {
      func string() -> String { strings.randomElement(using: &generator) ?? "" }
      func number() -> Double { numbers.randomElement(using: &generator) ?? 0 }
      var fields: [String: Any] = [
        "id": string(), "name": string(), "category": string(), "lat": number(),
        "lon": number(), "score": number(), "legKm": number(), "legMinutes": number(),
      ]
      for key in [
        "address", "openingHours", "photoURL", "arrive", "begin", "leave", "directions",
      ]
      where Bool.random(using: &generator) {
        fields[key] = string()
      }
      if Bool.random(using: &generator) { fields["waitMinutes"] = number() }
      if Bool.random(using: &generator) { fields["hoursKnown"] = Bool.random(using: &generator) }
      if Bool.random(using: &generator) {
        fields["legPath"] = (0..<3).map { _ in [number(), number()] }
      }
      let stop = try Self.stop(fields)
      try Self.expectSameBytes(["stops": [stop, stop]])
    }
  }

  /// A stop's own JSON names every stored field of a stop.
  @Test func aStopWritesEveryField() throws {
    let stop = try Self.stop([
      "id": "a", "name": "b", "category": "c", "lat": 1, "lon": 2, "score": 3, "legKm": 4,
      "legMinutes": 5, "address": "d", "openingHours": "e", "photoURL": "f", "arrive": "g",
      "begin": "h", "leave": "i", "waitMinutes": 6, "hoursKnown": true, "afterDark": true,
      "dwellMinutes": 7, "directions": "j",
      "scoreSource": "map", "kind": "tourism=museum", "legPath": [[2.5, 1.5], [2, 1]],
      "photos": [
        [
          "id": "commons:1", "url": "u", "thumbnail": "t", "width": 4, "height": 3, "author": "a",
          "licence": "CC0", "attribution": "a, CC0, via Wikimedia Commons", "source": "commons",
        ]
      ],
    ])
    let written = try JSONSerialization.jsonObject(with: SortedJSONEncoder.encode([stop]))
    let keys = try #require((written as? [[String: Any]])?.first).keys
    #expect(Set(keys) == Set(Mirror(reflecting: stop).children.compactMap(\.label)))
  }

  /// Responses of every kind write their own JSON: a trip of days with a
  /// bound a category, an empty trip and its reason, verified plans.
  @Test func responsesOfEveryKind() throws {
    let pipeline = PlanningPipeline(environment: [:])
    var explore = PlanRequest(categories: ["museum", "cafe"])
    explore.start = "2026-12-01 13:00"
    explore.end = "2026-12-01 18:00"
    explore.maxPerCategory = 2
    try Self.expectSameBytes(try pipeline.explore(explore))
    explore.categories = ["museum"]
    explore.start = "2026-12-01 23:30"
    explore.end = "2026-12-01 23:40"
    let none = try pipeline.explore(explore)
    #expect(none.reason != nil)
    try Self.expectSameBytes(none)
    var verified = PlanRequest(categories: ["cafe", "park"])
    verified.anytime = true
    verified.verify = true
    verified.top = 3
    let checked = try pipeline.plan(verified)
    #expect(checked.verify != nil)
    try Self.expectSameBytes(checked)
  }

  /// The keys of a JSON object, as written by the encoder.
  static func keys(_ object: Any?) throws -> Set<String> {
    Set(try #require(object as? [String: Any]).keys)
  }

  static func labels(_ value: Any) -> Set<String> {
    Set(Mirror(reflecting: value).children.compactMap(\.label))
  }

  /// A response's own JSON names every stored field of every type it holds.
  @Test func aResponseWritesEveryField() throws {
    var request = PlanRequest(categories: ["cafe", "park"])
    request.start = "2026-12-01 14:00"
    request.roundTrip = true
    var fields = try #require(
      JSONSerialization.jsonObject(
        with: SortedJSONEncoder.encode(PlanningPipeline(environment: [:]).plan(request)))
        as? [String: Any])
    let plan = try #require((fields["plans"] as? [[String: Any]])?.first)
    let stop = try #require((plan["stops"] as? [[String: Any]])?.first)
    fields["days"] = [
      [
        "start": "a", "end": "b", "stops": [stop], "finish": "c", "distanceKm": 1,
        "durationMinutes": 2, "returnKm": 3, "returnMinutes": 4, "waitMinutes": 5, "objective": 6,
        "returnPath": [[1, 2], [3, 4]],
      ]
    ]
    fields["objective"] = 1
    fields["maxPerCategory"] = 2
    fields["reason"] = "why"
    fields["shaping"] = ["worthByTime": true, "meals": 2, "mealBonus": 20, "varietyPenalty": 1.5]
    fields["provider"] = ["id": "p", "description": "d", "places": 3]
    fields["verify"] = [
      "solver": "glpk", "objective": 1, "agrees": true, "status": "agreed", "note": "n",
    ]
    let response = try JSONDecoder().decode(
      PlanResponse.self, from: JSONSerialization.data(withJSONObject: fields))
    let written = try #require(
      JSONSerialization.jsonObject(with: SortedJSONEncoder.encode(response)) as? [String: Any])
    #expect(try Self.keys(written) == Self.labels(response))
    let writtenPlan = try #require((written["plans"] as? [Any])?.first)
    #expect(try Self.keys(writtenPlan) == Self.labels(try #require(response.plans.first)))
    let writtenDay = try #require((written["days"] as? [Any])?.first)
    #expect(try Self.keys(writtenDay) == Self.labels(try #require(response.days?.first)))
    #expect(try Self.keys(written["time"]) == Self.labels(try #require(response.time)))
    #expect(try Self.keys(written["solver"]) == Self.labels(response.solver))
    #expect(try Self.keys(written["verify"]) == Self.labels(try #require(response.verify)))
    #expect(try Self.keys(written["provider"]) == Self.labels(try #require(response.provider)))
    #expect(try Self.keys(written["origin"]) == Self.labels(response.origin))
    #expect(try Self.keys(written["shaping"]) == Self.labels(try #require(response.shaping)))
    try Self.expectSameBytes(response)
    var broken = response
    broken.plans[0].stops[0].legKm = .infinity
    #expect(throws: EncodingError.self) { try SortedJSONEncoder.encode(broken) }
  }

  /// Every field of a plan request, each with a value it decodes.
  static var requestFields: [String: Any] {
    [
      "categories": ["cafe", "park"], "at": ["lat": 60.17, "lon": 24.94], "near": "Kamppi",
      "provider": "overpass", "perCategory": 20, "noCache": true, "refresh": false,
      "allowPartial": true, "connectTimeout": 2.5, "timeout": 10, "top": 3, "exact": true,
      "diverse": false, "roundTrip": true, "anyOrder": false, "mode": "bike", "speed": 12.5,
      "distances": "osrm", "distanceWeight": 0.25, "radius": 1.5, "units": "imperial",
      "verify": true, "verifyTimeLimit": 5, "timeLimit": 0.5, "seed": 42, "memoryLimit": 64,
      "start": "2026-12-01 14:00", "end": "18:00", "tz": "Europe/Helsinki",
      "dwell": ["cafe": 20, "park": 0.5, "Käpylä \"x\"": 1e-05], "waitWeight": 0.02,
      "unknownHours": "closed", "openNow": true, "anytime": false, "days": 2,
      "day": [["start": "2026-12-02 10:00", "end": "16:00"]], "maxPerCategory": 1,
      "maxWaitMinutes": 30, "pace": "relaxed", "meals": false, "cuisine": "pizza", "price": 2,
      "photos": true, "avoid": ["Kiasma", "node/1"], "base": "60.17,24.94",
      "endAt": "Rautatientori", "must": ["Ateneum", "node/2"],
    ]
  }

  /// A request echoed in an answer writes the bytes of its `Encodable`
  /// form, whichever fields it has, and names every stored field.
  @Test(arguments: [UInt64(1), 2, 3])
  func requestsWriteWhatTheirEncodableFormWrites(seed: UInt64) throws {
    print("request JSON seed \(seed)")
    var generator = SplitMix64(seed: seed)
    let all = try JSONDecoder().decode(
      PlanRequest.self, from: JSONSerialization.data(withJSONObject: Self.requestFields))
    let written = try JSONSerialization.jsonObject(
      with: SortedJSONEncoder.encode(RequestEcho(plan: all)))
    #expect(try Self.keys((written as? [String: Any])?["plan"]) == Self.labels(all))
    for _ in 0..<50 {
      let fields = Self.requestFields.filter { key, _ in
        key == "categories" || Bool.random(using: &generator)
      }
      let request = try JSONDecoder().decode(
        PlanRequest.self, from: JSONSerialization.data(withJSONObject: fields))
      try Self.expectSameBytes(RequestEcho(plan: request))
      try Self.expectSameBytes(RequestEcho(explore: request))
    }
  }

  @Test func whatJSONEncoderRefusesIsRefusedTheSameWay() {
    let value = ["fine": 1.0, "broken": .infinity]
    #expect(throws: EncodingError.self) { try SortedJSONEncoder.encode(value) }
    do {
      _ = try SortedJSONEncoder.encode(value, pretty: true)
    } catch let EncodingError.invalidValue(_, context) {
      #expect(context.codingPath.map(\.stringValue) == ["broken"])
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
