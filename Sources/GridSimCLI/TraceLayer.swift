/// Which layer of a trace a command reads or writes: the semantic events, or the raw pointer
/// input of a two-layer trace (docs/pointer-traces.md). `--input` and `--layer` take it.
enum TraceLayer: String, CaseIterable, Sendable {
    case semantic
    case pointer
}
