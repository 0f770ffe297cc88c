import Foundation

/// The map page as one HTML document with everything inlined: Leaflet, its
/// licence, the page's style and script, what the map draws under the plans
/// (`MapBackground`), and, for a file, the plans to show.
///
/// Served at `/` it plans live against the API; written by `plan --format
/// html` it shows the plans it holds and needs no server.
public enum WebPage {
  /// The page. `responseJSON` (a plan response's JSON) makes it a page of
  /// those plans alone; `nil` makes it the live page of the server.
  ///
  /// - Complexity: O(size of the page, of the response and of the map).
  public static func document(responseJSON: Data? = nil, background: MapBackground) -> String {
    let data = responseJSON.map { String(decoding: $0, as: UTF8.self) } ?? "null"
    let shell = WebAssets.pageHTML
      .replacingOccurrences(
        of: "<!--CONTENT_SECURITY_POLICY-->",
        with: "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy(framed: false))\">"
      )
      .replacingOccurrences(of: "<!--LEAFLET_LICENCE-->", with: licenceComment)
      .replacingOccurrences(
        of: "/*LEAFLET_CSS*/",
        with: WebAssets.leafletCSS.replacingOccurrences(
          of: "/*# sourceMappingURL=leaflet.css.map */", with: "")
      )
      .replacingOccurrences(of: "/*PAGE_CSS*/", with: WebAssets.pageCSS)
      .replacingOccurrences(of: "/*PAGE_JS*/", with: WebAssets.pageJS)
      .replacingOccurrences(of: "/*LEAFLET_JS*/", with: leafletScript)
    // Last, and in one pass, so that nothing in the map's credit or the
    // plans is taken for a placeholder.
    return filling(
      shell,
      [("/*MAP_DATA*/", scriptSafe(background.json)), ("/*PLAN_DATA*/", scriptSafe(data))])
  }

  /// `text` with the first of each placeholder after the one before it
  /// replaced by its value, in one pass: no value is searched for a
  /// placeholder.
  static func filling(_ text: String, _ values: [(placeholder: String, value: String)]) -> String {
    var filled = ""
    var rest = text[...]
    for (placeholder, value) in values {
      guard let range = rest.range(of: placeholder) else { continue }
      filled += rest[..<range.lowerBound]
      filled += value
      rest = rest[range.upperBound...]
    }
    return filled + rest
  }

  /// The Content-Security-Policy `serve` sends with the page.
  ///
  /// The page's two scripts are inlined, so they are allowed by their
  /// SHA-256 hashes and nothing else may run: no other inline script, no
  /// event-handler attribute (`<img onerror=...>` in a place name), no
  /// script from elsewhere, no `eval`. Styles may be inline (Leaflet sets
  /// `style` attributes); images come from tile servers and photo hosts;
  /// the page talks to its own server only.
  public static var contentSecurityPolicy: String { policy(framed: true) }

  /// The policy; `framed` adds `frame-ancestors`, which only a header can
  /// carry (a `<meta>` policy ignores it, and Chromium warns).
  static func policy(framed: Bool) -> String {
    let hashes = scriptHashes.map { "'sha256-\($0)'" }.joined(separator: " ")
    var directives = [
      "default-src 'none'", "script-src \(hashes)", "style-src 'unsafe-inline'",
      "img-src * data: blob:", "connect-src 'self'", "base-uri 'none'", "form-action 'none'",
      "object-src 'none'",
    ]
    if framed { directives.append("frame-ancestors 'none'") }
    return directives.joined(separator: "; ")
  }

  /// The base64 SHA-256 of each inline script, exactly as the page holds it.
  static let scriptHashes: [String] = [leafletScript, WebAssets.pageJS].map {
    Data(SHA256.digest(Array($0.utf8))).base64EncodedString()
  }

  /// Leaflet's licence as Debian states it.
  public static var leafletLicence: String { WebAssets.copyright }

  /// The OpenAPI 3 document of the server's API.
  public static var openAPI: String { WebAssets.openapiJSON }

  /// Leaflet without its source-map comment (the map is not shipped).
  private static var leafletScript: String {
    WebAssets.leafletMinJS.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("//# sourceMappingURL") }.joined(separator: "\n")
  }

  private static var licenceComment: String {
    "<!--\nLeaflet, inlined below:\n"
      + WebAssets.copyright.replacingOccurrences(of: "--", with: "- -") + "\n-->"
  }

  /// JSON that cannot end the `<script>` element holding it: `<` is only
  /// ever inside strings, where `\u003c` means the same.
  static func scriptSafe(_ json: String) -> String {
    json.replacingOccurrences(of: "<", with: "\\u003c")
  }
}
