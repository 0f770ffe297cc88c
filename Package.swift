// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "itinerary",
  platforms: [.macOS(.v15)],
  products: [
    .library(
      name: "Itinerary",
      targets: [
        "ItineraryCore", "ItineraryJSON", "ItinerarySolver", "ItineraryFormats", "ItineraryILP",
        "ItineraryPlanning", "ItineraryOutput",
      ]
    ),
    .executable(name: "itinerary", targets: ["itinerary"]),
  ],
  targets: [
    // The model: coordinates, places, categories, scoring, problems and plans.
    .target(name: "ItineraryCore", dependencies: ["ItineraryFixtures"]),
    // JSON written and read fast: JSONEncoder's sorted bytes without its
    // boxes, values that write their own, a one-pass reader of requests, and
    // objects whose errors name the field.
    .target(name: "ItineraryJSON", dependencies: ["ItineraryCore"]),
    // The solvers. Knows nothing of files, HTTP or the terminal.
    .target(name: "ItinerarySolver", dependencies: ["ItineraryCore", "CMath"]),
    // Integer-programming models of the planning problem, solved with GLPK to
    // cross-check the fast solvers (`--verify`).
    .target(name: "ItineraryILP", dependencies: ["ItineraryCore", "CGLPK"]),
    // Input formats: instance files and GTSPLIB.
    .target(
      name: "ItineraryFormats", dependencies: ["ItineraryCore", "ItineraryJSON", "ItinerarySolver"]
    ),
    // Where candidate places come from: the embedded city and live providers.
    .target(
      name: "ItineraryPlaces",
      dependencies: [
        "ItineraryCore", "ItineraryFixtures", "CCurl", "ItineraryStore", "ItineraryStreets",
      ]
    ),
    // SQLite plumbing and what lives on it: the store of history, saved plans,
    // likes and collections, and the places index (names, radius, nearest).
    .target(
      name: "ItineraryStore", dependencies: ["ItineraryCore", "ItineraryStreets", "CSQLite"]),
    // The street network: OpenStreetMap's ways as a graph per travel mode,
    // points joined to it, shortest paths and the legs' road table.
    .target(name: "ItineraryStreets", dependencies: ["ItineraryCore"]),
    // The one pipeline every front end shares: a request in, a response out.
    .target(
      name: "ItineraryPlanning",
      dependencies: [
        "ItineraryCore", "ItineraryJSON", "ItinerarySolver", "ItineraryILP", "ItineraryPlaces",
        "ItineraryFormats", "ItineraryStore", "ItineraryStreets",
      ]
    ),
    // Responses shown: tables, JSON, GeoJSON, a map page.
    .target(
      name: "ItineraryOutput",
      dependencies: ["ItineraryCore", "ItineraryJSON", "ItineraryPlanning", "ItineraryWebPage"]
    ),
    // The map page (HTML, CSS, script), the OpenAPI document, and Debian's
    // Leaflet with its licence, compiled into the binary.
    .target(name: "ItineraryWebPage", exclude: ["Assets"], plugins: ["EmbedWebAssets"]),
    .plugin(name: "EmbedWebAssets", capability: .buildTool(), dependencies: ["embed-fixtures"]),
    // `itinerary serve`: HTTP on libmicrohttpd, routes as thin adapters over
    // the pipeline, the store and the places index, and the limits.
    .target(
      name: "ItineraryServer",
      dependencies: [
        "ItineraryCore", "ItineraryJSON", "ItineraryPlanning", "ItineraryOutput",
        "ItineraryPlaces", "ItineraryStore", "ItineraryWebPage", "CMicroHTTPD",
      ]
    ),
    // The command line, as a library tested in-process: flags to requests,
    // responses to formats.
    .target(
      name: "ItineraryCLI",
      dependencies: [
        "ItineraryCore", "ItinerarySolver", "ItineraryFormats", "ItineraryPlaces",
        "ItineraryPlanning", "ItineraryOutput", "ItineraryStore", "ItineraryServer",
        "ItineraryWebPage",
      ]
    ),
    .executableTarget(name: "itinerary", dependencies: ["ItineraryCLI"]),

    // GLPK. It ships no pkg-config file: the module map links `glpk` by name.
    .systemLibrary(name: "CGLPK", providers: [.apt(["libglpk-dev"])]),
    // libcurl for the live providers' HTTP, SQLite for the store and the response cache.
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // glibc's sincos, for unit vectors on the sphere.
    .systemLibrary(name: "CMath"),
    // GNU libmicrohttpd for `itinerary serve`.
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]
    ),

    // The files of fixtures/ compiled into the binary, so the tool works offline.
    .target(name: "ItineraryFixtures", plugins: ["EmbedFixtures"]),
    .plugin(name: "EmbedFixtures", capability: .buildTool(), dependencies: ["embed-fixtures"]),
    .executableTarget(name: "embed-fixtures"),

    // Seeded random problems, real places, the shared data and the
    // acceptability set of common requests, for the tests and the
    // benchmarks alike.
    .target(name: "ItineraryWorkloads", dependencies: ["ItineraryCore", "ItineraryPlanning"]),
    // A scripted HTTP server on loopback that stands in for the live services.
    .target(
      name: "ItineraryLoopback", dependencies: ["ItineraryCore", "ItineraryPlaces"],
      exclude: ["Server"]
    ),
    // `swift run -c release itinerary-bench`: the solvers, the fetch stage and the CLI, measured.
    .executableTarget(
      name: "itinerary-bench",
      dependencies: [
        "ItineraryCore", "ItinerarySolver", "ItineraryFormats", "ItineraryILP", "ItineraryPlaces",
        "ItineraryPlanning", "ItineraryStore", "ItineraryStreets", "ItineraryWorkloads",
        "ItineraryLoopback",
      ],
      path: "Benchmarks/itinerary-bench"
    ),

    // What every test target shares: the `.slow` tag of the tests that take
    // seconds (`scripts/test` leaves them out, `scripts/test --slow` runs them).
    .target(name: "ItineraryTestSupport", path: "Tests/ItineraryTestSupport"),
    .testTarget(
      name: "ItineraryCoreTests",
      dependencies: ["ItineraryCore", "ItineraryPlaces", "ItineraryWorkloads"]
    ),
    // The writer and the reader against JSONEncoder and JSONDecoder, for
    // values of every shape and for the responses and requests they carry.
    .testTarget(
      name: "ItineraryJSONTests",
      dependencies: ["ItineraryJSON", "ItineraryCore", "ItineraryPlanning"]
    ),
    .testTarget(
      name: "ItinerarySolverTests", dependencies: ["ItinerarySolver", "ItineraryWorkloads"]
    ),
    .testTarget(
      name: "ItineraryFormatsTests", dependencies: ["ItineraryFormats", "ItineraryWorkloads"]
    ),
    .testTarget(
      name: "ItineraryILPTests",
      dependencies: ["ItineraryILP", "ItinerarySolver", "ItineraryWorkloads"]
    ),
    .testTarget(
      name: "ItineraryPlanningTests",
      dependencies: ["ItineraryJSON", "ItineraryPlanning", "ItineraryOutput", "ItineraryWorkloads"]
    ),
    .testTarget(
      name: "ItineraryCLITests",
      dependencies: [
        "ItineraryCLI", "ItineraryWorkloads", "ItineraryLoopback", "ItineraryStore",
        "ItineraryStreets",
      ]
    ),
    .testTarget(
      name: "ItineraryPlacesTests",
      dependencies: [
        "ItineraryPlaces", "ItineraryStore", "ItineraryWorkloads", "ItineraryLoopback",
      ],
      exclude: ["Recorded"]
    ),
    // With the command line, to check that both front ends answer alike.
    .testTarget(
      name: "ItineraryServerTests",
      dependencies: [
        "ItineraryServer", "ItineraryPlanning", "ItineraryOutput", "ItineraryWebPage",
        "ItineraryWorkloads", "ItineraryCLI", "ItineraryLoopback",
      ]
    ),
    .testTarget(
      name: "ItineraryStoreTests",
      dependencies: ["ItineraryStore", "ItineraryPlaces", "ItineraryStreets"]),
    .testTarget(
      name: "ItineraryStreetsTests", dependencies: ["ItineraryStreets", "ItineraryWorkloads"]),
    // A process that writes to a store, started twenty at a time by ItineraryStoreTests.
    .executableTarget(
      name: "store-writer", dependencies: ["ItineraryStore"], path: "Tests/StoreWriter"
    ),
  ]
)

for target in package.targets where target.type == .test {
  target.dependencies.append("ItineraryTestSupport")
}
