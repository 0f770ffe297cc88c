import Foundation
import ItineraryCore
import ItineraryFormats
import ItineraryOutput
import ItineraryPlanning

/// What `gtsp` and `optw` (also spelt `solve --gtsplib`, `solve --optw`)
/// share: refusing the options that mean nothing for the file, the one file
/// named, the settings, and the run through the pipeline, as a batch line
/// or an HTTP body holding the file's text is run.
enum BenchmarkFileRun {
  /// Reads the file `arguments` name, solves it with their settings
  /// (`configure` adds the command's own) and prints the response.
  ///
  /// - Parameters:
  ///   - flag: the `solve` flag that leads here, which is allowed.
  static func run(
    _ arguments: ParsedArguments, _ context: Context, as command: Command,
    format: BenchmarkRequest.Format, flag: Option,
    configure: (inout BenchmarkRequest) throws(ItineraryError) -> Void = {
      _ throws(ItineraryError) in
    }
  ) throws(ItineraryError) -> Int32 {
    let kind = format == .gtsplib ? "GTSPLIB" : "OPTW"
    for option in arguments.command.options where !command.options.contains(option) {
      if arguments.has(option) || arguments.string(option) != nil, option != flag {
        throw ItineraryError(
          .usage, "\(arguments.command.name): \(option.spelling) does not apply to \(kind) files")
      }
    }
    let path = try arguments.single("\(kind) file")
    var request = BenchmarkRequest(format: format, text: "", name: path)
    request.timeLimit = try arguments.number(Options.timeLimit)
    request.seed = try arguments.integer(Options.seed)
    request.memoryLimit = try arguments.number(Options.memoryLimit)
    try configure(&request)
    try arguments.validated { () throws(ItineraryError) in
      try request.validate(naming: Option.spelling(ofKey:))
    }
    guard let text = String(data: try InputFile.contents(of: path), encoding: .utf8) else {
      throw ItineraryError(.data, "\(path): cannot read the file as UTF-8 text")
    }
    request.text = text
    let response = try PlanningPipeline(environment: context.environment).benchmark(request)
    try Emit.data(
      ResponseJSON.encode(response), to: arguments.string(Options.output),
      terminal: context.terminal)
    return 0
  }
}
