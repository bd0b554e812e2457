@_spi(GridSimInternals) import SelectionCore
import Testing

@_spi(GridSimInternals) @testable import SelectionTrace

/// The fast paths of the text codec agree with the general ones: every line the scanner
/// accepts decodes to what the JSON parser and `TextTraceDecoding` make of it, every line it
/// refuses still gets the general path's error, and the byte writer writes what the string
/// writer writes.
@Suite("Text event-line fast paths")
struct EventLineFastPathTests {
    enum Decoded: Equatable {
        case success(TraceEvent)
        /// What the general path refused the line as, and the column for bad JSON.
        case failure(TraceError.Kind, column: Int?)
    }

    static func general(_ line: String) -> Decoded {
        do {
            let value = try JSONParser.parse(line)
            return .success(try TextTraceDecoding.event(from: value))
        } catch let error as JSONSyntaxError {
            return .failure(.malformedJSON(error.message), column: error.column)
        } catch let error as TextTraceFieldError {
            return .failure(error.kind, column: nil)
        } catch {
            return .failure(.malformed("\(error)"), column: nil)
        }
    }

    static func scanned(_ line: String) -> TraceEvent? {
        Array(line.utf8).withUnsafeBytes { EventLineScanner.event($0) }
    }

    /// Lines in the compact form the writers use: the scanner takes each, and agrees.
    static let usual = [
        #"{"t":0,"event":"longPress","photo":"3"}"#,
        #"{"t":410,"event":"tap","photo":"7"}"#,
        #"{"event":"selectItem","photo":"a b"}"#,
        #"{"t":9,"event":"done"}"#,
        #"{"event":"back"}"#,
        #"{"t":900,"event":"libraryChanged","removed":["3","x"],"inserted":[{"photo":"x","at":0},{"photo":"y","at":-2}]}"#,
        #"{"t":901,"event":"libraryChanged"}"#,
        #"{"t":902,"event":"libraryChanged","removed":[],"inserted":[]}"#,
        #"{"event":"tap","photo":"","t":3}"#,
        #"{"t":-0,"event":"select"}"#,
        #"{"t":9223372036854775807,"event":"dismiss"}"#,
    ] + EventName.allCases.compactMap(\.argumentlessEvent).map { #"{"t":1,"event":"\#($0.name.rawValue)"}"# }
        + EventName.allCases.filter(\.needsPhoto).map { #"{"t":2,"event":"\#($0.rawValue)","photo":"4"}"# }

    @Test(arguments: usual)
    func theScannerTakesTheUsualLinesAndAgrees(_ line: String) throws {
        let scanned = try #require(Self.scanned(line))
        #expect(Self.general(line) == .success(scanned))
    }

    /// Anything else: the scanner gives up, and the general path decides (an event or the
    /// error a person sees).
    static let unusual = [
        #"{"t": 1,"event":"tap","photo":"1"}"#,
        #"{"t":1,"event":"tap","photo":"\u0031"}"#,
        #"{"t":1,"event":"dragBegan"}"#,
        #"{"t":1,"event":"removeFromTray","removed":["3"]}"#,
        #"{"t":1,"event":"removeFromTray","photo":"3","removed":["1"]}"#,
        #"{"t":1,"event":"dragEnded","photo":"3"}"#,
        #"{"t":1,"event":"tap","photo":"é"}"#,
        #"{"t":1,"event":"tap","photo":"1","note":"unknown fields are ignored"}"#,
        #"{"t":1,"event":"tap","photo":"1","photo":"2"}"#,
        #"{"t":1,"t":2,"event":"done"}"#,
        #"{"t":1.5,"event":"done"}"#,
        #"{"t":1e3,"event":"done"}"#,
        #"{"t":01,"event":"done"}"#,
        #"{"t":-1,"event":"done"}"#,
        #"{"t":null,"event":"done"}"#,
        #"{"t":99999999999999999999,"event":"done"}"#,
        #"{"t":1,"event":"tap"}"#,
        #"{"t":1,"event":"tap","photo":7}"#,
        #"{"t":1,"event":"done","photo":"7"}"#,
        #"{"t":1,"event":"swipe"}"#,
        #"{"t":1,"event":"libraryChanged","inserted":[{"at":0,"photo":"x"}]}"#,
        #"{"t":1,"event":"libraryChanged","removed":[1]}"#,
        #"{"t":1,"event":"libraryChanged","removed":"1"}"#,
        #"{"trace":"photo-grid-selection","version":1,"photos":{"count":3}}"#,
        #"{"t":1,"event":"done"} "#,
        #"{"t":1,"event":"done"}x"#,
        #"{"t":1,"event":"done""#,
        #"{"t":1,"event":"done",}"#,
        #"[1,2]"#,
        "",
        "garbage",
    ]

    @Test(arguments: unusual)
    func theScannerLeavesEverythingElseToTheGeneralPath(_ line: String) {
        #expect(Self.scanned(line) == nil)
    }

    /// One fields value, as a converter keeps it, scans line after line: nothing of a
    /// line is left in it for the next (a list, a photo, a time), and a refused line
    /// leaves nothing that a later line takes up.
    @Test func oneFieldsValueScansLineAfterLine() {
        var fields = EventLineFields()
        for line in Self.usual + Self.unusual + Self.usual.reversed() {
            Array(line.utf8).withUnsafeBytes { bytes in
                if EventLineScanner.scan(bytes, into: &fields) {
                    #expect(Self.general(line) == .success(fields.event()), "\(line)")
                } else {
                    #expect(Self.unusual.contains(line), "\(line)")
                }
            }
        }
    }

    @Test func theReaderGivesTheGeneralPathsErrorsWithTheirLines() throws {
        for line in Self.unusual where line != "" {
            let text = #"{"trace":"photo-grid-selection","version":1,"photos":{"count":3}}"# + "\n" + line + "\n"
            var reader = try TextTraceReader(text: text)
            switch Self.general(line) {
            case .success(let event):
                #expect(try reader.next() == event, "\(line)")
            case .failure(let kind, let column):
                let error = #expect(throws: TraceError.self, "\(line)") { try reader.next() }
                #expect(error?.location == .line(2, column: column), "\(line)")
                if !line.contains("trace") {
                    #expect(error?.kind == kind, "\(line)")
                }
            }
        }
    }

    @Test func theByteWriterWritesWhatTheStringWriterWrites() {
        let ids = ["1", "42", "s17", "", "a\"b", "back\\slash", "tab\there", "é", "\u{1}"]
        var events: [TraceEvent] = []
        for (index, id) in ids.enumerated() {
            events.append(TraceEvent(t: index * 1000, .tap(id)))
            events.append(TraceEvent(.longPress(id)))
            events.append(TraceEvent(t: Int.max - index, .selectItem(id)))
            events.append(
                TraceEvent(
                    t: index, .libraryChanged(removed: [id, "2"], inserted: [Insertion(photo: id, at: -index)])))
        }
        events.append(TraceEvent(t: 0, .libraryChanged(removed: [], inserted: [])))
        events.append(TraceEvent(t: 5, .libraryChanged(removed: ["9"], inserted: [])))
        events += EventName.allCases.compactMap(\.argumentlessEvent).map { TraceEvent(t: 3, $0) }
        for event in events {
            var bytes: [UInt8] = [7]
            TextTraceEncoding.append(event, to: &bytes)
            #expect(bytes == [7] + Array((TextTraceEncoding.line(for: event) + "\n").utf8), "\(event)")
        }
    }
}
