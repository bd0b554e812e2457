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
        // For other packages: check your own selection code against SPEC.md (no jemalloc).
        .library(name: "GridSimKit", targets: ["GridSimKit"]),
        // For other packages: benchmark your own selection code beside GridSim's (links jemalloc).
        .library(name: "GridSimKitBenchmarks", targets: ["GridSimKitBenchmarks"]),
        // For apps: record the users' gestures for bug reports, a whole session or the last
        // events in a file of fixed size (Foundation and the standard library only).
        .library(name: "GridSimRecorder", targets: ["GridSimRecorder"]),
    ],
    targets: [
        // The slot collections: photo ids to slots, the grid's order of slots, the selection
        // bitmap with its snapshots and journal, the grid diff. Knows nothing of events. GridSim's
        // own: no product offers it and no module re-exports it.
        .target(
            name: "SelectionSlots",
            swiftSettings: [
                // The invariant check after every mutation: on in debug builds, and in a
                // release build given `-Xswiftc -DSLOTS_INTERNAL_CHECKS`.
                .define("SLOTS_INTERNAL_CHECKS", .when(configuration: .debug))
            ]),
        // Domain: events, state, the reducer(s) and what a person sees. Public: the events,
        // steps, effects, announcements and state an adapter speaks; the engines are
        // `@_spi(GridSimInternals)` (docs/architecture.md, "What is public").
        .target(name: "SelectionCore", dependencies: ["SelectionSlots"]),
        // Seeded generators (SplitMix64, xoshiro256**) and the bounded draws written out: the
        // one source of randomness of sessions, property traces, workloads and tests.
        .target(name: "SeededRandom"),
        // The trace formats: a trace in memory, the JSON parser and writer, the text (JSON Lines)
        // and binary (.gstrace) codecs with their CRC, conversion between them, and the sinks
        // they write to. The binary reader also applies its slot events to a FastEngine, in a
        // loop beside the decoder (replay's fast path, which TraceReplay calls). Public: a
        // trace in memory, read from and written as text, and its errors; the codecs are
        // `@_spi(GridSimInternals)`.
        .target(name: "SelectionTrace", dependencies: ["SelectionCore", "SelectionSlots", "CCRC32C"]),
        // Replay and its reports: a trace file read event by event into an engine, the state
        // after a step, `gridsim replay`'s JSON and table streamed, `gridsim inspect`'s
        // description. GridSim's own: `@_spi(GridSimInternals)`, no product offers it.
        .target(name: "TraceReplay", dependencies: ["SelectionCore", "SelectionSlots", "SelectionTrace"]),
        // Recording: a trace file written as events happen, committed within a loss window and
        // published whole (`gridsim record`), and conversions between the formats. GridSim's
        // own: `@_spi(GridSimInternals)`, no product offers it.
        .target(name: "TraceRecording", dependencies: ["SelectionCore", "SelectionSlots", "SelectionTrace"]),
        // The recorder an app links: a whole session through TraceRecorder, or a flight
        // recorder of the last events in one memory-mapped file of fixed size, with a reducer
        // off the app's thread checkpointing the state before them (docs/recorder.md). Its
        // module closure stays Foundation, Dispatch, Synchronization and GridSim's own modules
        // (scripts/portable-check): no jemalloc, no benchmark harness.
        .target(
            name: "GridSimRecorder", dependencies: ["SelectionCore", "SelectionSlots", "SelectionTrace", "TraceRecording"]),
        // CRC-32C with the SSE4.2 instruction, chosen at run time; software fallback in Swift.
        .target(name: "CCRC32C"),

        // Pointer input, grid layout and gesture recognition: fingers to events.
        .target(name: "GestureInput", dependencies: ["SelectionCore", "SelectionTrace", "SeededRandom"]),
        // Synthetic user sessions: a seeded model of a person using the grid (the workload
        // mixes, PhotoKit-style ids, a library that keeps its size), as events and as pointer
        // input; what `gridsim generate`, `record --from synthetic` and `explore` play.
        .target(
            name: "SyntheticSessions",
            dependencies: ["SelectionCore", "SelectionSlots", "SelectionTrace", "SeededRandom", "GestureInput"]),

        // Load exploration: sweeps of grid size × workload × engine, fits, plots, reports.
        .target(
            name: "Exploration",
            dependencies: ["SelectionCore", "SelectionTrace", "GestureInput", "SyntheticSessions", "BenchmarkTiming"]),

        // Property-based testing: generators, properties, shrinking; used by tests and gridsim.
        .target(
            name: "PropertyTesting", dependencies: ["SelectionCore", "SelectionSlots", "SelectionTrace", "TraceReplay", "SeededRandom"]),

        // The kit for other packages' selection code: an adapter protocol, conformance cases,
        // differential property runs and trace folders. Links nothing an app's tests cannot.
        .target(
            name: "GridSimKit",
            dependencies: ["SelectionCore", "SelectionTrace", "TraceReplay", "PropertyTesting", "SeededRandom", "TraceView"]),

        // Selection code in any language, driven as a subprocess over the line protocol
        // (docs/adapter-protocol.md): the process and its pipes, the requests, the answers
        // checked line by line, and the adapter the kit's checks reach it through. GridSim's
        // own: what `gridsim conform`, `differ`, `compare` and `pipe-bench` run.
        .target(
            name: "AdapterProtocol",
            dependencies: ["GridSimKit", "SelectionCore", "SelectionTrace", "PropertyTesting", "SeededRandom"]),

        // A trace as one self-contained HTML page that replays it step by step: what
        // `gridsim view` writes, and the kit beside a counterexample, with the adapter's side.
        // Pure Swift, so the kit can link it.
        .target(
            name: "TraceView",
            dependencies: ["SelectionCore", "SelectionSlots", "SelectionTrace", "TraceReplay", "GestureInput"],
            // The page's markup, style sheet and script, compiled in as bytes so that a page
            // needs no file beside the binary (`gridsim` stays one self-contained file).
            resources: [.embedInCode("Page/page.html"), .embedInCode("Page/page.css"), .embedInCode("Page/page.js")]
        ),

        // The typed argument parser, usage errors and exit codes of gridsim and gridsim-bench.
        // It imports nothing, so neither command pulls anything in through it.
        .target(name: "CommandLineKit"),

        // The benchmark clock, black hole and machine facts: no dependencies, so no jemalloc.
        .target(name: "BenchmarkTiming"),
        // Allocation counts come from jemalloc (libjemalloc-dev).
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        .target(name: "BenchmarkKit", dependencies: ["CJemalloc", "BenchmarkTiming"]),

        // CRoaring is a benchmark peer only (libroaring-dev); no product links it otherwise.
        .systemLibrary(name: "CRoaring", path: "Benchmarks/CRoaring", providers: [.apt(["libroaring-dev"])]),
        .target(
            name: "GridSimBenchmarks",
            dependencies: [
                "SelectionCore", "SelectionSlots", "SelectionTrace", "TraceReplay", "GestureInput", "SyntheticSessions",
                "PropertyTesting", "BenchmarkKit", "SeededRandom", "CRoaring", "CommandLineKit", "GridSimKit", "GridSimRecorder",
            ],
            path: "Benchmarks/GridSimBenchmarks"
        ),
        // The kit's benchmark half: an adapter as a subject of GridSim's suites, with their gate.
        .target(name: "GridSimKitBenchmarks", dependencies: ["GridSimKit", "SelectionCore", "GridSimBenchmarks"]),
        .executableTarget(
            name: "gridsim-bench",
            dependencies: ["GridSimBenchmarks"],
            path: "Benchmarks/gridsim-bench"
        ),

        // The command line: a library so that tests drive it in-process. `gridsim bench` hands
        // over to the gridsim-bench executable, so the benchmark peers stay out of `gridsim`.
        .target(
            name: "GridSimCLI",
            dependencies: [
                "SelectionCore", "SelectionSlots", "SelectionTrace", "TraceReplay", "TraceRecording", "PropertyTesting",
                "GestureInput", "SyntheticSessions", "Exploration", "CommandLineKit", "TraceView", "GridSimRecorder",
                "AdapterProtocol", "GridSimKit",
            ]
        ),
        .executableTarget(name: "gridsim", dependencies: ["GridSimCLI"]),

        .testTarget(
            name: "SelectionSlotsTests", dependencies: ["SelectionSlots", "SeededRandom", "TestSupport"],
            swiftSettings: [.define("SLOTS_INTERNAL_CHECKS", .when(configuration: .debug))]),
        .testTarget(name: "SelectionCoreTests", dependencies: ["SelectionCore", "SelectionSlots", "SeededRandom", "TestSupport"]),
        .testTarget(
            name: "SelectionTraceTests",
            dependencies: [
                "SelectionCore", "SelectionSlots", "SelectionTrace", "TraceReplay", "TraceRecording", "SeededRandom", "TestSupport",
            ]),
        .testTarget(
            name: "GestureInputTests",
            dependencies: ["GestureInput", "SelectionCore", "SelectionTrace", "TraceReplay", "SeededRandom", "TestSupport"]),
        .testTarget(
            name: "SyntheticSessionsTests",
            dependencies: ["SyntheticSessions", "GestureInput", "SelectionCore", "SelectionSlots", "SelectionTrace", "SeededRandom"]),
        .testTarget(name: "ExplorationTests", dependencies: ["Exploration", "SyntheticSessions"]),
        .testTarget(
            name: "PropertyTestingTests",
            dependencies: ["PropertyTesting", "SelectionCore", "SelectionSlots", "SelectionTrace", "SeededRandom", "TestSupport"]),
        .testTarget(
            name: "GridSimCLITests",
            dependencies: [
                "GridSimCLI", "SelectionCore", "SelectionSlots", "SelectionTrace", "TraceReplay", "SeededRandom", "gridsim",
                "TestSupport", "CommandLineKit", "GestureInput", "SyntheticSessions", "TraceView", "GridSimRecorder",
                "AdapterProtocol", "GridSimKit",
            ]),
        .testTarget(
            name: "BenchmarkKitTests",
            dependencies: [
                "BenchmarkKit", "GridSimBenchmarks", "SelectionSlots", "SyntheticSessions", "SeededRandom", "TestSupport",
                "CommandLineKit",
            ]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        // The recorder's tests; BenchmarkKit (jemalloc) only to count the window append's
        // allocations, which the product itself never links.
        .testTarget(
            name: "GridSimRecorderTests",
            dependencies: [
                "GridSimRecorder", "SelectionCore", "SelectionSlots", "SelectionTrace", "SyntheticSessions", "SeededRandom",
                "TestSupport", "BenchmarkKit", "gridsim-recorder-soak",
            ]),
        // The process the recorder's kill test SIGKILLs while it records a window.
        .executableTarget(
            name: "gridsim-recorder-soak",
            dependencies: ["GridSimRecorder", "SelectionCore", "SelectionTrace", "SyntheticSessions"],
            path: "Tests/RecorderSoak"),
        .testTarget(
            name: "GridSimKitTests",
            dependencies: [
                "GridSimKit", "GridSimKitBenchmarks", "PropertyTesting", "SelectionTrace", "TraceReplay", "TestSupport", "TraceView",
                "SeedGrid", "SeedGridRelease1",
            ]),
        // GridSimKit 1.0's SeedGrid adapter as tagged v1.0.0 and never edited, over the example's
        // model and gestures (unchanged since): the kit's tests check that an adapter written
        // to that release keeps passing.
        .target(name: "SeedGrid", path: "Examples/SeedGrid/Sources/SeedGrid"),
        .target(
            name: "SeedGridRelease1", dependencies: ["SeedGrid", "GridSimKit"],
            path: "Tests/Fixtures/SeedGrid-1.0.0/SeedGridConformance"),
        // What several test targets share: scratch directories removed at exit.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
