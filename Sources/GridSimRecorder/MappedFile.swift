#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A window file mapped into memory, shared with the page cache: a store into the mapping is
/// in the file as soon as it is made, so a process killed by SIGKILL loses none of it (only a
/// power loss can lose what the system had not written back; `sync()` forces it).
///
/// The file is created at its full size with its blocks allocated, so that no store into the
/// mapping can meet a full disk (which would end the process with SIGBUS) and the file never
/// grows. POSIX calls are confined to this class; failures are `RecorderError`s with
/// `strerror`'s words.
final class MappedFile: @unchecked Sendable {
    let path: String
    let size: Int
    let base: UnsafeMutableRawPointer
    private var descriptor: Int32

    private init(path: String, size: Int, base: UnsafeMutableRawPointer, descriptor: Int32) {
        self.path = path
        self.size = size
        self.base = base
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    /// A new file of `size` bytes, all allocated, mapped read-write, under a hidden name beside
    /// `path`: `publish()` gives it the name once its contents are in place, so a process killed
    /// while creating it leaves the previous file at `path` whole.
    static func create(beside path: String, size: Int) throws -> (file: MappedFile, temporaryPath: String) {
        let (directory, name) = split(path)
        var random = SystemRandomNumberGenerator()
        let tag = String(random.next() & 0xFFFF_FFFF, radix: 36)
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid())-\(tag).partial"
        let descriptor = systemOpen(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o644)
        guard descriptor >= 0 else {
            throw RecorderError(.io("cannot create \(temporary): \(reason(errno))"), at: path)
        }
        do {
            try allocate(descriptor, size: size, path: path)
            let base = try map(descriptor, size: size, writable: true, path: path)
            return (MappedFile(path: temporary, size: size, base: base, descriptor: descriptor), temporary)
        } catch {
            systemClose(descriptor)
            unlink(temporary)
            throw error
        }
    }

    /// The file at `path` mapped (read-only unless `writable`), or nil when there is none.
    static func open(_ path: String, writable: Bool) throws -> MappedFile? {
        let descriptor = systemOpen(path, (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw RecorderError(.io("cannot open: \(reason(errno))"), at: path)
        }
        let end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0 else {
            let code = errno
            systemClose(descriptor)
            throw RecorderError(.io("cannot read its size: \(reason(code))"), at: path)
        }
        guard end > 0 else {
            systemClose(descriptor)
            throw RecorderError(.notAWindowFile("it is empty"), at: path)
        }
        do {
            let base = try map(descriptor, size: Int(end), writable: writable, path: path)
            return MappedFile(path: path, size: Int(end), base: base, descriptor: descriptor)
        } catch {
            systemClose(descriptor)
            throw error
        }
    }

    /// Renames the file from `temporaryPath` to `path`, replacing what was there, and syncs the
    /// directory so that the name survives a power loss too (best effort).
    func publish(from temporaryPath: String, to path: String) throws {
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw RecorderError(.io("cannot rename \(temporaryPath) to it: \(Self.reason(code))"), at: path)
        }
        let directory = Self.split(path).directory
        let handle = systemOpen(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        if handle >= 0 {
            fsync(handle)
            systemClose(handle)
        }
    }

    /// Closes a file `publish` never named, and removes it.
    func abandon(temporaryPath: String) {
        close()
        unlink(temporaryPath)
    }

    /// Writes the bytes in `range` of the mapping back to the disk and waits for it.
    func sync(_ range: Range<Int>? = nil) throws {
        let range = range ?? 0..<size
        // msync wants a page-aligned start.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = range.lowerBound / page * page
        guard msync(base + start, range.upperBound - start, MS_SYNC) == 0 else {
            throw RecorderError(.io("msync failed: \(Self.reason(errno))"), at: path)
        }
    }

    /// Writes `bytes` at `offset` through the descriptor rather than the mapping, so that the
    /// pages never count as this process's memory: for a region written once and read only by
    /// a later process (the starting grid). The mapping sees the same bytes.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < bytes.count {
            let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if written < 0 {
                if errno == EINTR { continue }
                throw RecorderError(.io("cannot write \(bytes.count) bytes at offset \(offset): \(Self.reason(errno))"), at: path)
            }
            done += written
        }
    }

    /// Lets the system take back the memory of the pages in `range` (whole pages inside it): a
    /// region written and not read again soon (the starting grid, a checkpoint) need not stay
    /// resident in this process. The data is in the file (the page cache), and a later access
    /// reads it back. Advice only: errors are ignored.
    func release(_ range: Range<Int>) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page
        let end = range.upperBound / page * page
        guard end > start else { return }
        _ = madvise(base + start, end - start, MADV_DONTNEED)
    }

    /// Unmaps and closes; the file stays as it is. Calling it again does nothing.
    func close() {
        guard descriptor >= 0 else { return }
        munmap(base, size)
        systemClose(descriptor)
        descriptor = -1
    }

    // MARK: - System calls

    /// Gives the file `size` bytes with their blocks allocated: fallocate where the system has
    /// it, else zeros written over the whole file (a sparse file would allocate on first store).
    private static func allocate(_ descriptor: Int32, size: Int, path: String) throws {
        #if canImport(Glibc) || canImport(Musl)
        if posix_fallocate(descriptor, 0, off_t(size)) == 0 { return }
        #endif
        guard ftruncate(descriptor, off_t(size)) == 0 else {
            throw RecorderError(.io("cannot size the file to \(size) bytes: \(reason(errno))"), at: path)
        }
        let chunk = 1 << 20
        let zeros = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { zeros.deallocate() }
        zeros.initializeMemory(as: UInt8.self, repeating: 0, count: chunk)
        var offset = 0
        while offset < size {
            let count = min(chunk, size - offset)
            let written = pwrite(descriptor, zeros, count, off_t(offset))
            if written < 0 {
                if errno == EINTR { continue }
                throw RecorderError(.io("cannot allocate \(size) bytes: \(reason(errno))"), at: path)
            }
            offset += written
        }
    }

    private static func map(_ descriptor: Int32, size: Int, writable: Bool, path: String) throws -> UnsafeMutableRawPointer {
        let protection = writable ? (PROT_READ | PROT_WRITE) : PROT_READ
        let mapped = mmap(nil, size, protection, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw RecorderError(.io("cannot map \(size) bytes: \(reason(errno))"), at: path)
        }
        return mapped
    }

    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

// The C functions under names that do not clash with this class's methods.
@inline(__always) @discardableResult private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

@inline(__always) private func systemOpen(_ path: String, _ flags: Int32, mode: mode_t = 0) -> Int32 {
    open(path, flags, mode)
}
