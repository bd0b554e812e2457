@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

extension PhotoGridAdapter {
    /// A new adapter over `header`'s grid, brought to its start state (SPEC.md section 7) the
    /// way a person would get there: Select, a tap on each pick in pick order, then Share or
    /// Edit. A trace without a start state needs none of it.
    ///
    /// What the adapter did on the way is not compared; its state afterwards is, as the state
    /// before the first event. A start state no gesture reaches (a sheet over nothing chosen,
    /// which only a library change leaves) shows there as a difference. O(picks) events.
    static func starting(at header: TraceHeader) -> Self {
        var adapter = Self(photos: header.configuration.photos.ids, limit: header.limit, reduceMotion: header.reduceMotion)
        let start = header.start
        guard start.mode == .selecting else { return adapter }
        _ = adapter.apply(.select)
        for photo in start.picks { _ = adapter.apply(.tap(photo)) }
        switch start.sheet {
        case .share?: _ = adapter.apply(.share)
        case .edit?: _ = adapter.apply(.edit)
        case nil: break
        }
        return adapter
    }
}

extension PhotoGridAdapter {
    /// A new adapter at the start of `trace`: an adapter in another process is told the whole
    /// trace, so that its events travel in batches; any other is `starting(at:)` its header.
    static func starting(replaying trace: Trace) -> Self {
        guard let runtime = Self.self as? any RuntimeDeclaredAdapter.Type else { return starting(at: trace.header) }
        return runtime.startingSession(replaying: trace) as! Self
    }

    /// Why an adapter in another process stopped answering; nil for every other adapter.
    var fault: String? { (self as? any RuntimeDeclaredAdapter)?.fault }
}
