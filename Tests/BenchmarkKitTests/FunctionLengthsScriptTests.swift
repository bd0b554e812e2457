import Foundation
import TestSupport
import Testing

/// `scripts/function-lengths`, which CI runs over Sources: it counts a function from its
/// declaration to its closing brace, ignores braces in strings and comments, and lets a table
/// of data through when a comment says so.
@Suite("scripts/function-lengths")
struct FunctionLengthsScriptTests {
    static let script = PackageRoot.appending("scripts/function-lengths")

    /// Runs the script over a directory holding `source` as one file, limit 5.
    func run(_ source: String) throws -> (status: Int32, errors: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("function-lengths-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try source.write(to: directory.appendingPathComponent("Sample.swift"), atomically: true, encoding: .utf8)
        return try ChildProcess.runForErrors(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.script.path, "--limit", "5", directory.path])
    }

    @Test func aLongFunctionFailsAndIsNamed() throws {
        let result = try run("struct A {\n    func long() {\n        _ = 1\n        _ = 2\n        _ = 3\n        _ = 4\n    }\n}\n")
        #expect(result.status == 1)
        #expect(result.errors.contains("Sample.swift:2: func long is 6 lines (limit 5)"), "\(result.errors)")
    }

    @Test func bracesInStringsAndCommentsDoNotCount() throws {
        let result = try run("func short() {\n    let a = \"}}}{\" // {{\n    /* { */ _ = a\n}\nfunc other() { }\n")
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test func aTableOfDataMaySaySo() throws {
        let body = (1...8).map { "        \"\($0)\"," }.joined(separator: "\n")
        let table = "    // function-lengths: table\n    static func rows() -> [String] {\n        [\n\(body)\n        ]\n    }\n"
        #expect(try run("enum T {\n\(table)}\n").status == 0)
        #expect(try run("enum T {\n\(table.replacingOccurrences(of: "table\n", with: "\n"))}\n").status == 1)
    }
}
