import Foundation
import GridSimKit

/// Protocol 1 over standard input and output for `Adapter`: each request line read, decoded
/// and answered, the answers to it written at once, before the next line is read.
struct Server<Adapter: SheetExposing> {
    let name: String
    private var adapter: Adapter?
    private var hasLimit = false
    private var answers = Answers()
    private let decoder = JSONDecoder()

    init(name: String) { self.name = name }

    /// Serves until `bye` or the end of standard input: 0, or 1 when standard output closed.
    mutating func run() -> Int32 {
        while let line = readLine(strippingNewline: true) {
            let done: Bool
            do {
                done = try answer(decoder.decode(Request.self, from: Data(line.utf8)))
            } catch let error as RequestError {
                answers.appendError(error.message)
                done = false
            } catch let error as DecodingError {
                answers.appendError(Self.describe(error))
                done = false
            } catch {
                answers.appendError("\(error)")
                done = false
            }
            guard answers.flush() else { return 1 }
            if done { return 0 }
        }
        return 0
    }

    /// Applies `request`, appending its answers; true for `bye`.
    private mutating func answer(_ request: Request) throws -> Bool {
        switch request {
        case .hello:
            answers.append(#"{"type":"hello","protocol":1,"name":"#)
            answers.append(string: name)
            answers.append(#","exposes":["sheet"],"unhandled":"#)
            answers.append(strings: EventName.allCases.filter(Adapter.unhandledEvents.contains).map(\.rawValue))
            answers.append("}\n")
        case .start(let start):
            adapter = Self.starting(start)
            hasLimit = start.limit != nil
            answers.append(#"{"type":"started","state":"#)
            answers.append(state: adapter!, hasLimit: hasLimit)
            answers.append("}\n")
        case .events(let batch):
            guard adapter != nil else { throw RequestError("events before start: no session yet") }
            for event in batch.events.prefix(batch.applied) {
                _ = adapter!.apply(event)
                if batch.reportsState {
                    answers.append(#"{"type":"step","state":"#)
                    answers.append(state: adapter!, hasLimit: hasLimit)
                    answers.append("}\n")
                } else {
                    answers.append("{\"type\":\"step\"}\n")
                }
            }
        case .bye:
            return true
        }
        return false
    }

    /// A new adapter brought to SPEC.md section 7's start state as the kit brings one: Select,
    /// a tap on each pick in pick order, then Share or Edit.
    static func starting(_ request: StartRequest) -> Adapter {
        var adapter = Adapter(photos: request.photos, limit: request.limit, reduceMotion: request.reduceMotion)
        let start = request.start
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

    /// What JSONDecoder found wrong, in the protocol's words.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let detail = context.underlyingError.map { ": \($0)" } ?? ""
            return "the request is not JSON\(detail)"
        case .dataCorrupted(let context):
            return "\"\(path(context.codingPath))\": \(context.debugDescription)"
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return "a request must be a JSON object with \"type\""
        case .typeMismatch(let type, let context):
            return "\"\(path(context.codingPath))\" must be \(kind(type))"
        case .keyNotFound(let key, let context):
            return "\"\(path(context.codingPath + [key]))\" is missing"
        case .valueNotFound(let type, let context):
            return "\"\(path(context.codingPath))\" must be \(kind(type)), found null"
        @unknown default:
            return "\(error)"
        }
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is [String].Type: "an array of photo ids"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
