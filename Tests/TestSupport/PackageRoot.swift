import Foundation

/// The package's root: the directory holding Package.swift, found from this file, so that tests
/// read the package's own files (Traces/, docs/, scripts/, .build/) from any directory.
public enum PackageRoot {
    /// The first directory above this file that holds Package.swift.
    public static let url: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        fatalError("no Package.swift in any directory above \(#filePath)")
    }()

    /// `relativePath` (such as `Traces/pointer`) inside the package.
    public static func appending(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }
}
