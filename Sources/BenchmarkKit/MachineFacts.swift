import Foundation

/// The machine a run measured, so that two reports can be told apart.
public struct MachineFacts: Codable, Sendable {
    /// `model name` from /proc/cpuinfo, or `unknown`.
    public var cpuModel: String
    /// Logical processors online, and those the process may use.
    public var processors: Int
    public var activeProcessors: Int
    public var memoryBytes: UInt64
    /// `uname`: system, release, version, machine.
    public var kernel: String
    public var hostName: String

    /// Reads the facts of this machine. Never fails; unknown facts say `unknown`.
    public static func current() -> MachineFacts {
        let info = ProcessInfo.processInfo
        return MachineFacts(
            cpuModel: cpuModelName() ?? "unknown",
            processors: info.processorCount,
            activeProcessors: info.activeProcessorCount,
            memoryBytes: info.physicalMemory,
            kernel: kernelDescription(),
            hostName: info.hostName)
    }

    private static func cpuModelName() -> String? {
        guard let cpuinfo = readSmallFile("/proc/cpuinfo") else { return nil }
        for line in cpuinfo.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static func kernelDescription() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "unknown" }
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return [field(names.sysname), field(names.release), field(names.version), field(names.machine)]
            .joined(separator: " ")
    }
}

/// How the measured code was built, and from which commit.
public struct BuildFacts: Codable, Sendable {
    /// `debug` or `release` (from the `DEBUG` compilation condition of the caller).
    public var configuration: String
    /// The compiler that built this binary, from `#if compiler(...)`: e.g. `6.3`.
    public var swiftCompiler: String
    /// First line of `swift --version` at run time, if a toolchain is on the PATH.
    public var swiftVersionOutput: String?
    /// `git rev-parse HEAD` of the working directory's repository, or `unknown`.
    public var gitCommit: String
    /// Whether `git status --porcelain` listed changes (the commit alone does not describe
    /// the code measured).
    public var gitDirty: Bool?
    public var jemallocVersion: String

    /// Collects the facts; `configuration` comes from the caller because `#if DEBUG` is
    /// decided per module. Git runs in `repository` (the package root) when given.
    public static func current(configuration: String, repository: String?) -> BuildFacts {
        let commit = run(["git", "rev-parse", "HEAD"], in: repository)?.trimmingCharacters(in: .whitespacesAndNewlines)
        let status = commit == nil ? nil : run(["git", "status", "--porcelain", "--untracked-files=no"], in: repository)
        return BuildFacts(
            configuration: configuration,
            swiftCompiler: compilerVersion,
            swiftVersionOutput: run(["swift", "--version"])?.split(separator: "\n").first.map(String.init),
            gitCommit: (commit?.isEmpty ?? true) ? "unknown" : commit!,
            gitDirty: status.map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty },
            jemallocVersion: AllocationCounter.jemallocVersion)
    }

    /// The compiler version, decided when this file was compiled.
    public static var compilerVersion: String {
        #if compiler(>=7.0)
        return ">=7.0"
        #elseif compiler(>=6.4)
        return "6.4"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    /// Runs a tool found on the PATH and returns its standard output; nil if it cannot run
    /// or fails.
    private static func run(_ arguments: [String], in directory: String? = nil) -> String? {
        let process = Process()
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
