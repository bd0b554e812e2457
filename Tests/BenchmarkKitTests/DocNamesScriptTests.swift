import Foundation
import TestSupport
import Testing

/// `scripts/doc-names`, which CI runs over the docs: every type they name in backquotes is
/// declared in the code, and each one that is not is listed with its file and line.
@Suite("scripts/doc-names")
struct DocNamesScriptTests {
    static let script = PackageRoot.appending("scripts/doc-names")

    static let sources = """
        public struct TraceError: Error {
            public enum Kind { case cannotOpen }
        }
        public struct Step {}
        extension Gone {}

        """

    /// Runs the script over a package made of `files` (path: contents).
    func run(_ files: [String: String]) throws -> (status: Int32, errors: String) {
        let root = try ScratchDirectory.make("doc-names")
        for (path, contents) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: file, atomically: true, encoding: .utf8)
        }
        return try ChildProcess.runForErrors(Self.script, [root.path])
    }

    @Test func aNameNothingDeclaresIsExit1WithItsFileAndLine() throws {
        let result = try run([
            "Sources/SelectionTrace/TraceError.swift": Self.sources,
            "docs/kit.md": "# The kit\n\n`TraceError` and `TraceFileError` say why one cannot be read.\n",
            // An extension is not a declaration of the type.
            "Benchmarks/README.md": "`Gone` is extended, never declared.\n",
        ])
        #expect(result.status == 1)
        #expect(result.errors == "docs/kit.md:3: `TraceFileError`\nBenchmarks/README.md:1: `Gone`\n")
    }

    @Test func everyNameDeclaredIsExit0() throws {
        let readme = """
            `TraceError.Kind`, `TraceError.Kind.cannotOpen` and `Step(outcome:effects:)` exist; the
            module `SelectionTrace` too. `JSON`, `SIGKILL`, `Set<String>`, `Package.swift`,
            `Sources/Gone.swift`, `Gone -> Away` and `Gone = 1` name no type.

            ```swift
            let gone = Gone()  // code blocks are not read
            ```

            """
        let result = try run([
            "Sources/SelectionTrace/TraceError.swift": Self.sources,
            "Package.swift": "let package = Package(name: \"P\", targets: [.target(name: \"SelectionTrace\")])\n",
            "README.md": readme,
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "")
    }
}
