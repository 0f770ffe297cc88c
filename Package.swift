// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "itinerary",
  platforms: [.macOS(.v15)],
  products: [
    .library(
      name: "Itinerary",
      targets: [
        "ItineraryCore", "ItinerarySolver", "ItineraryFormats", "ItineraryILP",
      ]
    ),
    .executable(name: "itinerary", targets: ["itinerary"]),
  ],
  targets: [
    // The model: coordinates, places, categories, scoring, problems and plans.
    .target(name: "ItineraryCore", dependencies: ["ItineraryFixtures"]),
    // The solvers. Knows nothing of files, HTTP or the terminal.
    .target(name: "ItinerarySolver", dependencies: ["ItineraryCore"]),
    // Integer-programming models of the planning problem, solved with GLPK to
    // cross-check the fast solvers (`--verify`).
    .target(name: "ItineraryILP", dependencies: ["ItineraryCore", "ItinerarySolver", "CGLPK"]),
    // Instance JSON, plan JSON, GeoJSON and tables.
    .target(name: "ItineraryFormats", dependencies: ["ItineraryCore", "ItinerarySolver"]),
    // Where candidate places come from: the embedded city and live providers.
    .target(
      name: "ItineraryPlaces",
      dependencies: ["ItineraryCore", "ItineraryFixtures", "CCurl", "CSQLite"]
    ),
    // Argument parsing and the commands, as a library tested in-process.
    .target(
      name: "ItineraryCLI",
      dependencies: [
        "ItineraryCore", "ItinerarySolver", "ItineraryFormats", "ItineraryPlaces", "ItineraryILP",
      ]
    ),
    .executableTarget(name: "itinerary", dependencies: ["ItineraryCLI"]),

    // GLPK. It ships no pkg-config file: the module map links `glpk` by name.
    .systemLibrary(name: "CGLPK", providers: [.apt(["libglpk-dev"])]),
    // libcurl for the live providers' HTTP, SQLite for their response cache.
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),

    // The files of fixtures/ compiled into the binary, so the tool works offline.
    .target(name: "ItineraryFixtures", plugins: ["EmbedFixtures"]),
    .plugin(name: "EmbedFixtures", capability: .buildTool(), dependencies: ["embed-fixtures"]),
    .executableTarget(name: "embed-fixtures"),

    .target(
      name: "TestSupport",
      dependencies: ["ItineraryCore", "ItinerarySolver", "ItineraryPlaces"],
      path: "Tests/TestSupport",
      exclude: ["Server"]
    ),
    // `swift run -c release itinerary-bench`: the solvers, the fetch stage and the CLI, measured.
    .executableTarget(
      name: "itinerary-bench",
      dependencies: [
        "ItineraryCore", "ItinerarySolver", "ItineraryFormats", "ItineraryILP", "ItineraryPlaces",
        "TestSupport",
      ],
      path: "Benchmarks/itinerary-bench"
    ),

    .testTarget(name: "ItineraryCoreTests", dependencies: ["ItineraryCore", "TestSupport"]),
    .testTarget(
      name: "ItinerarySolverTests",
      dependencies: ["ItinerarySolver", "TestSupport"]
    ),
    .testTarget(
      name: "ItineraryFormatsTests",
      dependencies: ["ItineraryFormats", "TestSupport"]
    ),
    .testTarget(
      name: "ItineraryILPTests",
      dependencies: ["ItineraryILP", "ItinerarySolver", "TestSupport"]
    ),
    .testTarget(name: "ItineraryCLITests", dependencies: ["ItineraryCLI", "TestSupport"]),
    .testTarget(
      name: "ItineraryPlacesTests", dependencies: ["ItineraryPlaces", "TestSupport"],
      exclude: ["Recorded"]
    ),
  ]
)
