import Foundation
import PropertyTesting
@_spi(GridSimInternals) import SelectionTrace

/// A trace file opened for streaming: its header, its events to come, and what progress and
/// warnings need. Opening checks what `TraceLoading.load` checks, with the same messages.
struct TraceStream {
    let header: TraceHeader
    var source: any TraceEventSource
    /// Bytes read so far (for progress).
    let bytesRead: () -> Int
    /// Warnings about a binary trace's torn tail, once read.
    let warnings: () -> [String]

    static func open(_ path: String) throws(TraceLoading.Failure) -> TraceStream {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TraceLoading.Failure(code: .noInput, message: "\(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw TraceLoading.Failure(code: .noInput, message: "\(path): is a directory, not a trace")
        }
        do {
            if TraceFileFormat(path: path) == .binary {
                let reader = BinaryReaderBox(try BinaryTraceReader(path: path))
                return TraceStream(
                    header: reader.reader.header, source: reader, bytesRead: { reader.reader.bytesRead },
                    warnings: { reader.reader.damage.map { "warning: \(path): \($0)" } })
            }
            guard let handle = FileHandle(forReadingAtPath: path) else { throw TraceError(.cannotOpen, at: .file(path)) }
            let reader = try TextTraceReader(lines: LineReader(fileHandle: handle))
            return TraceStream(
                header: reader.header, source: reader, bytesRead: { Int((try? handle.offset()) ?? 0) }, warnings: { [] })
        } catch {
            throw TraceLoading.failure(error, path: path)
        }
    }
}

/// A binary reader shared by reference, so that progress and warnings read the one the check
/// advances.
private final class BinaryReaderBox: TraceEventSource {
    var reader: BinaryTraceReader

    init(_ reader: BinaryTraceReader) {
        self.reader = reader
    }

    func next() throws -> TraceEvent? { try reader.next() }
}
