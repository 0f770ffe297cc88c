import Foundation
import ItineraryCLI
import Testing

@testable import ItineraryWebPage

/// Text from data reaches the map page as text, and the page's policy lets
/// only its own two scripts run: a place named `<img src=x onerror=...>` in
/// an instance file, from a provider or from OpenStreetMap runs nothing.
@Suite struct PageScriptSafetyTests {
  static let hostileName = "<img src=x onerror=alert(1)>"

  @Test func sha256MatchesTheStandardsVectors() {
    func hex(_ text: String) -> String {
      SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
    #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      hex(String(repeating: "a", count: 1000))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  /// Stop photos are shown as created `img` elements whose `src` is an
  /// attribute, each with its credit line as text, only for https URLs;
  /// the policy lets images load from the photo hosts.
  @Test func stopPhotosAreElementsWithTheirCreditLines() throws {
    let script = WebAssets.pageJS
    #expect(script.contains("element('img', { src: photo.thumbnail"))
    #expect(script.contains("element('figcaption', { class: 'hours', text: photo.attribution })"))
    #expect(script.contains("/^https:\\/\\//.test(photo.thumbnail)"))
    #expect(!script.contains(".innerHTML =") && !script.contains(".innerHTML="))
    #expect(WebAssets.pageHTML.contains(#"<input id="photos" type="checkbox">"#))
    #expect(WebPage.contentSecurityPolicy.contains("img-src * data: blob:"))
  }

  /// The photos near a dropped pin are shown as the stops' are: created
  /// `img` elements for https thumbnails only, each credit line as text,
  /// and the album's name reaches the server as a path segment, encoded.
  @Test func photosNearAPinAreElementsWithTheirCreditLines() throws {
    let script = WebAssets.pageJS
    let start = try #require(script.range(of: "function showAlbum()"))
    let end = try #require(script.range(of: "async function saveAlbum("))
    let body = script[start.lowerBound..<end.lowerBound]
    #expect(body.contains("/^https:\\/\\//.test(photo.thumbnail)"))
    #expect(body.contains("element('img', { src: photo.thumbnail"))
    #expect(script.contains("element('figcaption', { text: photo.attribution })"))
    #expect(script.contains("'/v1/albums/' + encodeURIComponent(name)"))
    #expect(WebAssets.pageHTML.contains(#"<section id="album" hidden></section>"#))
  }

  /// Leaflet sets `innerHTML` when `bindTooltip`, `bindPopup` or
  /// `setContent` get a string: the page gives them nodes.
  @Test func thePageGivesLeafletNodesNotMarkup() throws {
    let script = WebAssets.pageJS
    let calls = try Regex(#"\.(bindTooltip|bindPopup|setContent)\(\w*"#)
    let found = script.matches(of: calls)
    #expect(found.count >= 3)
    for call in found {
      let text = script[call.range]
      #expect(text.hasSuffix("(textOnly") || text.hasSuffix("(stopPopup"), "\(text)")
    }
    // A stop's popup is the text node of its name, with a link made as an
    // element: the name never becomes markup, the link's address an href.
    let popup = try #require(script.firstMatch(of: try Regex(#"function stopPopup[^}]*\}"#)))
    #expect(script[popup.range].contains("const popup = textOnly("))
    #expect(script[popup.range].contains("element('a', { href: link"))
    #expect(!script.contains("innerHTML ="))
  }

  /// The pin, drop and replace buttons and the list of avoided places are
  /// created elements: a place's name reaches them as text or as an
  /// attribute, and its id only as an attribute or a request's word.
  @Test func pinningAndAvoidingShowNamesAsText() throws {
    let script = WebAssets.pageJS
    #expect(script.contains("element('span', { text: 'avoid ' + place.name })"))
    #expect(script.contains("'aria-label': 'pin ' + stop.name"))
    #expect(script.contains("element('tr', { class: mark, 'data-place-id': stop.id }"))
    #expect(script.contains("element('span', { text: name })"))
    #expect(WebAssets.pageHTML.contains(#"<ul id="avoid-list""#))
  }

  /// The policy allows the two inline scripts by hash, no other inline
  /// script or handler, and the hashes are those of the scripts as served.
  @Test func thePolicyAllowsExactlyThePagesScripts() throws {
    let page = WebPage.document(background: .served)
    let meta = try #require(
      page.firstMatch(
        of: try Regex(#"<meta http-equiv="Content-Security-Policy" content="([^"]*)">"#)))
    let policy = try #require(meta.output[1].substring)
    let scriptSource = try #require(
      policy.split(separator: ";").first {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix("script-src")
      })
    #expect(!scriptSource.contains("unsafe-inline"))
    #expect(!scriptSource.contains("unsafe-eval"))
    #expect(!scriptSource.contains("*"))
    let scripts = page.matches(of: try Regex(#"<script>(.*?)</script>"#).dotMatchesNewlines())
    #expect(scripts.count == 2)
    for script in scripts {
      let body = try #require(script.output[1].substring)
      let hash = Data(SHA256.digest(Array(body.utf8))).base64EncodedString()
      #expect(scriptSource.contains("'sha256-\(hash)'"))
    }
  }

  @Test func anInstanceFilesHostileNameStaysText() throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "itinerary-page-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let instance = directory.appending(path: "hostile.json")
    let name = Self.hostileName.replacingOccurrences(of: "\"", with: "\\\"")
    try Data(
      """
      {"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["museum"],
       "places": [{"id": "p1", "name": "\(name)", "categories": ["museum"],
                   "lat": 60.171, "lon": 24.941}]}
      """.utf8
    ).write(to: instance)
    let run = CLI.runCaptured(
      arguments: ["solve", instance.path, "--format", "html"],
      environment: ["ITINERARY_NOW": "2026-12-01T12:00:00Z", "HOME": directory.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Content-Security-Policy"))
    #expect(!run.stdout.contains(Self.hostileName), "the name as markup")
    #expect(run.stdout.contains(#"\u003cimg src=x onerror=alert(1)>"#), "the name as data")
  }

  /// Found by the `page` fuzz target: a tile credit of `/*PLAN_DATA*/`
  /// had the plans written into the map's JSON, which then did not parse.
  @Test func dataThatSpellsAPlaceholderStaysData() throws {
    let page = WebPage.document(
      responseJSON: Data(#"{"reason": "/*MAP_DATA*/ /*PLAN_DATA*/"}"#.utf8),
      background: .tiles(url: "https://t.example/{z}/{x}/{y}.png", attribution: "/*PLAN_DATA*/"))
    func data(_ id: String) throws -> [String: Any] {
      let open = try #require(page.range(of: "<script type=\"application/json\" id=\"\(id)\">"))
      let close = try #require(page.range(of: "</script>", range: open.upperBound..<page.endIndex))
      let text = String(page[open.upperBound..<close.lowerBound])
      return try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }
    let tiles = try #require(try data("map-data")["tiles"] as? [String: Any])
    #expect(tiles["attribution"] as? String == "/*PLAN_DATA*/")
    #expect(try data("plan-data")["reason"] as? String == "/*MAP_DATA*/ /*PLAN_DATA*/")
  }

  @Test func theServedPageCarriesThePolicy() throws {
    let server = try TestServer()
    let answer = try RawHTTP.request(server.port, "GET", "/")
    #expect(answer.status == 200)
    let policy = try #require(answer.headers["content-security-policy"])
    #expect(policy == WebPage.contentSecurityPolicy)
    #expect(policy.contains("script-src 'sha256-"))
    #expect(policy.contains("frame-ancestors 'none'"))
  }
}
