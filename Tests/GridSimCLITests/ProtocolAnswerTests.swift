import AdapterProtocol
@_spi(GridSimInternals) import GridSimKit
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

/// Every answer line GridSim reads from an adapter is checked against docs/adapter-protocol.md:
/// a line that breaks it is refused naming the line and the field, and the answers SPEC.md
/// expects (what a counterexample's NAME.expected.jsonl holds) read back as the reference
/// model's own steps.
@Suite("Adapter protocol answers")
struct ProtocolAnswerTests {
    static let everything: ExposedParts = [.outcome, .effects, .announcements, .sheet, .screen]

    func violation(_ line: String, exposes: ExposedParts = everything, withState: Bool = true) -> String? {
        do {
            _ = try ProtocolAnswerReader(exposes: exposes).step(Array(line.utf8), number: 7, withState: withState, hasLimit: false)
            return nil
        } catch {
            switch error {
            case .violation(let violation): return "\(violation)"
            case .adapterError(let line, let message): return "error at \(line): \(message)"
            }
        }
    }

    @Test func aHandshakeIsReadAndCheckedFieldByField() {
        let reader = ProtocolAnswerReader()
        let good = #"{"type":"hello","protocol":1,"name":"rn-seed","exposes":["outcome","sheet"],"unhandled":["dragBegan"]}"#
        let handshake = try? reader.handshake(Array(good.utf8), number: 1)
        #expect(handshake?.name == "rn-seed")
        #expect(handshake?.exposes == [.outcome, .sheet])
        #expect(handshake?.unhandled == [.dragBegan])
        for (line, words) in [
            (#"{"type":"hello","protocol":2,"name":"x"}"#, "the adapter speaks protocol 2; this gridsim speaks 1"),
            (#"{"type":"hello","protocol":1,"name":"a b"}"#, #""name" must be letters, digits"#),
            (#"{"type":"hello","protocol":1,"name":"x","exposes":["colour"]}"#, #"found "colour""#),
            (#"{"type":"hello","protocol":1,"name":"x","unhandled":["swipe"]}"#, #""swipe", which is no event"#),
            (#"{"type":"hello","name":"x"}"#, #""protocol" is missing"#),
        ] {
            #expect(throws: AnswerFailure.self) { try reader.handshake(Array(line.utf8), number: 1) }
            do {
                _ = try reader.handshake(Array(line.utf8), number: 1)
            } catch {
                guard case .violation(let violation) = error else { continue }
                #expect(violation.description.contains(words), "\(violation)")
                #expect(violation.description.hasPrefix("line 1 of the adapter's output: "))
            }
        }
    }

    @Test func everyMalformedStepIsNamed() {
        let state = #""state":{"mode":"selecting","chosen":["1"],"grid":["1"],"sheet":null,"title":"1 selected","toolbar":null,"trayCounter":null,"accessibility":["Selected"]}"#
        let cases: [(String, String)] = [
            ("opening photo 1", "not JSON"),
            ("[1,2]", #"must be a JSON object with a "type""#),
            (#"{"type":"started"}"#, #"expected a "step" answer, got "started""#),
            (#"{"type":"step","outcome":3}"#, #""outcome" must be a string, found 3"#),
            (#"{"type":"step","outcome":"done"}"#, #""outcome" must be applied, ignored or rejected, found "done""#),
            (#"{"type":"step","outcome":"rejected","reason":"busy"}"#, #""reason" must be one of"#),
            (#"{"type":"step","outcome":"applied","effects":[{"kind":"wiggle"}],"announcements":[],"# + state + "}", #""effects[0].kind" must be"#),
            (#"{"type":"step","outcome":"applied","effects":[{"kind":"animation","style":"slow"}],"announcements":[],"# + state + "}", #""effects[0].style" must be snappy or none"#),
            (#"{"type":"step","outcome":"applied","effects":[],"announcements":[1],"# + state + "}", #""announcements[0]" must be a string"#),
            (#"{"type":"step","outcome":"applied","effects":[],"announcements":[]}"#, #""state" is missing"#),
            (#"{"type":"step","outcome":"applied","effects":[],"announcements":[],"state":{"mode":"selecting","chosen":[]}}"#, #""state.grid" is missing"#),
            (#"{"type":"step","outcome":"applied","effects":[],"announcements":[],"state":{"mode":"zooming","chosen":[],"grid":[]}}"#, #""state.mode" must be browsing or selecting"#),
            (#"{"type":"step","outcome":"applied","effects":[],"announcements":[],"state":{"mode":"selecting","chosen":["1"],"grid":["1"],"sheet":null,"title":"1 selected","toolbar":null,"trayCounter":null,"accessibility":[]}}"#, "one value per photo of the grid (1), found 0"),
            (#"{"type":"step","outcome":"applied","effects":[],"announcements":[],"state":{"mode":"selecting","chosen":[],"grid":[],"sheet":"print","title":"","toolbar":null,"trayCounter":null,"accessibility":[]}}"#, #""state.sheet" must be share, edit or null"#),
            (#"{"type":"step","outcome":"applied","effects":[],"announcements":[],"state":{"mode":"selecting","chosen":[],"grid":[],"sheet":null,"title":"","toolbar":{"share":true},"trayCounter":null,"accessibility":[]}}"#, #""state.toolbar.edit" is missing"#),
        ]
        for (line, words) in cases {
            let found = violation(line)
            #expect(found?.contains(words) == true, "\(line): \(found ?? "accepted")")
            #expect(found?.hasPrefix("line 7 of the adapter's output: ") == true, "\(found ?? "accepted")")
        }
        #expect(violation(#"{"type":"error","message":"no such photo"}"#) == "error at 7: no such photo")
    }

    @Test func onlyThePartsTheHandshakeNamedAreRequired() {
        #expect(violation(#"{"type":"step"}"#, exposes: [], withState: false) == nil)
        #expect(violation(#"{"type":"step","state":{"mode":"browsing","chosen":[],"grid":["1"]}}"#, exposes: []) == nil)
        #expect(violation(#"{"type":"step"}"#, exposes: [.outcome], withState: false)?.contains(#""outcome" is missing"#) == true)
    }

    /// A batch request lists each event as its trace line writes it, ids with a newline or a
    /// quote in them included, and an empty batch as an empty array.
    @Test func aBatchListsEachEventAsItsTraceLine() {
        let events: [Event] = [
            .tap("a\nb"), .libraryChanged(removed: ["x\""], inserted: [Insertion(photo: "y", at: 2)]), .done,
        ]
        let lines = events.map { TextTraceEncoding.line(for: TraceEvent(t: nil, $0)) }
        let request = String(decoding: ProtocolRequest.events(events, report: .state, stopAfter: 2), as: UTF8.self)
        #expect(request == #"{"type":"events","report":"state","stopAfter":2,"events":["# + lines.joined(separator: ",") + "]}\n")
        let empty = String(decoding: ProtocolRequest.events([Event](), report: .step), as: UTF8.self)
        #expect(empty == #"{"type":"events","report":"step","events":[]}"# + "\n")
    }

    /// The answers a counterexample's NAME.expected.jsonl holds are protocol, and read back as the
    /// reference model's steps and state, on a trace that rejects, opens, presents and prunes.
    @Test func theExpectedAnswersReadBackAsTheReferenceModelsSteps() throws {
        let trace = Trace(
            header: TraceHeader(photos: .count(4), limit: 2),
            events: [
                .longPress("1"), .tap("2"), .tap("3"), .share, .dismiss, .libraryChanged(removed: ["2"], inserted: []), .done,
                .tap("4"),
            ].map { TraceEvent(t: nil, $0) })
        let lines = ExpectedAnswers.lines(for: trace)
        #expect(lines.count == trace.events.count + 1)
        let reader = ProtocolAnswerReader(exposes: Self.everything)
        var model = ReferenceModel(configuration: trace.header.configuration)
        let started = try reader.started(Array(lines[0].utf8), number: 1, hasLimit: true)
        #expect(started.mode == .browsing && started.grid == ["1", "2", "3", "4"] && started.trayCounter == "0 of 2 photos")
        for (index, traceEvent) in trace.events.enumerated() {
            let expected = model.apply(traceEvent.event)
            let answer = try reader.step(Array(lines[index + 1].utf8), number: index + 2, withState: true, hasLimit: true)
            #expect(answer.step.outcome == expected.outcome, "step \(index + 1)")
            #expect(answer.step.effects == expected.effects, "step \(index + 1)")
            #expect(answer.step.announcements == expected.announcements, "step \(index + 1)")
            let state = try #require(answer.state)
            #expect(state.mode == model.mode && state.chosen == model.chosenPhotos && state.grid == model.photos)
            #expect(state.picks == model.picks && state.sheet == model.sheet && state.title == model.title)
            #expect(state.toolbar == model.toolbar && state.trayCounter == model.tray?.counter)
            #expect(state.accessibility == model.photos.map(model.accessibilityValue(for:)))
        }
    }
}
