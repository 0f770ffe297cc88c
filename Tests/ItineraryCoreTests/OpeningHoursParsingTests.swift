import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryWorkloads
import Testing

@Suite struct OpeningHoursParsingTests {
  /// The distinct `opening_hours` strings of the embedded city.
  static let embeddedCityStrings = Set(EmbeddedCity.helsinki.places.compactMap(\.openingHours))
    .sorted()

  /// The strings of the embedded city that break the syntax, with where.
  static let expectedFailures: [String: Int] = [
    "Mo-Fr 09:30 - 15:00. Lunch Mo-Fr 11:00 - 13:30": 20,  // prose after the times
    "Mo-Fr 08:00-19:00 Sa 09:00-19:00 Su 12:00-18:00": 19,  // no ';' between rules
    "We-Fr 13:00-18:00 Sa 12:00-18:00": 19,  // no ';' between rules
    "Mon - Fri 11am - 11pm, Sat 12am - 11pm, Sun 2pm - 10pm": 1,  // English words, am/pm
    "Su-Th 15-00; Fr-Sa 15-02": 9,  // hours without minutes
    "Mo-Fr 16:00-, Sa 14:00-": 13,  // no closing time
  ]

  @Test func everyStringOfTheEmbeddedCityParsesOrFailsWhereExpected() {
    let strings = OpeningHoursParsingTests.embeddedCityStrings
    var failures: [String: Int] = [:]
    for text in strings {
      do throws(OpeningHoursError) {
        _ = try OpeningHours(text)
      } catch {
        failures[text] = error.position
      }
    }
    print(
      "embedded city: \(strings.count - failures.count) of \(strings.count) distinct opening_hours strings parse"
    )
    #expect(strings.count > 200, "the hours column was not read")
    #expect(failures == OpeningHoursParsingTests.expectedFailures)
  }

  /// Every `opening_hours` value anywhere in the JSON files under `folder`.
  static func openingHoursValues(under folder: URL) throws -> Set<String> {
    func values(in json: Any) -> [String] {
      switch json {
      case let object as [String: Any]:
        return object.flatMap { key, value in
          key == "opening_hours" ? [value as? String].compactMap { $0 } : values(in: value)
        }
      case let array as [Any]: return array.flatMap(values)
      default: return []
      }
    }
    let files =
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
    return try Set(
      files.flatMap { values(in: try JSONSerialization.jsonObject(with: Data(contentsOf: $0))) })
  }

  @Test(.enabled(if: SharedData.url("api-samples") != nil))
  func everyStringOfTheSharedSamplesParses() throws {
    let folder = try #require(SharedData.url("api-samples"))
    let strings = try OpeningHoursParsingTests.openingHoursValues(under: folder)
    print("shared samples: \(strings.count) distinct opening_hours strings")
    #expect(strings.count >= 10)
    for text in strings {
      #expect(throws: Never.self, "\(text)") { try OpeningHours(text) }
    }
  }

  struct Broken: Sendable, CustomStringConvertible {
    var text: String
    var position: Int
    var expected: String
    var description: String { text }
  }

  static let broken: [Broken] = [
    Broken(text: "", position: 1, expected: "a rule such as Mo-Fr 09:00-17:00"),
    Broken(text: "   ", position: 4, expected: "a rule such as Mo-Fr 09:00-17:00"),
    Broken(text: "Mo-Fr 09:00-", position: 13, expected: "a closing time such as 17:00"),
    Broken(text: "Mo-Fr 9-17", position: 8, expected: "':' and two digits of minutes, as in 09:00"),
    Broken(text: "Mo-Fr 25:00-26:00", position: 7, expected: "an opening time from 00:00 to 23:59"),
    Broken(text: "Mo 10:00-50:00", position: 10, expected: "a closing time up to 48:00"),
    Broken(text: "Mo 10:60-12:00", position: 7, expected: "two digits of minutes from 00 to 59"),
    Broken(text: "Mo 10:00", position: 9, expected: "'-' and a closing time, as in 09:00-17:00"),
    Broken(text: "Mo 10:00+", position: 9, expected: "'-' and a closing time, as in 09:00-17:00"),
    Broken(text: "Mo-Xy 10:00-12:00", position: 4, expected: "a weekday (Mo to Su) after '-'"),
    Broken(
      text: "Mo 10:00-12:00 \"call us", position: 16, expected: "a closing '\"' for this comment"),
    Broken(text: "Feb 30 10:00-12:00", position: 5, expected: "a day of the month from 1 to 29"),
    Broken(text: "Jan- 10:00-12:00", position: 6, expected: "a month after '-'"),
    Broken(
      text: "Dec 24-20 off", position: 8, expected: "a day of the month from 24 on, or a month"),
    Broken(
      text: "Mo 10:00-12:00 Tu 12:00-14:00", position: 16,
      expected: "';', ',' or '||' before another rule"),
    Broken(
      text: "Mo-Fr 10:00-18:00 ||", position: 21,
      expected: "a rule: weekdays (Mo-Su), months (Jan-Dec), times, 24/7, off or a comment"),
    Broken(
      text: "Mo-Fr 10:00-18:00; ; Sa 10:00-12:00", position: 20,
      expected: "a rule: weekdays (Mo-Su), months (Jan-Dec), times, 24/7, off or a comment"),
    Broken(
      text: "sunrise-sunset", position: 1,
      expected: "a rule: weekdays (Mo-Su), months (Jan-Dec), times, 24/7, off or a comment"),
    Broken(
      text: "Mon-Fri 10:00-12:00", position: 1,
      expected: "a rule: weekdays (Mo-Su), months (Jan-Dec), times, 24/7, off or a comment"),
    Broken(
      text: "Mo-Fr 10:00-12:00; Sat 10:00-12:00", position: 20,
      expected: "a rule: weekdays (Mo-Su), months (Jan-Dec), times, 24/7, off or a comment"),
    Broken(
      text: "week 01-10 Mo 10:00-12:00", position: 1,
      expected: "a rule: weekdays (Mo-Su), months (Jan-Dec), times, 24/7, off or a comment"),
  ]

  @Test(arguments: broken)
  func brokenStringsSayWhereAndWhat(_ broken: Broken) {
    #expect(
      throws: OpeningHoursError(
        text: broken.text, position: broken.position, expected: broken.expected)
    ) {
      try OpeningHours(broken.text)
    }
  }

  @Test func theErrorReadsAsOneLine() {
    do throws(OpeningHoursError) {
      _ = try OpeningHours("Mo-Fr 9-17")
      Issue.record("parsed")
    } catch {
      let message = error.itineraryError(in: "place \"Kiasma\"")
      #expect(message.kind == .data)
      #expect(
        message.message
          == "place \"Kiasma\": opening hours \"Mo-Fr 9-17\": at character 8: expected ':' and two digits of minutes, as in 09:00"
      )
    }
  }

  @Test(arguments: [
    "24/7", "off", "closed", "Mo-su 09:00-19:00", "Fr11:00-24:00", "Sa, Su 09:00-16:00",
    "Mo-Fr 7:00-8:00", "Jun-Aug: Su-Sa 09:00-24:00", "Dec 24 off", "Dec 24-26 off",
    "Dec 24-Jan 02 10:00-14:00", "Jan,Mar Mo 10:00-12:00", "PH,Sa 10:00-12:00",
    "SH Mo-Fr 08:00-12:00",
    "Mo 10:00 - 12:00", "Mo-Fr 10:00-14:00, 15:00-18:00", "Mo 10:00-12:00;", "\"by appointment\"",
    "Mo-Fr 08:00-12:00 || \"by appointment\"", "24/7 closed \"renovation\"", "Mo 12:00-10:00",
    "Tu 23:59-48:00", "Mo-Fr 10:00-20:00 unknown",
  ])
  func relaxedAndLessCommonFormsParse(_ text: String) {
    #expect(throws: Never.self) { try OpeningHours(text) }
  }

  @Test func onlyAllUnknownRulesMakeTheHoursUnknown() throws {
    #expect(try OpeningHours("\"for request only\"").isUnknown)
    #expect(try OpeningHours("Mo-Fr unknown").isUnknown)
    #expect(try !OpeningHours("Mo-Fr 10:00-12:00 || \"by appointment\"").isUnknown)
    #expect(try !OpeningHours("closed").isUnknown)
  }
}
