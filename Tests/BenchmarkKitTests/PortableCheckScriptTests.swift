import Foundation
import TestSupport
import Testing

/// `scripts/portable-check`, which CI runs over the GridSimRecorder product: it reads a
/// product's module closure from the manifest and fails on an import an app on iOS or macOS
/// cannot have, a Glibc import without its Darwin branch, or jemalloc in the closure. Checked
/// on a fixture package with one product per rule (one manifest, evaluated once).
@Suite("scripts/portable-check")
struct PortableCheckScriptTests {
    static let script = PackageRoot.appending("scripts/portable-check")

    static let manifest = """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "Fixture",
            products: [
                .library(name: "Portable", targets: ["Portable"]),
                .library(name: "Unguarded", targets: ["Unguarded"]),
                .library(name: "NoDarwin", targets: ["NoDarwin"]),
                .library(name: "Foreign", targets: ["Foreign"]),
                .library(name: "Harness", targets: ["Harness"]),
            ],
            targets: [
                .target(name: "Portable", dependencies: ["Helper"]),
                .target(name: "Helper"),
                .target(name: "Unguarded", dependencies: ["Helper"]),
                .target(name: "NoDarwin"),
                .target(name: "Foreign"),
                .target(name: "Harness", dependencies: ["BenchmarkKit"]),
                .target(name: "BenchmarkKit"),
            ]
        )
        """

    static let sources: [String: String] = [
        "Portable/Portable.swift": """
            #if canImport(Glibc)
            import Glibc
            #elseif canImport(Musl)
            import Musl
            #elseif canImport(Darwin)
            import Darwin
            #endif
            import Foundation
            @_spi(Internals) import Helper
            import struct Dispatch.DispatchTime
            public func now() -> Int { Helper.value }
            """,
        "Helper/Helper.swift": "import Synchronization\npublic enum Helper { public static let value = 1 }\n",
        "Unguarded/Unguarded.swift": "import Foundation\nimport Glibc\npublic let x = 1\n",
        "NoDarwin/NoDarwin.swift": "#if canImport(Glibc)\nimport Glibc\n#endif\npublic let y = 2\n",
        "Foreign/Foreign.swift": "import Foundation\n@preconcurrency import UIKit\npublic let z = 3\n",
        "Harness/Harness.swift": "import BenchmarkKit\n",
        "BenchmarkKit/BenchmarkKit.swift": "public let w = 4\n",
    ]

    /// The fixture package, written once per test process.
    static let fixture: URL = {
        let root = try! ScratchDirectory.make("portable-check")
        try! manifest.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for (path, text) in sources {
            let file = root.appendingPathComponent("Sources/" + path)
            try! FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! text.write(to: file, atomically: true, encoding: .utf8)
        }
        return root
    }()

    func run(_ product: String) throws -> (status: Int32, errors: String) {
        try ChildProcess.runForErrors(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Self.script.path, "--package-path", Self.fixture.path, "--product", product])
    }

    @Test("a product that imports only what an app can link passes")
    func portable() throws {
        let result = try run("Portable")
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test("each broken rule fails and is named", arguments: [
        ("Unguarded", "Sources/Unguarded/Unguarded.swift:2: imports Glibc outside #if canImport(Glibc)"),
        ("NoDarwin", "Sources/NoDarwin/NoDarwin.swift:2: imports Glibc in an #if chain (line 1) with no canImport(Darwin) branch"),
        ("Foreign", "Sources/Foreign/Foreign.swift:2: imports UIKit, which is not Foundation, Dispatch, Synchronization"),
        ("Harness", "Harness depends on BenchmarkKit: no app can link it"),
    ])
    func broken(product: String, message: String) throws {
        let result = try run(product)
        #expect(result.status == 1)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test("GridSimRecorder, as the package has it, passes")
    func theRecorder() throws {
        let result = try ChildProcess.runForErrors(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.script.path])
        #expect(result.status == 0, "\(result.errors)")
    }
}
