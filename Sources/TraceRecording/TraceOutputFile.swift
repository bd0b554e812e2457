#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(GridSimInternals) import SelectionTrace

/// A trace file being written: created beside its final path under a temporary name, then
/// given its final name by `publish`, so that a trace path never names a file without a
/// complete header, and an existing file is never replaced unless asked.
///
/// Publishing without replacing uses `link(2)`, which fails if the name exists, so two
/// writers cannot both win; replacing uses `rename(2)`, which swaps the file in atomically.
/// The directory is fsynced after either, so the name survives a power loss too.
///
/// POSIX calls are confined to this class; its errors are `RecordingError`s carrying
/// `strerror`'s words.
final class TraceOutputFile {
    let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private(set) var isPublished = false
    /// Flushes written data to the disk as the writing goes on, if `flushesAsItWrites`.
    private var writeback: BackgroundWriteback?

    /// Creates the temporary file beside `path`. Fails at once if `path` exists and
    /// `replacing` is false (publishing checks again, atomically). `flushesAsItWrites` sends
    /// the data to the disk on a second thread while writing goes on, for a file that will
    /// be synced once at its end (see `BackgroundWriteback`).
    init(creatingBeside path: String, replacing: Bool, flushesAsItWrites: Bool = false) throws {
        self.path = path
        if !replacing && access(path, F_OK) == 0 { throw RecordingError(.outputExists, at: path) }
        let (directory, name) = Self.split(path)
        var random = SystemRandomNumberGenerator()
        let tag = String(random.next() & 0xFFFF_FFFF, radix: 36)
        temporaryPath = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid())-\(tag).partial"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RecordingError(.cannotCreate(reason: Self.reason(errno)), at: path)
        }
        if flushesAsItWrites { writeback = BackgroundWriteback(descriptor: descriptor) }
    }

    deinit {
        _ = writeback?.finish()
        if descriptor >= 0 { systemClose(descriptor) }
        if !isPublished { unlink(temporaryPath) }
    }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = systemWrite(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                throw RecordingError(.writeFailed(reason: Self.reason(errno)), at: isPublished ? path : temporaryPath)
            }
            next += written
            left -= written
        }
        writeback?.wrote(bytes.count)
    }

    /// Forces what was written to stable storage.
    func sync() throws {
        if let code = writeback?.finish() {
            throw RecordingError(
                .writeFailed(reason: "fdatasync: " + Self.reason(code)), at: isPublished ? path : temporaryPath)
        }
        guard fsync(descriptor) == 0 else {
            throw RecordingError(
                .writeFailed(reason: "fsync: " + Self.reason(errno)), at: isPublished ? path : temporaryPath)
        }
    }

    /// Gives the file its final name.
    func publish(replacing: Bool) throws {
        precondition(!isPublished, "published twice")
        if replacing {
            guard rename(temporaryPath, path) == 0 else {
                throw RecordingError(.cannotCreate(reason: Self.reason(errno)), at: path)
            }
        } else {
            guard link(temporaryPath, path) == 0 else {
                let code = errno
                throw RecordingError(code == EEXIST ? .outputExists : .cannotCreate(reason: Self.reason(code)), at: path)
            }
            unlink(temporaryPath)
        }
        isPublished = true
        syncDirectory()
    }

    /// Closes the file; an unpublished one is removed.
    func close() throws {
        guard descriptor >= 0 else { return }
        _ = writeback?.finish()
        let result = systemClose(descriptor)
        descriptor = -1
        if !isPublished { unlink(temporaryPath) }
        guard result == 0 else { throw RecordingError(.writeFailed(reason: "close: " + Self.reason(errno)), at: path) }
    }

    /// Best effort: a directory that cannot be opened or synced still holds the name.
    private func syncDirectory() {
        let directory = Self.split(path).directory
        let handle = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        guard handle >= 0 else { return }
        fsync(handle)
        systemClose(handle)
    }

    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

// The C functions under names that do not clash with this class's methods.
@inline(__always) private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

@inline(__always) @discardableResult private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}
