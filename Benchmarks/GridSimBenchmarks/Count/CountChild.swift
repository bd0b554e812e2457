import BenchmarkKit
import Foundation

/// The process that callgrind watches (`--count-child N`): builds entry N of the counted set
/// as the timed run builds that subject, warms it up, then runs its operation loop inside
/// `countedRegion`, and prints one line (`CountChild.line`) that the parent pairs with
/// callgrind's totals.
///
/// Nothing but the loop is counted: preparing the subject, the warm-up, the result check and
/// the line printed are outside the region. O(the entry's setup + 2 × its loop).
enum CountChild {
    static func run(_ entry: CountedEntry, injection: Injection, standardOutput: (String) -> Void) throws {
        let context = SuiteContext(injection: injection, replayEvents: CountedSet.replayEvents)
        guard let benchmarkCase = SuiteCatalog.cases(sizes: [entry.size], filter: nil, context: context, only: [entry.caseID]).first,
              let subject = benchmarkCase.subjects.first(where: { $0.name == entry.subject })
        else {
            throw BenchmarkFailure.countedSubjectMissing(caseID: entry.caseID, subject: entry.subject)
        }
        defer { benchmarkCase.finish() }
        let operation = subject.prepare()
        // The same untimed reset the timed run makes before a sample: a fresh session for a
        // replay (whose entry counts one operation), an emptied log for the engine's taps.
        operation.resetBeforeSample?()
        operation.perform(entry.operations)
        operation.resetBeforeSample?()
        countedRegion { operation.perform(entry.operations) }
        let result = operation.result()?.summary ?? ""
        standardOutput(line(entry: entry, role: subject.role, operations: entry.operations, result: result) + "\n")
    }

    /// `count<TAB>case<TAB>subject<TAB>role<TAB>operations<TAB>result`.
    static func line(entry: CountedEntry, role: SubjectRole, operations: Int, result: String) -> String {
        return ["count", entry.caseID, entry.subject, role.rawValue, String(operations),
                result.replacingOccurrences(of: "\t", with: " ")].joined(separator: "\t")
    }

    /// The child's line and callgrind's totals, as counts per operation.
    static func report(line output: String, totals: CallgrindOutput) throws -> CountReport {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("count\t") }) else {
            throw CallgrindInvocation.Failure(description: "the counted run printed no count line")
        }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 6, let role = SubjectRole(rawValue: fields[3]), let operations = Int(fields[4]),
              let report = CountReport(
                  caseID: fields[1], subject: fields[2], role: role, operations: operations, totals: totals,
                  result: fields[5].isEmpty ? nil : fields[5])
        else {
            throw CallgrindInvocation.Failure(description: "unreadable count line: \(fields.joined(separator: " "))")
        }
        return report
    }
}
