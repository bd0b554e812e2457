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

    /// Facts as given (tests make reports by hand); `current()` reads this machine's.
    public init(
        cpuModel: String, processors: Int, activeProcessors: Int, memoryBytes: UInt64, kernel: String, hostName: String
    ) {
        self.cpuModel = cpuModel
        self.processors = processors
        self.activeProcessors = activeProcessors
        self.memoryBytes = memoryBytes
        self.kernel = kernel
        self.hostName = hostName
    }

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
