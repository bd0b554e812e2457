// swift-tools-version:6.0
import PackageDescription

// An app's own selection code, checked and benchmarked with GridSim's kit: the grid seed's
// model (Set<String>, formIntersection), an adapter, conformance and property tests, and a
// benchmark executable gated against a baseline saved here. The model also records its
// sessions through GridSim's window recorder, which a session executable and a kill test show
// end to end.
let package = Package(
    name: "SeedGrid",
    dependencies: [
        .package(name: "GridSim", path: "../..")
    ],
    targets: [
        // The model, as the grid seed writes it: plain Swift, no GridSim.
        .target(name: "SeedGrid"),
        // GridSim's view of it: the adapter the tests and the benchmark share.
        .target(
            name: "SeedGridConformance",
            dependencies: ["SeedGrid", .product(name: "GridSimKit", package: "GridSim")]),
        // The model recording its sessions for bug reports: each gesture applied, then recorded
        // with what the model shows into GridSim's window recorder. Links what an app links:
        // GridSimRecorder alone.
        .target(
            name: "SeedGridRecording",
            dependencies: ["SeedGrid", .product(name: "GridSimRecorder", package: "GridSim")]),
        // A copy of the model with a bug real photo apps have shipped (the selection kept by grid
        // position), for the tests to catch and the session executable to record.
        .target(
            name: "SeedGridBugs",
            dependencies: [
                "SeedGrid", "SeedGridConformance", "SeedGridRecording", .product(name: "GridSimKit", package: "GridSim"),
            ]),
        .testTarget(
            name: "SeedGridTests",
            dependencies: [
                "SeedGrid", "SeedGridConformance", "SeedGridBugs", "SeedGridRecording", "seedgrid-session",
                "seedgrid-adapter",
                .product(name: "GridSimKit", package: "GridSim"),
            ]),
        // The model through a long seeded session, recorded into a window file, printing each
        // event's number once recorded: what the kill test SIGKILLs, and a demo to run by hand.
        .executableTarget(
            name: "seedgrid-session", dependencies: ["SeedGrid", "SeedGridConformance", "SeedGridRecording", "SeedGridBugs"]),
        .executableTarget(
            name: "seedgrid-bench",
            dependencies: ["SeedGridConformance", .product(name: "GridSimKitBenchmarks", package: "GridSim")]),
        // The model behind GridSim's line protocol (docs/adapter-protocol.md): requests on
        // standard input, answers on standard output, events mapped by the gestures the
        // in-process adapter uses. `--bug positional` serves the copy with the planted bug.
        .executableTarget(
            name: "seedgrid-adapter",
            dependencies: ["SeedGrid", "SeedGridConformance", "SeedGridBugs", .product(name: "GridSimKit", package: "GridSim")]),
        // The protocol's transport alone, no model: what the pipe costs, measured without one.
        .executableTarget(name: "echo-adapter"),
    ],
    swiftLanguageModes: [.v6]
)
