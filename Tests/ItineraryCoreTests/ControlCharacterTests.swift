import ItineraryCore
import Testing

@Suite struct ControlCharacterTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("two\nlines", #"two\nlines"#),
    ("tab\tand\rreturn", #"tab\tand\rreturn"#),
    ("\u{1B}[31mred\u{1B}[0m", #"\u{1B}[31mred\u{1B}[0m"#),
    ("nul\0 del\u{7F} c1\u{85}", #"nul\u{0} del\u{7F} c1\u{85}"#),
    ("line\u{2028}separator", #"line\u{2028}separator"#),
    ("café ☕︎ 東京", "café ☕︎ 東京"),
  ])
  func escapes(_ text: String, _ expected: String) {
    #expect(text.escapingControlCharacters() == expected)
  }

  @Test func errorMessagesAreOneLine() {
    let error = ItineraryError(.data, "f.json: duplicate id 'a\nb'")
    #expect(error.message == #"f.json: duplicate id 'a\nb'"#)
  }
}
