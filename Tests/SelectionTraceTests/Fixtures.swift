import Foundation
import TestSupport

/// The scenario traces of the package's Traces/ folder.
enum Fixtures {
    static let tracesDirectory = PackageRoot.appending("Traces")

    /// Every text trace directly in Traces/, each with a checked report beside it. Throws when
    /// the folder is missing or holds no trace.
    static var scenarioTraces: [String] {
        get throws { try FixtureFolder.names(in: "Traces", suffix: ".jsonl") }
    }

    static func path(ofTrace name: String) -> String {
        tracesDirectory.appendingPathComponent(name).path
    }

    static func reportPath(ofTrace name: String) -> String {
        tracesDirectory.appendingPathComponent(String(name.dropLast(".jsonl".count)) + ".report.json").path
    }
}
