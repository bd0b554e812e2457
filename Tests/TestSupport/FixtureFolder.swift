import Foundation

/// The fixtures a test reads from a folder of the package, such as the traces of `Traces/`.
///
/// A folder that is missing, or holds no fixture, is an error, never an empty list: a moved or
/// emptied folder must fail the tests that read it, not give them nothing to check. A
/// parameterised test takes its cases with `try` (`@Test(arguments: try …)`): Swift Testing
/// records the error as a failure of that test (an empty argument list would only skip it).
public enum FixtureFolder {
    /// The names of the files directly in `folder` (a path inside the package, such as
    /// `Traces/pointer`) that end in `suffix`, sorted. Throws `Missing` when the folder is
    /// missing or holds no such file.
    public static func names(in folder: String, suffix: String) throws -> [String] {
        let directory = PackageRoot.appending(folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Missing(description: "fixture folder \(directory.path) is missing")
        }
        let all: [String]
        do {
            all = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw Missing(description: "fixture folder \(directory.path) cannot be read: \(error.localizedDescription)")
        }
        let names = all.filter { $0.hasSuffix(suffix) }.sorted()
        guard !names.isEmpty else {
            throw Missing(description: "fixture folder \(directory.path) holds no *\(suffix) file")
        }
        return names
    }

    /// The full paths of the files `names(in:suffix:)` lists.
    public static func paths(in folder: String, suffix: String) throws -> [String] {
        let directory = PackageRoot.appending(folder)
        return try names(in: folder, suffix: suffix).map { directory.appendingPathComponent($0).path }
    }

    /// A fixture folder that is missing or holds no fixture.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }
}
