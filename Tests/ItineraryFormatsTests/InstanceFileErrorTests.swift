import Foundation
import ItineraryCore
import ItineraryFormats
import Testing

/// Broken instance files: one clear line each, naming the file and the field.
@Suite struct InstanceFileErrorTests {
  struct Broken: Sendable, CustomStringConvertible {
    var description: String
    var text: String
    /// The whole message after `file.json: `.
    var message: String
  }

  static let place = #"{"id": "a", "categories": ["x"], "lat": 1, "lon": 2}"#

  static let broken: [Broken] = [
    .init(description: "empty file", text: "", message: "the file is empty"),
    .init(description: "only blanks", text: " \n\t\n", message: "the file is empty"),
    .init(
      description: "a number at the top level", text: "3",
      message: "expected a JSON object at the top level, found a number"),
    .init(
      description: "a string at the top level", text: #""hello""#,
      message: "expected a JSON object at the top level, found a string"),
    .init(
      description: "an array at the top level", text: "[]",
      message: "expected a JSON object at the top level, found an array"),
    .init(
      description: "a GTSPLIB file",
      text: "NAME : 11berlin52\nTYPE : GTSP\nDIMENSION : 52\n",
      message:
        "this looks like a GTSPLIB file, not an instance JSON file "
        + "(solve it with 'itinerary gtsp f.json')"),
    .init(
      description: "origin of the wrong type",
      text: #"{"origin": [1, 2], "categories": ["x"], "places": []}"#,
      message: "origin: expected an object, found an array"),
    .init(
      description: "lat of the wrong type",
      text: #"{"origin": {"lat": "1", "lon": 2}, "categories": ["x"], "places": []}"#,
      message: "origin.lat: expected a number, found a string"),
    .init(
      description: "a category of the wrong type",
      text: #"{"origin": {"lat": 1, "lon": 2}, "categories": ["x", null], "places": []}"#,
      message: "categories[1]: expected a string, found null"),
    .init(
      description: "a place of the wrong type",
      text: #"{"origin": {"lat": 1, "lon": 2}, "categories": ["x"], "places": [true]}"#,
      message: "places[0]: expected an object, found true or false"),
    .init(
      description: "roundTrip of the wrong type",
      text: #"{"origin": {"lat": 1, "lon": 2}, "categories": ["x"], "places": [], "roundTrip": 1}"#,
      message: "roundTrip: expected true or false, found a number"),
    .init(
      description: "a number beyond Double",
      text: #"{"origin": {"lat": 1e400, "lon": 2}, "categories": ["x"], "places": []}"#,
      message: "malformed JSON (Number 1e400 is not representable in Swift.)"),
    .init(
      description: "a review count beyond Int",
      text: #"{"origin": {"lat": 1, "lon": 2}, "categories": ["x"], "places": [{"id": "a", "#
        + #""categories": ["x"], "lat": 1, "lon": 2, "reviewCount": 123456789012345678901234567890}]}"#,
      message: "places[0].reviewCount: expected a whole number, found 1.2345678901234568e+29"),
    .init(
      description: "a newline in a duplicate id",
      text: #"{"origin": {"lat": 1, "lon": 2}, "categories": ["x"], "places": ["#
        + #"{"id": "a\nb", "categories": ["x"], "lat": 1, "lon": 2},"#
        + #"{"id": "a\nb", "categories": ["x"], "lat": 1, "lon": 2}]}"#,
      message: #"places[1].id: duplicate id 'a\nb' (first at places[0])"#),
    .init(
      description: "a terminal escape in a duplicate id",
      text: #"{"origin": {"lat": 1, "lon": 2}, "categories": ["x"], "places": ["#
        + #"{"id": "\u001b[2J", "categories": ["x"], "lat": 1, "lon": 2},"#
        + #"{"id": "\u001b[2J", "categories": ["x"], "lat": 1, "lon": 2}]}"#,
      message: #"places[1].id: duplicate id '\u{1B}[2J' (first at places[0])"#),
    .init(
      description: "nested too deep",
      text: String(repeating: "[", count: 10_000),
      message: "malformed JSON (Too many nested arrays or dictionaries around character 513.)"),
  ]

  @Test(arguments: broken)
  func brokenFileGivesOneClearLine(_ item: Broken) {
    #expect {
      _ = try InstanceFile.decode(Data(item.text.utf8), source: "f.json")
    } throws: { error in
      guard let error = error as? ItineraryError else { return false }
      return error.kind == .data && error.message == "f.json: \(item.message)"
    }
  }

  @Test func malformedJSONNamesWhereItStopped() throws {
    let error = try #require(throws: ItineraryError.self) {
      _ = try InstanceFile.decode(Data(#"{"origin": {"lat": 1,}"#.utf8), source: "f.json")
    }
    #expect(error.message.hasPrefix("f.json: malformed JSON ("))
    #expect(!error.message.contains("NSCocoaErrorDomain") && !error.message.contains("fragments"))
  }

  @Test func readNamesAMissingFile() throws {
    let error = try #require(throws: ItineraryError.self) {
      _ = try InstanceFile.read(contentsOf: "/nonexistent/x.json")
    }
    #expect(error.kind == .data)
    #expect(error.message == "/nonexistent/x.json: cannot read: No such file or directory")
  }

  @Test func readRefusesADirectory() throws {
    let error = try #require(throws: ItineraryError.self) {
      _ = try InstanceFile.read(contentsOf: FileManager.default.temporaryDirectory.path)
    }
    #expect(error.message.hasSuffix(": is a directory, not a file"))
  }

  /// An endless device is cut off at the size limit instead of filling memory.
  @Test func readStopsAtTheSizeLimit() throws {
    let error = try #require(throws: ItineraryError.self) {
      _ = try InputFile.contents(of: "/dev/zero")
    }
    #expect(error.message == "/dev/zero: larger than 256 MiB")
  }
}
