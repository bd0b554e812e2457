/// Input data that several cases share (the grid, the held selection…), built on first use
/// and dropped when the last case that needs it has finished, so that a 10M-photo fixture
/// does not stay resident through the rest of the run.
public final class SharedFixture<Value> {
    private let build: () -> Value
    private var value: Value?
    private var pendingUsers: Int

    /// `users` is the number of cases that will call `finishUse()`.
    public init(users: Int, build: @escaping () -> Value) {
        self.build = build
        self.pendingUsers = users
    }

    /// The fixture, built now if this is the first use.
    public func get() -> Value {
        if let value { return value }
        let built = build()
        value = built
        return built
    }

    /// One case is done with it; the last one releases it.
    public func finishUse() {
        pendingUsers -= 1
        if pendingUsers <= 0 { value = nil }
    }
}
