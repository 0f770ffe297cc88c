import Foundation
import ItineraryCore
import ItineraryPlanning

/// `itinerary batch [IN.jsonl|-]`: JSON Lines in, one answer a line out, on
/// every core.
enum BatchCommand {
  static let command = Command(
    name: "batch",
    usage: ["batch [options] [IN.jsonl|-]"],
    summary: "plan JSON Lines, one request a line, on every core",
    description: """
      Answers one request a line (a plan request or an instance, docs/reference.md)
      with one answer a line, in the same order: {"id", "line", "result"} or
      {"id", "line", "error": {"exitCode", "message"}}. A bad line never stops
      the batch. With -o OUT the answers go to OUT.partial as they come, renamed
      over OUT when the batch finished: OUT is never left half written, and
      --resume goes on from OUT.partial after a batch was stopped. The exit code
      is 0 when every line was answered, errors included.
      """,
    options: [Options.output, Options.jobs, Options.resume],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let input = try arguments.atMostOne("at most one input file") ?? "-"
    let output = arguments.string(Options.output) ?? "-"
    let jobs = try arguments.integer(Options.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
    if !(1...1024).contains(jobs) {
      throw ItineraryError(.usage, "batch: --jobs must be within 1...1024, got \(jobs)")
    }
    let resume = arguments.has(Options.resume)
    if resume && output == "-" {
      throw ItineraryError(.usage, "batch: --resume needs an output file (-o FILE)")
    }
    if output != "-" { try BatchFiles.checkOutput(output) }
    let source = try BatchFiles.openInput(input)
    defer { if source.descriptor != STDIN_FILENO { close(source.descriptor) } }
    let sink =
      output == "-"
      ? nil : try BatchFiles.openOutput(output, resume: resume, input: source.descriptor)
    let runner = BatchRunner(
      pipeline: PlanningPipeline(environment: context.environment), jobs: jobs,
      answered: sink?.answered ?? [:])
    let display = BatchProgressDisplay(
      terminal: context.terminal, totalBytes: source.size, interactive: isatty(STDERR_FILENO) == 1)
    let summary = try runner.run(
      LineReader(descriptor: source.descriptor),
      write: { line throws(ItineraryError) in
        if let sink {
          try sink.write(line)
        } else {
          context.terminal.write(String(decoding: line, as: UTF8.self))
        }
      },
      progress: display.show)
    try sink?.commit()
    display.finish(summary)
    return 0
  }
}

extension Options {
  static let jobs = Option.value("jobs", "N", "workers answering at once (default: every core)")
  static let resume = Option.flag(
    "resume",
    "go on from the answers OUT.partial (or a finished OUT) holds, skipping those lines")
}
