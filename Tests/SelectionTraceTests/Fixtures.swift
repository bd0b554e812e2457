import Foundation

/// Paths inside the package, found from this file so tests run from any directory.
enum Fixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let tracesDirectory = packageRoot.appendingPathComponent("Traces")

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
