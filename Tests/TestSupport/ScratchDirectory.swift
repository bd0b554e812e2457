import Foundation

/// Directories for the files tests write, all inside one folder per test process that is
/// removed when the process exits: a test run leaves nothing in the temporary directory.
public enum ScratchDirectory {
    /// A new, empty directory whose name starts with `prefix`.
    public static func make(_ prefix: String) throws -> URL {
        let directory = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Created, and its removal registered, on first use.
    private static let root: URL = {
        atexit { try? FileManager.default.removeItem(at: ScratchDirectory.rootLocation()) }
        return rootLocation()
    }()

    /// Found again from the process id at exit: the `atexit` handler cannot capture anything.
    private static func rootLocation() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("gridsim-tests-\(getpid())")
    }
}
