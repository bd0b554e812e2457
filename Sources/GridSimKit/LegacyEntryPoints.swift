// The kit's entry points for an adapter written to GridSimKit 1.0's `SelectionAdapter`: each
// runs it through `LegacyAdapter`, which exposes exactly what its `exposes` lists, so that it
// keeps the meaning it had. Each is deprecated with it, saying what to write instead.

extension ConformanceCase {
    @available(*, deprecated, message: "write the adapter as a PhotoGridAdapter; all(for:) takes it as it is")
    public static func all<Adapter: SelectionAdapter>(for adapter: Adapter.Type) -> [ConformanceCase] {
        all(for: LegacyAdapter<Adapter>.self)
    }

    @available(*, deprecated, message: "write the adapter as a PhotoGridAdapter; leftOut(for:) takes it as it is")
    public static func leftOut<Adapter: SelectionAdapter>(for adapter: Adapter.Type) -> [(
        conformanceCase: ConformanceCase, reason: String
    )] {
        leftOut(for: LegacyAdapter<Adapter>.self)
    }

    @available(*, deprecated, message: "write the adapter as a PhotoGridAdapter; check(_:) takes it as it is")
    @discardableResult
    public func check<Adapter: SelectionAdapter>(_ adapter: Adapter.Type) throws(ConformanceFailure)
        -> ConformanceReport
    {
        try check(LegacyAdapter<Adapter>.self)
    }
}

extension PropertyRun {
    @available(*, deprecated, message: "write the adapter as a PhotoGridAdapter; trace(case:for:) takes it as it is")
    public func trace<Adapter: SelectionAdapter>(case index: Int, for adapter: Adapter.Type) -> Trace {
        trace(case: index, for: LegacyAdapter<Adapter>.self)
    }

    /// As in 1.0, throws the `Counterexample` itself, or a `PropertyRunSetupError`.
    @available(
        *, deprecated,
        message: "write the adapter as a PhotoGridAdapter; check(_:) then throws PropertyRunFailure"
    )
    @discardableResult
    public func check<Adapter: SelectionAdapter>(_ adapter: Adapter.Type) throws -> PropertyRunReport {
        do {
            return try check(LegacyAdapter<Adapter>.self)
        } catch .counterexample(let counterexample) {
            throw counterexample
        } catch .badSeed(let why), .adapterDeclaration(let why) {
            throw PropertyRunSetupError(message: why)
        }
    }

    @available(*, deprecated, message: "write the adapter as a PhotoGridAdapter; firstMismatch(_:_:) takes it as it is")
    public static func firstMismatch<Adapter: SelectionAdapter>(_ trace: Trace, _ adapter: Adapter.Type)
        -> AdapterMismatch?
    {
        firstMismatch(trace, LegacyAdapter<Adapter>.self)
    }
}
