import Foundation
@testable import GridSimCLI
import TestSupport
import Testing

@Suite("gridsim bench hands over to gridsim-bench")
struct BenchHandoverTests {
    /// A stand-in `gridsim-bench` that records its arguments and exits with code 5.
    private func fakeBench(in directory: URL) throws -> URL {
        let script = directory.appendingPathComponent(BenchHandover.executableName)
        let record = directory.appendingPathComponent("arguments.txt")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\nexit 5\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return record
    }

    @Test func argumentsAndExitCodePassThrough() throws {
        let directory = try ScratchDirectory.make("bench-handover")
        let record = try fakeBench(in: directory)
        let captured = Captured()
        let code = BenchHandover.run(["--quick", "--filter", "toggle"], from: directory, console: captured.console)
        #expect(code == 5)
        #expect(try String(contentsOf: record, encoding: .utf8) == "--quick\n--filter\ntoggle\n")
        #expect(captured.err == "")
    }

    @Test func aMissingExecutableIsAClearError() throws {
        let directory = try ScratchDirectory.make("bench-missing")
        let captured = Captured()
        let code = BenchHandover.run(["--help"], from: directory, console: captured.console)
        #expect(code == 1)
        #expect(captured.err.contains("runs gridsim-bench, which is not at \(directory.path)/gridsim-bench"))
        #expect(captured.err.contains("swift build -c release --product gridsim-bench"))
    }
}
