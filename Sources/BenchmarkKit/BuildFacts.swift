import Foundation

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
        ExternalTool.output(of: "/usr/bin/env", arguments, input: nil, in: directory)
    }
}
