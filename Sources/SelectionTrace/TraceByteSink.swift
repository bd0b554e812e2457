/// Where a streaming command writes its output: blocks of bytes, in order (a file, standard
/// output, memory). Commands hand over blocks of about 64 KiB, so a sink's cost per call
/// does not matter; what matters is that a trace of millions of events is never held whole.
@_spi(GridSimInternals) public protocol TraceByteSink {
    /// Writes all of `bytes` (or throws).
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// A sink that keeps everything in memory: for tests, and for benchmarks that time a command's
/// core without a file.
@_spi(GridSimInternals) public struct MemoryByteSink: TraceByteSink, Sendable {
    @_spi(GridSimInternals) public private(set) var bytes: [UInt8] = []
    /// When false, only `count` grows: a benchmark's sink for outputs larger than memory.
    @_spi(GridSimInternals) public let keepsBytes: Bool
    /// Bytes written so far.
    @_spi(GridSimInternals) public private(set) var count = 0

    @_spi(GridSimInternals) public init(keepsBytes: Bool = true) {
        self.keepsBytes = keepsBytes
    }

    @_spi(GridSimInternals) public mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        count += bytes.count
        if keepsBytes { self.bytes.append(contentsOf: bytes) }
    }
}

/// How far a long run has come, reported every `TraceProgressInterval.events` events.
@_spi(GridSimInternals) public typealias TraceProgress = (_ events: Int, _ bytes: Int) -> Void

@_spi(GridSimInternals) public enum TraceProgressInterval {
    /// Events between two progress calls: rare enough to cost nothing per event.
    @_spi(GridSimInternals) public static let events = 1 << 12
}

/// Output gathered in one buffer and handed to a sink in blocks. Amortised O(bytes).
@_spi(GridSimInternals) public struct TraceBlockWriter<Sink: TraceByteSink> {
    /// What waits to be handed over; append to it, then call `flushIfFull`.
    @_spi(GridSimInternals) public var buffer: [UInt8] = []
    @_spi(GridSimInternals) public private(set) var written = 0
    @_spi(GridSimInternals) public static var blockSize: Int { 1 << 16 }

    @_spi(GridSimInternals) public init() {
        buffer.reserveCapacity(Self.blockSize + 4096)
    }

    /// Hands the buffer over once it holds a block.
    @inline(__always)
    @_spi(GridSimInternals) public mutating func flushIfFull(to sink: inout Sink) throws {
        if buffer.count >= Self.blockSize { try flush(to: &sink) }
    }

    @_spi(GridSimInternals) public mutating func flush(to sink: inout Sink) throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try sink.write($0) }
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Bytes handed over or waiting.
    @_spi(GridSimInternals) public var total: Int { written + buffer.count }
}

/// A text trace under way: lines written in place into a block (`LineBlock`), handed to a
/// sink about 64 KiB at a time, with the events and bytes written so far. Amortised O(bytes).
///
/// Not generic over the sink, so that a writer in another module counts its lines without
/// the generic type's metadata looked up at each one; only handing a block over is generic.
package struct TextLineOutput {
    /// The bytes gathered before the block is handed over.
    package static var blockSize: Int { 1 << 16 }
    /// Where the next line goes (`cursor(atMost:)`, then `commit`).
    package let block = LineBlock(capacity: blockSize + blockSize / 4)
    /// Bytes handed to the sink.
    package private(set) var written: Int
    package private(set) var events = 0

    /// An output whose sink already took `written` bytes (the header line).
    package init(written: Int) {
        self.written = written
    }

    /// Counts an event whose line went into the block, reports progress every
    /// `TraceProgressInterval.events` events, and says whether the block is full: then hand
    /// it over (`handOver`).
    @inline(__always)
    package mutating func lineWritten(progress: TraceProgress) -> Bool {
        events += 1
        if events % TraceProgressInterval.events == 0 { progress(events, written + block.count) }
        return block.count >= Self.blockSize
    }

    /// Hands over what the block holds.
    package mutating func handOver<Sink: TraceByteSink>(to sink: inout Sink) throws {
        written += try block.handOver(to: &sink, ifAtLeast: 0)
    }
}
