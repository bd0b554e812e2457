// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GridSim",
    products: [
        .executable(name: "gridsim", targets: ["gridsim"]),
        .executable(name: "gridsim-bench", targets: ["gridsim-bench"]),
        .library(name: "SelectionCore", targets: ["SelectionCore"]),
        .library(name: "SelectionTrace", targets: ["SelectionTrace"]),
        .library(name: "BenchmarkKit", targets: ["BenchmarkKit"]),
    ],
    targets: [
        // Domain: events, state, the reducer(s) and what a person sees.
        .target(name: "SelectionCore"),
        // Traces: the JSON Lines codec and replay.
        .target(name: "SelectionTrace", dependencies: ["SelectionCore", "CCRC32C"]),
        // CRC-32C with the SSE4.2 instruction, chosen at run time; software fallback in Swift.
        .target(name: "CCRC32C"),

        // Pointer input, grid layout, gesture recognition and synthetic user sessions.
        .target(name: "GestureInput", dependencies: ["SelectionCore", "SelectionTrace"]),

        // Load exploration: sweeps of grid size × workload × engine, fits, plots, reports.
        .target(name: "Exploration", dependencies: ["SelectionCore", "SelectionTrace", "GestureInput", "BenchmarkKit"]),

        // Property-based testing: generators, properties, shrinking; used by tests and gridsim.
        .target(name: "PropertyTesting", dependencies: ["SelectionCore", "SelectionTrace"]),

        // The typed argument parser, usage errors and exit codes of gridsim and gridsim-bench.
        // It imports nothing, so neither command pulls anything in through it.
        .target(name: "CommandLineKit"),

        // Allocation counts come from jemalloc (libjemalloc-dev).
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        .target(name: "BenchmarkKit", dependencies: ["CJemalloc"]),

        // CRoaring is a benchmark peer only (libroaring-dev); no product links it otherwise.
        .systemLibrary(name: "CRoaring", path: "Benchmarks/CRoaring", providers: [.apt(["libroaring-dev"])]),
        .target(
            name: "GridSimBenchmarks",
            dependencies: [
                "SelectionCore", "SelectionTrace", "GestureInput", "PropertyTesting", "BenchmarkKit", "CRoaring",
                "CommandLineKit",
            ],
            path: "Benchmarks/GridSimBenchmarks"
        ),
        .executableTarget(
            name: "gridsim-bench",
            dependencies: ["GridSimBenchmarks"],
            path: "Benchmarks/gridsim-bench"
        ),

        // The command line: a library so that tests drive it in-process. `gridsim bench` hands
        // over to the gridsim-bench executable, so the benchmark peers stay out of `gridsim`.
        .target(
            name: "GridSimCLI",
            dependencies: ["SelectionCore", "SelectionTrace", "PropertyTesting", "GestureInput", "Exploration", "CommandLineKit"]
        ),
        .executableTarget(name: "gridsim", dependencies: ["GridSimCLI"]),

        .testTarget(name: "SelectionCoreTests", dependencies: ["SelectionCore", "TestSupport"]),
        .testTarget(name: "SelectionTraceTests", dependencies: ["SelectionCore", "SelectionTrace", "TestSupport"]),
        .testTarget(name: "GestureInputTests", dependencies: ["GestureInput", "SelectionCore", "SelectionTrace"]),
        .testTarget(name: "ExplorationTests", dependencies: ["Exploration"]),
        .testTarget(name: "PropertyTestingTests", dependencies: ["PropertyTesting", "SelectionCore", "SelectionTrace"]),
        .testTarget(name: "GridSimCLITests", dependencies: ["GridSimCLI", "SelectionTrace", "gridsim", "TestSupport", "CommandLineKit"]),
        .testTarget(name: "BenchmarkKitTests", dependencies: ["BenchmarkKit", "GridSimBenchmarks", "TestSupport", "CommandLineKit"]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        // What several test targets share: scratch directories removed at exit, a seeded generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
