import Foundation

/// The map page as one HTML document with everything inlined: Leaflet, its
/// licence, the page's style and script, and, for a file, the plans to show.
///
/// Served at `/` it plans live against the API; written by `plan --format
/// html` it shows the plans it holds and needs no server.
public enum WebPage {
  /// The page. `responseJSON` (a plan response's JSON) makes it a page of
  /// those plans alone; `nil` makes it the live page of the server.
  ///
  /// - Complexity: O(size of the page and of the response).
  public static func document(responseJSON: Data? = nil) -> String {
    let data = responseJSON.map { String(decoding: $0, as: UTF8.self) } ?? "null"
    return WebAssets.pageHTML
      .replacingOccurrences(of: "<!--LEAFLET_LICENCE-->", with: licenceComment)
      .replacingOccurrences(
        of: "/*LEAFLET_CSS*/",
        with: WebAssets.leafletCSS.replacingOccurrences(
          of: "/*# sourceMappingURL=leaflet.css.map */", with: "")
      )
      .replacingOccurrences(of: "/*PAGE_CSS*/", with: WebAssets.pageCSS)
      .replacingOccurrences(of: "/*PAGE_JS*/", with: WebAssets.pageJS)
      .replacingOccurrences(of: "/*LEAFLET_JS*/", with: leafletScript)
      // Last, so that nothing in the plans is taken for a placeholder.
      .replacingOccurrences(of: "/*PLAN_DATA*/", with: scriptSafe(data))
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
