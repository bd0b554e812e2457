/// A heap object of the smallest kind: one allocation per instance. Used to inject an extra
/// allocation (test-only knob) and by the allocation counter's own tests.
public final class AllocationProbe {
    public var value: Int
    public init(_ value: Int) { self.value = value }
}
