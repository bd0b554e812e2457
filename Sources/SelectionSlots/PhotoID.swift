/// A photo's identity at the edge of the system: in traces, reports and the reference model.
public typealias PhotoID = String

extension PhotoID {
    /// Calls `body` with the id's UTF-8 bytes, which must not escape it: what the id tables
    /// hash, compare and store. O(1) for a native string; another is made contiguous first,
    /// O(length).
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var contiguous = self
        return try contiguous.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}
