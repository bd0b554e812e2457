import Foundation

/// Runs a command under `valgrind --tool=callgrind`, counting only inside `countedRegion`,
/// and reads the totals callgrind writes at exit: what the region cost, and nothing else.
/// One process per counted loop (callgrind 3.19 ignores `--dump-after` for the region here,
/// so one process cannot tell two regions apart).
///
/// The cache, when simulated, has a fixed geometry (`--I1`, `--D1`, `--LL` below) rather than
/// the host's, so that miss counts mean the same on every machine: 32 KiB 8-way L1s and an
/// 8 MiB 16-way last level, 64-byte lines. Instruction counts depend only on the code that
/// runs: the build, the toolchain, and the processor features the code asks for at run time
/// (CRC-32C's SSE4.2 path).
public struct CallgrindInvocation {
    /// `valgrind`, found on `PATH` unless given.
    public var valgrind: String
    /// Simulate the caches (`--cache-sim=yes`): last-level misses, at about twice the cost.
    public var simulateCache: Bool

    public init(valgrind: String? = nil, simulateCache: Bool) {
        self.valgrind = valgrind ?? Self.findOnPath("valgrind") ?? "valgrind"
        self.simulateCache = simulateCache
    }

    /// Why a counted run failed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The arguments before the command, for `outputDirectory`.
    public func valgrindArguments(outputDirectory: URL) -> [String] {
        var arguments = [
            "--tool=callgrind",
            "--collect-atstart=no",
            // The optimiser may call a clone of the region specialised for its closure
            // (`$s28gridsim_bench_counted_region…Tf1c_n`), hence the wildcards.
            "--toggle-collect=*\(countedRegionSymbol)*",
            "--dump-instr=no",
            "--callgrind-out-file=\(outputDirectory.path)/count.out",
        ]
        if simulateCache {
            arguments += ["--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"]
        }
        return arguments
    }

    /// Runs `command` (an executable and its arguments) under callgrind with `environment`,
    /// its standard output returned and its standard error passed through, and returns the
    /// totals of its counted regions and their per-function profile. Throws when valgrind is
    /// missing or the command fails. O(the command's run under valgrind: some 50× its native
    /// time).
    public func run(_ command: [String], environment: [String: String]) throws -> (totals: CallgrindOutput, profile: CallProfile, standardOutput: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gridsim-count-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var command = command
        if let executable = command.first {
            command[0] = try Self.withoutDebugInfo(executable, in: directory)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = valgrindArguments(outputDirectory: directory) + ["--log-file=\(directory.path)/valgrind.log"] + command
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(valgrind): \(error) (install valgrind: scripts/setup)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let standardOutput = String(decoding: data, as: UTF8.self)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let log = (try? String(contentsOf: directory.appendingPathComponent("valgrind.log"), encoding: .utf8)) ?? ""
            throw Failure(description: "the counted run exited with status \(process.terminationStatus); valgrind's log ends:\n\(log.split(separator: "\n").suffix(15).joined(separator: "\n"))")
        }
        let text = try String(contentsOf: directory.appendingPathComponent("count.out"), encoding: .utf8)
        do {
            let totals = try CallgrindOutput(parsing: text, name: "count.out")
            let profile = try CallProfile(parsing: text, name: "count.out").withoutIdleFunctions()
            return (totals, profile, standardOutput)
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// A copy of `executable` in `directory` without its debug sections (`objcopy
    /// --strip-debug`). Swift 6 writes DWARF 5, which valgrind 3.19 (Debian 12) cannot read:
    /// it gives up on the whole binary. Callgrind needs only the symbol table, which the copy
    /// keeps, to find `countedRegion`; the code is the same bytes. O(binary size).
    static func withoutDebugInfo(_ executable: String, in directory: URL) throws -> String {
        guard let objcopy = findOnPath("objcopy") else {
            throw Failure(description: "objcopy (binutils) is needed to strip DWARF 5 debug information, which valgrind cannot read; install binutils (scripts/setup)")
        }
        let copy = directory.appendingPathComponent(URL(fileURLWithPath: executable).lastPathComponent).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: objcopy)
        process.arguments = ["--strip-debug", executable, copy]
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "objcopy --strip-debug \(executable) failed with status \(process.terminationStatus)")
        }
        return copy
    }

    /// Whether valgrind can be found. O(PATH entries).
    public var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: valgrind) }

    static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
