import Foundation
import PackagePlugin

/// Compiles the web page (its HTML, CSS and script, the OpenAPI document)
/// and Debian's Leaflet (`libjs-leaflet`: script, style sheet and licence)
/// into the target as string constants, so the binary serves its page and
/// writes self-contained HTML with nothing installed beside it.
@main
struct EmbedWebAssets: BuildToolPlugin {
  /// Where Debian's `libjs-leaflet` installs Leaflet.
  static let leaflet = URL(fileURLWithPath: "/usr/share/javascript/leaflet")
  static let leafletLicence = URL(fileURLWithPath: "/usr/share/doc/libjs-leaflet/copyright")

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let assets = context.package.directoryURL.appending(path: "Sources/ItineraryWebPage/Assets")
    let inputs =
      ["page.html", "page.css", "page.js", "openapi.json"].map { assets.appending(path: $0) }
      + ["leaflet.min.js", "leaflet.css"].map { Self.leaflet.appending(path: $0) }
      + [Self.leafletLicence]
    if let missing = inputs.first(where: { !FileManager.default.fileExists(atPath: $0.path) }) {
      throw MissingAsset(path: missing.path)
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedWebAssets.swift")
    return [
      .buildCommand(
        displayName: "Embedding the web page and Leaflet",
        executable: try context.tool(named: "embed-fixtures").url,
        arguments: ["--enum", "WebAssets", output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}

/// A file to embed that is not there: Leaflet comes from Debian.
struct MissingAsset: Error, CustomStringConvertible {
  var path: String
  var description: String {
    "\(path) is missing: install Debian's libjs-leaflet (scripts/bootstrap does)"
  }
}
