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

  /// The error `text` must give: what was expected at character `position`.
  static func error(_ text: String, at position: Int, _ expected: String) -> OpeningHoursError {
    OpeningHoursError(text: text, position: position, expected: expected)
  }

  /// What is expected where no rule begins.
  static let aRule = "a rule: weekdays (Mo-Su), months (Jan-Dec), times, 24/7, off or a comment"

  static let broken: [OpeningHoursError] = [
    error("", at: 1, "a rule such as Mo-Fr 09:00-17:00"),
    error("   ", at: 4, "a rule such as Mo-Fr 09:00-17:00"),
    error("Mo-Fr 09:00-", at: 13, "a closing time such as 17:00"),
    error("Mo-Fr 9-17", at: 8, "':' and two digits of minutes, as in 09:00"),
    error("Mo-Fr 25:00-26:00", at: 7, "an opening time from 00:00 to 23:59"),
    error("Mo 10:00-50:00", at: 10, "a closing time up to 48:00"),
    error("Mo 10:60-12:00", at: 7, "two digits of minutes from 00 to 59"),
    error("Mo 10:00", at: 9, "'-' and a closing time, as in 09:00-17:00"),
    error("Mo 10:00+", at: 9, "'-' and a closing time, as in 09:00-17:00"),
    error("Mo-Xy 10:00-12:00", at: 4, "a weekday (Mo to Su) after '-'"),
    error("Mo 10:00-12:00 \"call us", at: 16, "a closing '\"' for this comment"),
    error("Feb 30 10:00-12:00", at: 5, "a day of the month from 1 to 29"),
    error("Jan- 10:00-12:00", at: 6, "a month after '-'"),
    error("Dec 24-20 off", at: 8, "a day of the month from 24 on, or a month"),
    error("Mo 10:00-12:00 Tu 12:00-14:00", at: 16, "';', ',' or '||' before another rule"),
    error("Mo-Fr 10:00-18:00 ||", at: 21, aRule),
    error("Mo-Fr 10:00-18:00; ; Sa 10:00-12:00", at: 20, aRule),
    error("sunrise-sunset", at: 1, aRule),
    error("Mon-Fri 10:00-12:00", at: 1, aRule),
    error("Mo-Fr 10:00-12:00; Sat 10:00-12:00", at: 20, aRule),
    error("week 01-10 Mo 10:00-12:00", at: 1, aRule),
  ]

  @Test(arguments: broken)
  func brokenStringsSayWhereAndWhat(_ broken: OpeningHoursError) {
    #expect(throws: broken) { try OpeningHours(broken.text) }
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
