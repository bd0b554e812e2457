import Foundation
import TestSupport

/// The scenario traces of the package's Traces/ folder.
enum Fixtures {
    static let tracesDirectory = PackageRoot.appending("Traces")

    /// Every text trace directly in Traces/ that has a checked report beside it.
    static var scenarioTraces: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tracesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted()
    }

    static func path(ofTrace name: String) -> String {
        tracesDirectory.appendingPathComponent(name).path
    }

    static func reportPath(ofTrace name: String) -> String {
        tracesDirectory.appendingPathComponent(String(name.dropLast(".jsonl".count)) + ".report.json").path
    }
}
