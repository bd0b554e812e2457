import Foundation

/// Where baselines live and how they are read and written: `Benchmarks/baselines/NAME.json`
/// under the package root, pretty-printed with sorted keys so that a changed baseline reads
/// well in a diff. Raw samples are left out (they are in `--json` output).
public struct BaselineStore {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The package's baseline directory: the nearest directory at or above `start` that holds
    /// a `Package.swift`, plus `Benchmarks/baselines`. Nil outside a package.
    public static func locate(from start: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> BaselineStore? {
        guard let root = packageRoot(from: start) else { return nil }
        return BaselineStore(directory: root.appendingPathComponent("Benchmarks/baselines", isDirectory: true))
    }

    /// The nearest directory at or above `start` containing `Package.swift`. O(depth).
    public static func packageRoot(from start: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> URL? {
        var directory = start.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }

    /// Baseline names are file names: letters, digits, `-`, `_`, `.`; no path separators.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
    }

    public func url(forName name: String) -> URL {
        directory.appendingPathComponent("\(name).json")
    }

    public func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: url(forName: name).path)
    }

    public func load(_ name: String) throws -> BenchmarkReport {
        let data = try Data(contentsOf: url(forName: name))
        return try ReportCoding.decode(data)
    }

    /// Writes `report` without raw samples; returns the file written.
    @discardableResult
    public func save(_ report: BenchmarkReport, as name: String) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let destination = url(forName: name)
        try ReportCoding.encode(report.withoutRawSamples(), pretty: true).write(to: destination, options: .atomic)
        return destination
    }
}

/// JSON encoding of reports, one configuration for every writer.
public enum ReportCoding {
    public static func encode(_ report: BenchmarkReport, pretty: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var data = try encoder.encode(report)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    public static func decode(_ data: Data) throws -> BenchmarkReport {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(BenchmarkReport.self, from: data)
    }
}
