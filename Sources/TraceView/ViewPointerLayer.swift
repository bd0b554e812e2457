import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// The touches of a two-layer trace, per event line, for the view page: where each finger went
/// down, the path it moved along and where it lifted (in the grid's content coordinates: the
/// viewport point plus the scroll offset of that moment, so a touch lands on its photo), and what the press resolved to (a tap,
/// a long press or the start of a drag on a photo), or why it resolved to nothing (it slid away, the grid scrolled,
/// it found no photo, …).
///
/// The raw samples go through the recogniser (`GridPointerSurface`) with a `FastEngine`
/// alongside that naming photos, as `PointerReplay` does; this only records what the
/// recogniser said of each press. Input after the last event (the last line's `inputAfter`,
/// often what a bug report is about) is shown with the last step. O(samples + events).
package struct ViewPointerLayer {
    struct Press {
        var path: [Point]
        var up: Point?
        var gesture: GestureKind?
        var photo: PhotoID?
        var failure: PressFailure?
        /// The press began on an earlier line (a long press fired by the clock).
        var continued = false
        /// The press came after the trace's last event (the last line's `inputAfter`).
        var afterLastEvent = false
    }

    package struct Line {
        var scrollStart: Double
        var presses: [Press] = []
        var scrolls: [Double] = []
    }

    package var viewport: ViewportSize
    var metrics: GridMetrics
    package var lines: [Line] = []

    /// The touches of the trace at `path`, or nil when it has no raw layer (or is binary).
    package static func read(path: String) throws -> ViewPointerLayer? {
        guard TraceFileFormat(path: path) != .binary else { return nil }
        var reader = try PointerTraceReader(path: path)
        guard let setup = reader.setup else { return nil }
        var layer = ViewPointerLayer(
            viewport: setup.viewport.size, metrics: setup.layout.metrics(forWidth: setup.viewport.size.width))
        var engine = FastEngine(configuration: reader.header.configuration)
        var surface = GridPointerSurface(setup: setup)
        // The press the recogniser is following: its line and index there.
        var active: (line: Int, index: Int)?
        var downs: [PointerID: (line: Int, index: Int)] = [:]

        while let traceLine = try reader.next() {
            let lineIndex = layer.lines.count
            var line = Line(scrollStart: surface.viewport.scrollOffset)
            // The line's input, its event, then any input after the last event (`inputAfter`).
            for (phase, samples) in [traceLine.input ?? [], traceLine.inputAfter ?? []].enumerated() {
                if phase == 1 {
                    if let t = traceLine.event.t {
                        Self.settle(surface.advance(to: t), active: active, lines: layer.lines, line: &line, lineIndex: lineIndex)
                    }
                    _ = engine.apply(traceLine.event.event)
                }
                for sample in samples {
                    let wasIdle = surface.recognizer.phase == .idle
                    // Points in the grid's content, where the photos are: the scroll of that moment added.
                    let scroll = surface.viewport.scrollOffset
                    func content(_ point: Point) -> Point { Point(x: point.x, y: point.y + scroll) }
                    switch sample.input {
                    case .down(let pointer, let point):
                        line.presses.append(Press(path: [content(point)], up: nil, afterLastEvent: phase == 1))
                        downs[pointer] = (lineIndex, line.presses.count - 1)
                        if wasIdle { active = (lineIndex, line.presses.count - 1) }
                    case .move(let pointer, let point):
                        if let (l, i) = downs[pointer], l == lineIndex { line.presses[i].path.append(content(point)) }
                    case .up(let pointer, let point), .cancel(let pointer, let point):
                        if let (l, i) = downs[pointer], l == lineIndex { line.presses[i].up = content(point) }
                        downs[pointer] = nil
                    case .scroll(let offset):
                        line.scrolls.append(offset)
                    case .viewport:
                        break
                    }
                    for event in surface.handle(sample, order: engine) {
                        Self.settle(event, active: active, lines: layer.lines, line: &line, lineIndex: lineIndex)
                    }
                    if case .failed(let reason) = surface.recognizer.phase, let (l, i) = active, l == lineIndex,
                        line.presses[i].gesture == nil, line.presses[i].failure == nil
                    {
                        line.presses[i].failure = reason
                    }
                }
            }
            layer.lines.append(line)
        }
        return layer
    }

    /// Gives the press the recogniser was following the gesture `event` resolved, if any: on
    /// its own line, or as a continuation on this one when it began earlier.
    private static func settle(
        _ event: TraceEvent?, active: (line: Int, index: Int)?, lines: [Line], line: inout Line, lineIndex: Int
    ) {
        guard let event, let (pressLine, index) = active else { return }
        let gesture: GestureKind
        switch event.event {
        case .tap: gesture = .tap
        case .longPress: gesture = .longPress
        // The press became a drag; its moves and its end belong to the same press.
        case .dragBegan: gesture = .dragBegan
        default: return
        }
        if pressLine == lineIndex {
            line.presses[index].gesture = gesture
            line.presses[index].photo = event.event.photo
        } else {
            let down = lines[pressLine].presses[index].path.first ?? Point(x: 0, y: 0)
            line.presses.append(Press(path: [down], up: nil, gesture: gesture, photo: event.event.photo, continued: true))
        }
    }

    /// `{"viewport":[w,h],"columns":c,"side":s,"spacing":g,"lines":[…]}`; each line
    /// `{"scrollStart":y,"scrolls":[…],"presses":[{"path":[[x,y],…],"up":[x,y]|null,
    /// "gesture":"tap"|"longPress"|"dragBegan"|null,"photo":id|null,"failure":text|null}]}`.
    func write(to json: inout ViewPageJSON) {
        func number(_ value: Double) {
            if value == value.rounded() && abs(value) < 1e15 { json.integer(Int(value)) } else {
                for byte in String((value * 100).rounded() / 100).utf8 { json.byte(byte) }
            }
        }
        func point(_ point: Point) {
            json.byte(UInt8(ascii: "["))
            number(point.x)
            json.byte(UInt8(ascii: ","))
            number(point.y)
            json.byte(UInt8(ascii: "]"))
        }
        json.raw("{"); json.key("viewport"); json.byte(UInt8(ascii: "["))
        number(viewport.width); json.byte(UInt8(ascii: ",")); number(viewport.height)
        json.raw("],"); json.key("columns"); json.integer(metrics.columns)
        json.raw(","); json.key("side"); number(metrics.cellSide)
        json.raw(","); json.key("spacing"); number(metrics.spacing)
        json.raw(","); json.key("before"); json.raw("null")
        json.raw(","); json.key("lines"); json.byte(UInt8(ascii: "["))
        for (index, line) in lines.enumerated() {
            if index > 0 { json.byte(UInt8(ascii: ",")) }
            json.raw("{"); json.key("scrollStart"); number(line.scrollStart)
            json.raw(","); json.key("scrolls"); json.byte(UInt8(ascii: "["))
            for (i, offset) in line.scrolls.enumerated() {
                if i > 0 { json.byte(UInt8(ascii: ",")) }
                number(offset)
            }
            json.raw("],"); json.key("presses"); json.byte(UInt8(ascii: "["))
            for (i, press) in line.presses.enumerated() {
                if i > 0 { json.byte(UInt8(ascii: ",")) }
                json.raw("{"); json.key("path"); json.byte(UInt8(ascii: "["))
                for (j, p) in press.path.enumerated() {
                    if j > 0 { json.byte(UInt8(ascii: ",")) }
                    point(p)
                }
                json.raw("],"); json.key("up")
                if let up = press.up { point(up) } else { json.raw("null") }
                json.raw(","); json.key("gesture")
                if let gesture = press.gesture { json.string(gesture.rawValue) } else { json.raw("null") }
                json.raw(","); json.key("photo")
                if let photo = press.photo { json.string(photo) } else { json.raw("null") }
                json.raw(","); json.key("failure")
                if let failure = press.failure { json.string(Self.describe(failure)) } else if press.gesture == nil {
                    json.string(press.up == nil ? "still down" : "resolved to nothing")
                } else { json.raw("null") }
                json.raw(","); json.key("continued"); json.raw(press.continued ? "true" : "false")
                json.raw(","); json.key("after"); json.raw(press.afterLastEvent ? "true" : "false")
                json.raw("}")
            }
            json.raw("]}")
        }
        json.raw("]}")
    }

    /// What a person would call each way a press fails.
    static func describe(_ failure: PressFailure) -> String {
        switch failure {
        case .noTarget: "found no photo (a gap, or past the last photo)"
        case .movedBeyondSlop: "slid away (moved beyond the 10-pt slop)"
        case .scrolled: "the grid scrolled: a scroll, not a tap"
        case .secondPointer: "a second finger went down"
        case .cancelled: "cancelled by the system"
        case .viewportChanged: "the viewport changed size"
        }
    }
}
