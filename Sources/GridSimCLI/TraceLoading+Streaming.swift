import Foundation
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

extension TraceLoading {
    /// A trace to stream for a command that reads it more than once (`replay`): the file
    /// itself when it is a regular file (or a link to one), so that memory does not grow with the trace; a pipe
    /// or a device (`/dev/stdin`) can be read only once, so its trace is loaded whole.
    ///
    /// Throws the failures of `load`: 66 for a missing file or a directory, 65 for a
    /// malformed header. `warn` hears about damage only for a trace loaded whole; a streamed
    /// source reports its damage once read (`StreamedReplay.damage`).
    static func source(
        _ path: String, limits: TraceLimits = .default, salvage: Bool = false,
        warn: (String) -> Void = standardErrorWarnings
    ) throws(Failure) -> ReplaySource {
        // stat follows a symbolic link (a trace linked into a CI workspace is still a file);
        // FileManager's attributes describe the link itself.
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return ReplaySource(try load(path, limits: limits, salvage: salvage, warn: warn))
        }
        return try mapErrors(path) { try ReplaySource(path: path, limits: limits, salvage: salvage) }
    }

    /// Runs `body`, turning what it throws while reading `path` into a `Failure`.
    static func mapErrors<Result>(_ path: String, _ body: () throws -> Result) throws(Failure) -> Result {
        do {
            return try body()
        } catch let failure as Failure {
            throw failure
        } catch {
            throw failure(error, path: path)
        }
    }
}
