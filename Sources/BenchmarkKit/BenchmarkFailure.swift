/// Why a run could not produce trustworthy figures. Each maps to exit code 1.
public enum BenchmarkFailure: Error, CustomStringConvertible {
    /// Subjects of one case computed different results: at least one of them is wrong, and
    /// timing wrong code is meaningless.
    case resultsDisagree(caseID: String, results: [(subject: String, result: String)])
    /// A subject produced no result where one was expected.
    case missingResult(caseID: String, subject: String)
    /// The anchor of a case was capped or missing, so no ratio can be taken.
    case anchorDidNotRun(caseID: String, anchor: String)
    /// An entry of the counted set names a case or subject that no suite has.
    case countedSubjectMissing(caseID: String, subject: String)

    public var description: String {
        switch self {
        case .resultsDisagree(let caseID, let results):
            let lines = results.map { "  \($0.subject): \($0.result)" }.joined(separator: "\n")
            return "\(caseID): subjects computed different results:\n\(lines)"
        case .missingResult(let caseID, let subject):
            return "\(caseID): \(subject) produced no result to check"
        case .anchorDidNotRun(let caseID, let anchor):
            return "\(caseID): the anchor \(anchor) did not run, so no ratio can be taken"
        case .countedSubjectMissing(let caseID, let subject):
            return "the counted set names \(caseID) \(subject), which no suite has"
        }
    }
}
