@_spi(GridSimInternals) import SelectionTrace

/// JSON for the raw pointer layer: samples and the header's `pointer` object, written and read
/// with the trace codec's `JSONWriter` and `JSONValue`. The format is docs/pointer-traces.md.
package enum PointerJSON {
    // MARK: Writing

    /// A number as compact JSON: `60`, `60.5`, `-12.25`. Whole values print without a
    /// fraction; others in Swift's shortest round-trip form, so reading gives the same Double.
    package static func number(_ value: Double) -> String {
        if value == 0 { return "0" }  // also -0
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// Appends one sample as `{"t":…,"down":[x,y]}` (plus `"pointer":n` for pointers other than 0).
    package static func append(_ sample: PointerSample, to text: inout String) {
        text += "{\"t\":"
        text += String(sample.t)
        switch sample.input {
        case .down(let pointer, let point): appendPointer("down", pointer, point, to: &text)
        case .move(let pointer, let point): appendPointer("move", pointer, point, to: &text)
        case .up(let pointer, let point): appendPointer("up", pointer, point, to: &text)
        case .cancel(let pointer, let point): appendPointer("cancel", pointer, point, to: &text)
        case .scroll(let offset):
            text += ",\"scroll\":" + number(offset)
        case .viewport(let size):
            text += ",\"viewport\":[" + number(size.width) + "," + number(size.height) + "]"
        }
        text += "}"
    }

    private static func appendPointer(_ kind: String, _ pointer: PointerID, _ point: Point, to text: inout String) {
        text += ",\"" + kind + "\":[" + number(point.x) + "," + number(point.y) + "]"
        if pointer != 0 { text += ",\"pointer\":" + String(pointer) }
    }

    /// `[sample,sample,…]`
    package static func array(_ samples: [PointerSample]) -> String {
        var text = "["
        for (position, sample) in samples.enumerated() {
            if position > 0 { text += "," }
            append(sample, to: &text)
        }
        return text + "]"
    }

    /// The header's `pointer` object, every field written out.
    package static func object(_ setup: PointerSetup) -> String {
        "{\"viewport\":[" + number(setup.viewport.size.width) + "," + number(setup.viewport.size.height) + "]"
            + ",\"scroll\":" + number(setup.viewport.scrollOffset)
            + ",\"minimumCellSide\":" + number(setup.layout.minimumCellSide)
            + ",\"spacing\":" + number(setup.layout.spacing)
            + ",\"padding\":" + number(setup.layout.padding)
            + ",\"minimumPressDuration\":" + String(setup.gestures.minimumPressDuration)
            + ",\"slop\":" + number(setup.gestures.slop) + "}"
    }

    // MARK: Reading

    /// What is wrong with a raw pointer-layer field (`input`, `inputAfter`, the header's
    /// `pointer`); the reader adds the line number.
    package struct PointerFieldError: Error, Hashable, Sendable {
        package var message: String
        package init(_ message: String) { self.message = message }
    }

    /// The samples of an `input` or `inputAfter` field named `field`.
    package static func samples(from value: JSONValue, field: String) throws(PointerFieldError) -> [PointerSample] {
        guard case .array(let elements) = value else {
            throw PointerFieldError("field \"\(field)\" must be an array of pointer samples, found \(value.typeName)")
        }
        var samples: [PointerSample] = []
        samples.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            samples.append(try sample(from: element, at: "\(field)[\(position)]"))
        }
        return samples
    }

    private static let kinds = ["down", "move", "up", "cancel", "scroll", "viewport"]

    static func sample(from value: JSONValue, at place: String) throws(PointerFieldError) -> PointerSample {
        guard case .object(let object) = value else {
            throw PointerFieldError("\(place) must be an object, found \(value.typeName)")
        }
        guard let tValue = object["t"] else { throw PointerFieldError("\(place) needs field \"t\"") }
        guard case .integer(let t) = tValue, t >= 0 else {
            throw PointerFieldError("\(place).t must be a whole number of milliseconds, at least 0")
        }
        let present = kinds.filter { object[$0] != nil }
        guard present.count == 1, let kind = present.first else {
            throw PointerFieldError(
                present.isEmpty
                    ? "\(place) needs one of \(kinds.map { "\"\($0)\"" }.joined(separator: ", "))"
                    : "\(place) has \(present.map { "\"\($0)\"" }.joined(separator: " and ")); give one")
        }
        let payload = object[kind]!
        var pointer: PointerID = 0
        if let pointerValue = object["pointer"], pointerValue != .null {
            guard case .integer(let id) = pointerValue else {
                throw PointerFieldError("\(place).pointer must be a whole number, found \(pointerValue.typeName)")
            }
            pointer = id
        }
        let input: PointerInput
        switch kind {
        case "down": input = .down(pointer, try point(payload, at: "\(place).down"))
        case "move": input = .move(pointer, try point(payload, at: "\(place).move"))
        case "up": input = .up(pointer, try point(payload, at: "\(place).up"))
        case "cancel": input = .cancel(pointer, try point(payload, at: "\(place).cancel"))
        case "scroll": input = .scroll(try number(payload, at: "\(place).scroll"))
        default: input = .viewport(try size(payload, at: "\(place).viewport"))
        }
        return PointerSample(t: t, input)
    }

    private static func number(_ value: JSONValue, at place: String) throws(PointerFieldError) -> Double {
        switch value {
        case .integer(let n): return Double(n)
        case .double(let d): return d
        default: throw PointerFieldError("\(place) must be a number, found \(value.typeName)")
        }
    }

    private static func pair(
        _ value: JSONValue, at place: String, names: String
    ) throws(PointerFieldError) -> (Double, Double) {
        guard case .array(let elements) = value, elements.count == 2 else {
            throw PointerFieldError("\(place) must be [\(names)], two numbers")
        }
        return (try number(elements[0], at: "\(place)[0]"), try number(elements[1], at: "\(place)[1]"))
    }

    private static func point(_ value: JSONValue, at place: String) throws(PointerFieldError) -> Point {
        let (x, y) = try pair(value, at: place, names: "x, y")
        return Point(x: x, y: y)
    }

    private static func size(_ value: JSONValue, at place: String) throws(PointerFieldError) -> ViewportSize {
        let (width, height) = try pair(value, at: place, names: "width, height")
        guard width >= 0, height >= 0 else { throw PointerFieldError("\(place) must not be negative") }
        return ViewportSize(width: width, height: height)
    }

    /// The header's `pointer` object. `viewport` is required; the rest default to the seed.
    package static func setup(from value: JSONValue) throws(PointerFieldError) -> PointerSetup {
        guard case .object(let object) = value else {
            throw PointerFieldError("field \"pointer\" must be an object, found \(value.typeName)")
        }
        guard let viewportValue = object["viewport"] else {
            throw PointerFieldError("field \"pointer\" needs \"viewport\": [width, height]")
        }
        var setup = PointerSetup(viewport: GridViewport(size: try size(viewportValue, at: "pointer.viewport")))
        if let value = object["scroll"] { setup.viewport.scrollOffset = try number(value, at: "pointer.scroll") }
        if let value = object["minimumCellSide"] {
            setup.layout.minimumCellSide = try number(value, at: "pointer.minimumCellSide")
            guard setup.layout.minimumCellSide > 0 else {
                throw PointerFieldError("pointer.minimumCellSide must be above 0")
            }
        }
        if let value = object["spacing"] {
            setup.layout.spacing = try number(value, at: "pointer.spacing")
            guard setup.layout.spacing >= 0 else { throw PointerFieldError("pointer.spacing must not be negative") }
        }
        if let value = object["padding"] {
            setup.layout.padding = try number(value, at: "pointer.padding")
            guard setup.layout.padding >= 0 else { throw PointerFieldError("pointer.padding must not be negative") }
        }
        if let value = object["minimumPressDuration"] {
            guard case .integer(let ms) = value, ms >= 0 else {
                throw PointerFieldError(
                    "pointer.minimumPressDuration must be a whole number of milliseconds, at least 0")
            }
            setup.gestures.minimumPressDuration = ms
        }
        if let value = object["slop"] {
            setup.gestures.slop = try number(value, at: "pointer.slop")
            guard setup.gestures.slop >= 0 else { throw PointerFieldError("pointer.slop must not be negative") }
        }
        return setup
    }
}
