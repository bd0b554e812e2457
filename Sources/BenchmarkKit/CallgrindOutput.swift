/// The totals of one callgrind output file (`callgrind.out.*`): the event names of its
/// `events:` line paired with the numbers of its `summary:` (or `totals:`) line.
///
/// Format reference: the callgrind manual's "Callgrind Format Specification". Only the
/// header lines are read; cost lines per function are skipped. O(file size).
public struct CallgrindOutput: Equatable, Sendable {
    /// Event name (`Ir`, `DLmr`, …) to its total.
    public var totals: [String: UInt64]

    /// Why a file is not a callgrind output this reader can use.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public init(totals: [String: UInt64]) {
        self.totals = totals
    }

    /// Parses the text of a callgrind output file; `name` is used in errors.
    public init(parsing text: String, name: String) throws(ParseError) {
        var events: [String]?
        var numbers: [UInt64]?
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.hasPrefix("events:") {
                events = line.dropFirst("events:".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("summary:") || line.hasPrefix("totals:") {
                let fields = line.drop(while: { $0 != ":" }).dropFirst().split(separator: " ")
                var parsed: [UInt64] = []
                for field in fields {
                    guard let value = UInt64(field) else {
                        throw ParseError(description: "\(name):\(lineNumber): '\(field)' is not a count in the totals line")
                    }
                    parsed.append(value)
                }
                numbers = parsed
                if line.hasPrefix("totals:") { break }
            }
        }
        guard let events, !events.isEmpty else {
            throw ParseError(description: "\(name): no 'events:' line; not a callgrind output file")
        }
        guard let numbers else {
            throw ParseError(description: "\(name): no 'summary:' or 'totals:' line; the run was cut short?")
        }
        guard numbers.count <= events.count else {
            throw ParseError(description: "\(name): \(numbers.count) totals for \(events.count) events")
        }
        var totals: [String: UInt64] = [:]
        // A totals line may leave out trailing zero counts.
        for (index, event) in events.enumerated() { totals[event] = index < numbers.count ? numbers[index] : 0 }
        self.totals = totals
    }

    /// Instructions executed (`Ir`).
    public var instructions: UInt64? { totals["Ir"] }
    /// Last-level read misses, instructions and data (`ILmr + DLmr`), with `--cache-sim=yes`.
    public var lastLevelReadMisses: UInt64? {
        guard let instruction = totals["ILmr"], let data = totals["DLmr"] else { return nil }
        return instruction + data
    }
    /// Last-level write misses (`DLmw`), with `--cache-sim=yes`.
    public var lastLevelWriteMisses: UInt64? { totals["DLmw"] }
}
