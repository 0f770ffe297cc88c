import Foundation
import PackagePlugin

/// Compiles the files of `fixtures/` into the target as string constants, so
/// the binary carries its embedded city and category vocabulary wherever it goes.
@main
struct EmbedFixtures: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let fixtures = context.package.directoryURL.appending(path: "fixtures")
    let inputs = ["categories.json", "helsinki.sqlite", "helsinki-corrections.json"].map {
      fixtures.appending(path: $0)
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFixtures.swift")
    return [
      .buildCommand(
        displayName: "Embedding fixtures",
        executable: try context.tool(named: "embed-fixtures").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
