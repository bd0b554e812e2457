import Foundation

/// Where a command writes: standard output for results, standard error for diagnostics and
/// progress. Tests pass closures that collect the text.
package struct Console {
    package var out: (String) -> Void
    package var err: (String) -> Void

    package init(out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// The process's own standard output and standard error.
    package static var standard: Console {
        Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) })
    }
}
