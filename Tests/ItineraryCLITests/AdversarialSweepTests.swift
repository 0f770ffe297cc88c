import Foundation
import ItineraryLoopback
import ItineraryTestSupport
import Testing

/// Every hostile input issue 16 names, given to the built `itinerary` as a
/// whole process under a time limit (`timeout`) and a memory limit
/// (`prlimit --as`): one `error:` line and the documented exit code (or a
/// correct answer), never a backtrace, and nothing clobbered.
enum AdversarialSweepTests {
  @Suite(.tags(.slow), .enabled(if: ProcessRun.binary != nil, "needs the built itinerary binary"))
  struct Slow {
    /// Seconds and bytes of address space each run may use.
    static let timeLimit = 40
    static let memoryLimit = 3 << 30

    struct Case: Sendable, CustomTestStringConvertible {
      var name: String
      /// Shell commands run in a scratch directory; `$RUN` is the limited binary.
      var script: String
      /// The exit codes allowed: one, or 0 and an error's where either is right.
      var status: Set<Int32>
      /// Extra checks on the scratch directory and the run.
      var check: @Sendable (URL, Outcome) throws -> Void = { _, _ in }
      var testDescription: String { name }
    }

    struct Outcome {
      var status: Int32
      var stdout: String
      var stderr: String
    }

    /// A three-node GTSPLIB file with `header` lines added and `coordinate`
    /// as node 2's x.
    static func gtsplib(_ header: String = "", dimension: String = "3", coordinate: String = "1")
      -> String
    {
      "printf 'NAME: a\\nTYPE: GTSP\\nDIMENSION: \(dimension)\\nGTSP_SETS: 2\\nEDGE_WEIGHT_TYPE: EUC_2D\\n\(header)NODE_COORD_SECTION\\n1 0 0\\n2 \(coordinate) 0\\n3 0 1\\nGTSP_SET_SECTION\\n1 1 -1\\n2 2 3 -1\\nEOF\\n' > a.gtsp"
    }

    static let instance = """
      {"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["a", "b"],
       "places": [{"id": "x", "categories": ["a"], "lat": 60.171, "lon": 24.941, "score": 4},
                  {"id": "y", "categories": ["b"], "lat": 60.172, "lon": 24.942, "score": 3}]}
      """

    static func unchanged(_ name: String, _ content: String)
      -> @Sendable (URL, Outcome) throws ->
      Void
    {
      { directory, _ in
        let kept = try String(contentsOf: directory.appending(path: name), encoding: .utf8)
        #expect(kept == content, "\(name) was clobbered")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "a temporary file was left: \(left)")
      }
    }

    static let seventyCategories = (0..<70).map {
      ["restaurant", "cafe", "bar", "park", "museum", "art", "landmark", "shopping", "nightlife"][
        $0 % 9]
    }.joined(separator: " ")

    static let cases: [Case] = [
      Case(
        name: "GTSPLIB coordinate 1e19", script: gtsplib(coordinate: "1e19") + "; $RUN gtsp a.gtsp",
        status: [65]),
      Case(
        name: "GTSPLIB coordinate 1e300",
        script: gtsplib(coordinate: "1e300") + "; $RUN gtsp a.gtsp",
        status: [65]),
      Case(
        name: "GTSPLIB weight 1e308",
        script:
          "printf 'NAME: a\\nTYPE: GTSP\\nDIMENSION: 3\\nGTSP_SETS: 2\\nEDGE_WEIGHT_TYPE: EXPLICIT\\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\\nEDGE_WEIGHT_SECTION\\n0 1e308 1\\n1e308 0 1\\n1 1 0\\nGTSP_SET_SECTION\\n1 1 -1\\n2 2 3 -1\\nEOF\\n' > a.gtsp; $RUN gtsp a.gtsp",
        status: [65]),
      Case(
        name: "GTSPLIB DIMENSION after the coordinates",
        script: gtsplib().replacingOccurrences(of: "3 0 1\\n", with: "3 0 1\\nDIMENSION: 1000\\n")
          + "; $RUN gtsp a.gtsp", status: [65]),
      Case(
        name: "GTSPLIB DIMENSION 9223372036854775807",
        script: gtsplib(dimension: "9223372036854775807") + "; $RUN gtsp a.gtsp", status: [65]),
      Case(
        name: "GTSPLIB 134 bytes with DIMENSION 15000",
        script: gtsplib(dimension: "15000") + "; head -c 134 a.gtsp > b.gtsp; $RUN gtsp b.gtsp",
        status: [65]),
      Case(
        name: "GTSPLIB short file with DIMENSION 9000",
        script: gtsplib(dimension: "9000") + "; $RUN gtsp a.gtsp", status: [65]),
      Case(
        name: "GTSPLIB GTSP_SETS 1e11",
        script: gtsplib().replacingOccurrences(of: "GTSP_SETS: 2", with: "GTSP_SETS: 1e11")
          + "; $RUN gtsp a.gtsp", status: [65]),
      Case(name: "--time-limit 1e21", script: "$RUN plan park --time-limit 1e21", status: [64]),
      Case(
        name: "--verify-time-limit 1e19",
        script: "$RUN plan park --verify --verify-time-limit 1e19",
        status: [64]),
      Case(name: "--radius 1e300", script: "$RUN plan viewpoint --radius 1e300", status: [64]),
      Case(name: "--radius 1e16", script: "$RUN plan viewpoint --radius 1e16", status: [64]),
      Case(
        name: "--speed 5e-324 table", script: "$RUN plan park museum --speed 5e-324", status: [64]),
      Case(
        name: "--speed 5e-324 JSON", script: "$RUN plan park museum --speed 5e-324 --format json",
        status: [64]),
      Case(
        name: "standard output /dev/full", script: "$RUN solve inst.json > /dev/full", status: [1]),
      Case(name: "standard output closed", script: "$RUN solve inst.json >&-", status: [1]),
      Case(name: "plan bar x6", script: "$RUN plan bar bar bar bar bar bar --anytime", status: [0]),
      Case(
        name: "restaurant x8 --exact --top 1",
        script: "$RUN plan " + Array(repeating: "restaurant", count: 8).joined(separator: " ")
          + " --exact --top 1 --anytime", status: [0]),
      Case(
        name: "five bars --any-order",
        script: "$RUN plan bar bar bar bar bar --any-order --anytime",
        status: [0]),
      Case(
        name: "70 categories --any-order", script: "$RUN plan \(seventyCategories) --any-order",
        status: [0, 1]),
      Case(name: "--top 1000000", script: "$RUN plan park --top 1000000", status: [64]),
      Case(
        name: "--diverse --top 200", script: "$RUN plan park museum --diverse --top 200 --anytime",
        status: [0]),
      Case(
        name: "-o onto a device node", script: "$RUN solve inst.json -o /dev/null", status: [1],
        check: { _, _ in
          var info = stat()
          #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        }),
      Case(
        name: "-o onto a FIFO", script: "mkfifo f; $RUN solve inst.json -o f", status: [1],
        check: { directory, _ in
          var info = stat()
          #expect(
            stat(directory.appending(path: "f").path, &info) == 0
              && info.st_mode & S_IFMT == S_IFIFO)
        }),
      Case(
        name: "-o onto a symlink", script: "echo kept > t; ln -s t l; $RUN solve inst.json -o l",
        status: [1],
        check: { directory, outcome in
          try unchanged("t", "kept\n")(directory, outcome)
          let link = try FileManager.default.destinationOfSymbolicLink(
            atPath: directory.appending(path: "l").path)
          #expect(link == "t")
        }),
      Case(
        name: "-o onto a read-only file",
        script: "echo kept > r; chmod 444 r; $RUN solve inst.json -o r",
        status: [1], check: unchanged("r", "kept\n")),
      Case(
        name: "-o onto a 0600 file", script: "echo old > p; chmod 600 p; $RUN solve inst.json -o p",
        status: [0],
        check: { directory, _ in
          let path = directory.appending(path: "p").path
          let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
          #expect(mode as? Int == 0o600)
          #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"plans\""))
        }),
      Case(
        name: "-o onto a full disk (a file size limit)",
        script: "echo kept > o; prlimit --fsize=200 $RUN solve inst.json -o o", status: [1],
        check: unchanged("o", "kept\n")),
      Case(
        name: "API key with CR/LF",
        script:
          "YELP_API_KEY=\"$(printf 'k\\r\\nX-Injected: 1')\" $RUN plan park --provider yelp --at 40.7,-73.9",
        status: [64]),
      Case(
        name: "a newline in a stop word", script: "$RUN plan \"$(printf 'bar\\nbaz')\"",
        status: [64]),
      Case(
        name: "a newline in an instance's place name",
        script:
          "printf '{\"origin\": {\"lat\": 60.17, \"lon\": 24.94}, \"categories\": [\"a\"], \"places\": [{\"id\": \"x\\\\ny\", \"name\": \"p\\\\nq\", \"categories\": [\"a\"], \"lat\": 91, \"lon\": 24.9}]}' > n.json; $RUN solve n.json",
        status: [65]),
      Case(
        name: "solve x.gtsp",
        script: gtsplib() + "; mv a.gtsp x.gtsp; $RUN solve x.gtsp", status: [65],
        check: { _, outcome in #expect(outcome.stderr.contains("itinerary gtsp x.gtsp")) }),
    ]

    @Test(arguments: cases)
    func hostileInputFailsCleanly(_ sweep: Case) throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      try Data(Self.instance.utf8).write(to: directory.appending(path: "inst.json"))
      let outcome = try Self.run(sweep.script, in: directory)
      Self.expectClean(outcome, status: sweep.status, name: sweep.name)
      try sweep.check(directory, outcome)
    }

    /// A base URL with a user name and password: the plan works, and the
    /// password reaches no output and no cached byte.
    @Test func credentialsInABaseURLAreNeverStored() throws {
      let overpass = """
        {"elements": [{"type": "node", "id": 7, "lat": 40.7812, "lon": -73.9665,
          "tags": {"name": "Central Park", "leisure": "park"}}]}
        """
      let server = try LoopbackServer([
        .init(path: "/interpreter", responses: [.init(body: overpass)])
      ])
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let url = server.baseURL.replacingOccurrences(of: "://", with: "://sweepuser:s3cretpw@")
      let outcome = try Self.run(
        "ITINERARY_OVERPASS_URL='\(url)' ITINERARY_CACHE_DIR=cache $RUN plan park --provider overpass --at 40.78,-73.97",
        in: directory)
      Self.expectClean(outcome, status: [0], name: "user:pass base URL")
      #expect(!(outcome.stdout + outcome.stderr).contains("s3cretpw"))
      let cache = try Data(contentsOf: directory.appending(path: "cache/responses.sqlite"))
      #expect(!cache.isEmpty)
      #expect(cache.range(of: Data("s3cretpw".utf8)) == nil)
      #expect(cache.range(of: Data("sweepuser".utf8)) == nil)
    }

    static func expectClean(_ outcome: Outcome, status: Set<Int32>, name: String) {
      #expect(status.contains(outcome.status), "\(name): \(outcome.stderr)")
      #expect(![124, 132, 134, 137, 139].contains(outcome.status), "\(name): killed or crashed")
      let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false)
      let errors = lines.filter { $0.hasPrefix("error:") }
      if outcome.status == 0 {
        #expect(errors.isEmpty, "\(name): \(outcome.stderr)")
        #expect(!outcome.stdout.isEmpty || name.hasPrefix("-o"), "\(name): no answer")
      } else {
        #expect(errors.count == 1, "\(name): \(outcome.stderr)")
        #expect(lines.last(where: { !$0.isEmpty }).map { $0.hasPrefix("error:") } == true)
      }
      for sign in ["Fatal error", "Backtrace", "Stack dump", "Crash", "Segmentation"] {
        #expect(!outcome.stderr.contains(sign), "\(name): \(outcome.stderr)")
      }
    }

    /// Runs `script` with `sh` in `directory`, `$RUN` being the binary under
    /// the time and memory limits, with a private home and cache.
    static func run(_ script: String, in directory: URL) throws -> Outcome {
      let binary = try #require(ProcessRun.binary)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script]
      process.currentDirectoryURL = directory
      process.environment = [
        "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "HOME": directory.path,
        "ITINERARY_CACHE_DIR": directory.appending(path: "cache").path,
        "RUN":
          "timeout -s KILL \(timeLimit) prlimit --as=\(memoryLimit) -- \(binary.path)",
      ]
      let stdout = directory.appending(path: ".stdout")
      let stderr = directory.appending(path: ".stderr")
      try Data().write(to: stdout)
      try Data().write(to: stderr)
      process.standardOutput = try FileHandle(forWritingTo: stdout)
      process.standardError = try FileHandle(forWritingTo: stderr)
      process.standardInput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      let outcome = Outcome(
        status: process.terminationStatus,
        stdout: try String(contentsOf: stdout, encoding: .utf8),
        stderr: try String(contentsOf: stderr, encoding: .utf8))
      try FileManager.default.removeItem(at: stdout)
      try FileManager.default.removeItem(at: stderr)
      return outcome
    }
  }
}
