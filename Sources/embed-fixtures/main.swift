import Foundation

// Writes a Swift file declaring one string constant per input file:
// `embed-fixtures OUTPUT.swift fixtures/categories.json ...` gives
// `extension Fixtures { package static let categoriesJSON = #"..."# }`;
// `embed-fixtures --enum WebAssets OUTPUT.swift ...` extends `WebAssets` instead.
// A database (`.sqlite`) is binary: its constant is the file in base64.

/// `categories.json` -> `categoriesJSON`, `helsinki.sqlite` -> `helsinkiSQLite`.
func constantName(for url: URL) -> String {
  let base = url.deletingPathExtension().lastPathComponent
  let words = base.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
  let head = words.first.map { $0.lowercased() } ?? "file"
  let tail = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
  let suffix = url.pathExtension == "sqlite" ? "SQLite" : url.pathExtension.uppercased()
  return head + tail.joined() + suffix
}

/// The Swift literal holding the file at `url`: its text, or for a
/// database its bytes in base64 (a string compiles far faster than an array).
func literal(for url: URL) throws -> String {
  guard url.pathExtension == "sqlite" else {
    return rawLiteral(try String(contentsOf: url, encoding: .utf8))
  }
  return "\"" + (try Data(contentsOf: url)).base64EncodedString() + "\""
}

/// A raw string literal delimited by enough `#` that the contents cannot close it.
func rawLiteral(_ text: String) -> String {
  var hashes = "#"
  while text.contains("\"" + hashes) { hashes += "#" }
  return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

var arguments = CommandLine.arguments.dropFirst()
var enumName = "Fixtures"
if arguments.first == "--enum", arguments.count > 1 {
  enumName = arguments.dropFirst().first ?? enumName
  arguments = arguments.dropFirst(2)
}
guard let outputPath = arguments.first else {
  FileHandle.standardError.write(
    Data("usage: embed-fixtures [--enum NAME] OUTPUT INPUT...\n".utf8))
  exit(64)
}
var source = "// Generated at build time. Do not edit.\n\nextension \(enumName) {\n"
for path in arguments.dropFirst() {
  let url = URL(fileURLWithPath: path)
  do {
    source += "  package static let \(constantName(for: url)) = \(try literal(for: url))\n"
  } catch {
    FileHandle.standardError.write(Data("error: cannot read \(path): \(error)\n".utf8))
    exit(65)
  }
}
source += "}\n"
do {
  try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
} catch {
  FileHandle.standardError.write(Data("error: cannot write \(outputPath): \(error)\n".utf8))
  exit(1)
}
