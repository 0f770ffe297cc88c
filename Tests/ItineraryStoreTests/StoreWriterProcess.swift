import Foundation

/// Runs `store-writer`, the executable built beside this test binary.
enum StoreWriterProcess {
  static let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent().appending(path: "store-writer")

  static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

  /// `setpriv`, which runs a process as another user.
  static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")

  /// Starts `store-writer DIRECTORY TAG COUNT`, as the user `nobody` when
  /// `asNobody`, with its standard error in a pipe.
  static func start(directory: URL, tag: String, count: Int, asNobody: Bool = false) throws
    -> (process: Process, errors: Pipe)
  {
    let process = Process()
    let arguments = [directory.path, tag, "\(count)"]
    if asNobody {
      process.executableURL = setpriv
      process.arguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments
    } else {
      process.executableURL = binary
      process.arguments = arguments
    }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return (process, errors)
  }

  /// Waits for a started writer: its exit status and standard error.
  static func finish(_ started: (process: Process, errors: Pipe)) -> (status: Int32, errors: String)
  {
    let text = String(
      decoding: started.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    started.process.waitUntilExit()
    return (started.process.terminationStatus, text)
  }
}
