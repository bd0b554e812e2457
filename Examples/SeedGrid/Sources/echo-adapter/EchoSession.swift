/// The echo adapter's answers: it knows the grid it was started with and nothing else.
struct EchoSession {
    /// `{"type":"step","state":{…}}\n` for the session's grid; nil before `start`.
    private var stateStep: [UInt8]?
    /// `{"type":"step"}\n`, many times over, copied by the block.
    private static let steps: [UInt8] = Array(repeating: Array(#"{"type":"step"}"#.utf8) + [10], count: 1024).flatMap { $0 }
    private static let stepLength = #"{"type":"step"}"#.utf8.count + 1

    /// Answers one request line; false for `bye`.
    mutating func answer(_ line: UnsafeBufferPointer<UInt8>, into output: inout Output) -> Bool {
        let request: ScannedRequest
        do {
            request = try RequestScanner.scan(line)
        } catch {
            output.appendError(error.message)
            return true
        }
        let type = request.type!
        if matches(line, type, "events") {
            guard let count = request.eventCount else {
                output.appendError("\"events\" is missing")
                return true
            }
            guard let stateStep else {
                output.appendError("events before start: no session yet")
                return true
            }
            let reportsState: Bool
            if let report = request.report, matches(line, report, "state") {
                reportsState = true
            } else if let report = request.report, matches(line, report, "step") {
                reportsState = false
            } else {
                output.appendError("\"report\" must be state or step")
                return true
            }
            let applied = min(count, request.stopAfter ?? count)
            if reportsState {
                for _ in 0..<applied { output.append(stateStep) }
            } else {
                var left = applied
                while left > 0 {
                    let now = min(left, Self.steps.count / Self.stepLength)
                    Self.steps.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[..<(now * Self.stepLength)])) }
                    left -= now
                }
            }
        } else if matches(line, type, "start") {
            guard let photos = request.photos else {
                output.appendError("\"photos\" is missing")
                return true
            }
            var state = Array(#"{"mode":"browsing","chosen":[],"grid":"#.utf8)
            state += UnsafeBufferPointer(rebasing: line[photos])
            if request.limitIsSet { state += Array(#","picks":[]"#.utf8) }
            state += Array("}".utf8)
            stateStep = Array(#"{"type":"step","state":"#.utf8) + state + Array("}\n".utf8)
            output.append(Array(#"{"type":"started","state":"#.utf8) + state + Array("}\n".utf8))
        } else if matches(line, type, "hello") {
            output.append(Array(#"{"type":"hello","protocol":1,"name":"swift-echo","exposes":[]}"#.utf8) + [10])
        } else if matches(line, type, "bye") {
            return false
        } else {
            output.appendError("unknown request type")
        }
        return true
    }
}
