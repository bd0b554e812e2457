import Foundation
import TestSupport
import Testing

/// `scripts/api-check`, which CI runs against the last release, pointed at a throwaway git
/// repository holding a package of one small library: release 1.0.0 committed and recorded,
/// then changed. A few seconds a build of the little package; half a minute in all.
@Suite("scripts/api-check")
struct APICheckScriptTests {
    static let script = PackageRoot.appending("scripts/api-check")

    static let manifest = """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "Tiny",
            products: [.library(name: "Tiny", targets: ["Tiny"])],
            targets: [.target(name: "Tiny")]
        )

        """

    /// Release 1.0.0: two public functions, one of the SPI group the script does not
    /// diagnose, one `package`.
    static let released = """
        public func greet() -> String { "hello" }
        public func farewell() -> String { "bye" }
        @_spi(GridSimInternals) public func secret() -> Int { 1 }
        package func helper() -> Int { 2 }

        """

    static func changelog(unreleased: String) -> String {
        "# Changelog\n\n## [Unreleased]\n\(unreleased)\n## [1.0.0] - 2026-01-01\n\n### Added\n\n- `greet()`.\n"
    }

    /// A git repository in a scratch directory: the package, its changelog and the release.
    struct Repository {
        let root: URL

        init() throws {
            root = try ScratchDirectory.make("api-check")
            try write(".build/\n", to: ".gitignore")
            try write(APICheckScriptTests.manifest, to: "Package.swift")
            try write(APICheckScriptTests.released, to: "Sources/Tiny/Tiny.swift")
            try write(APICheckScriptTests.changelog(unreleased: ""), to: "CHANGELOG.md")
            try git("init", "-q")
            try git("add", "-A")
            try git("commit", "-q", "-m", "Release 1.0.0")
            try git("tag", "-a", "-m", "1.0.0", "v1.0.0")
            let release = try git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
            try write("# version commit\n1.0.0 \(release)\n", to: "Benchmarks/baselines/releases.txt")
            try git("add", "-A")
            try git("commit", "-q", "-m", "Record release 1.0.0")
        }

        func write(_ text: String, to path: String) throws {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }

        @discardableResult
        func git(_ arguments: String...) throws -> String {
            let identity = ["-c", "user.name=Test", "-c", "user.email=test@example.com"]
            let result = try APICheckScriptTests.run("/usr/bin/env", ["git", "-C", root.path] + identity + arguments)
            guard result.status == 0 else {
                throw Failure(description: "git \(arguments.joined(separator: " ")): \(result.output)")
            }
            return result.output
        }

        /// `scripts/api-check` on this repository: its exit status and everything it printed.
        func check(_ arguments: String...) throws -> (status: Int32, output: String) {
            try APICheckScriptTests.run(APICheckScriptTests.script.path, arguments + ["--package-path", root.path])
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a process to its end, standard output and error read together.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try ChildProcess.runMerged(URL(fileURLWithPath: executable), arguments)
    }

    @Test("a break fails, naming it, until CHANGELOG.md announces it under a new major version")
    func breaksMustBeAnnounced() throws {
        let repository = try Repository()

        // A tag that names another commit than releases.txt is a setup error; a clone without
        // the tag finds the release in releases.txt.
        try repository.git("tag", "-f", "-a", "-m", "wrong", "v1.0.0", "HEAD")
        let disagreeing = try repository.check()
        #expect(disagreeing.status == 2, "\(disagreeing.output)")
        #expect(disagreeing.output.contains("tag v1.0.0 is commit"), "\(disagreeing.output)")
        try repository.git("tag", "-d", "v1.0.0")

        // Added API, a changed SPI declaration and a changed `package` one: no break.
        try repository.write(
            """
            public func greet() -> String { "hello" }
            public func farewell() -> String { "bye" }
            public func wave() -> String { "o/" }
            @_spi(GridSimInternals) public func secret(_ times: Int) -> Int { times }
            package func helper(_ name: String) -> String { name }

            """, to: "Sources/Tiny/Tiny.swift")
        let additive = try repository.check()
        #expect(additive.status == 0, "\(additive.output)")
        #expect(additive.output.contains("no breaking change since 1.0.0"), "\(additive.output)")

        // The release's API, recorded as CI reads it.
        let record = try repository.check("--record")
        #expect(record.status == 0, "\(record.output)")
        #expect(FileManager.default.fileExists(
            atPath: repository.root.appendingPathComponent("Benchmarks/baselines/api/1.0.0/Tiny.json").path))

        // A public function removed, another made `package`: each a break, named.
        try repository.write(
            """
            package func farewell() -> String { "bye" }
            public func wave() -> String { "o/" }

            """, to: "Sources/Tiny/Tiny.swift")
        let removed = try repository.check()
        #expect(removed.status == 1, "\(removed.output)")
        #expect(removed.output.contains("NOT ANNOUNCED: Tiny: func greet() has been removed"), "\(removed.output)")
        #expect(removed.output.contains("NOT ANNOUNCED: Tiny: func farewell() has been removed"), "\(removed.output)")

        // Announced under a minor version: still a failure, saying which version; under 2.0.0,
        // every line: a pass.
        let lines = "Tiny: func greet() has been removed\nTiny: func farewell() has been removed"
        for (version, status, says) in [("1.1.0", 1, "Next version: 2.0.0"), ("2.0.0", 0, "every one is announced under 2.0.0")] {
            try repository.write(
                APICheckScriptTests.changelog(unreleased: "\nNext version: \(version)\n\n### Breaking\n\n```\n\(lines)\n```\n"),
                to: "CHANGELOG.md")
            let announced = try repository.check()
            #expect(announced.status == Int32(status), "\(version): \(announced.output)")
            #expect(announced.output.contains(says), "\(version): \(announced.output)")
        }
    }
}
