import Foundation
import GridSimKit
import TestSupport
import Testing

/// docs/conformance-rules.md: every rule of SPEC.md sections 1 to 3 and 6 and of behaviour.md,
/// with the cases that check it. The table and the catalogue of cases must agree.
@Suite("Conformance rules")
struct ConformanceRulesTests {
    /// Each table row of the document: the rule's number and the case names in its last column.
    static func rules() throws -> [(rule: String, cases: [String])] {
        let text = try String(
            contentsOf: PackageRoot.appending("docs/conformance-rules.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 5, let first = cells[1].first, first.isNumber || first == "B" else { return nil }
            let names = cells[3].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            return (cells[1], names)
        }
    }

    @Test func everyRuleHasACaseAndEveryCaseItNamesExists() throws {
        let rules = try Self.rules()
        #expect(rules.count >= 70, "the table was not read: \(rules.count) rules")
        #expect(Set(rules.map(\.rule)).count == rules.count, "rule numbers are unique")
        let names = Set(ConformanceCase.all(for: ReferenceAdapter.self).map(\.name))
        for (rule, cases) in rules {
            #expect(!cases.isEmpty, "rule \(rule) has no case")
            for name in cases { #expect(names.contains(name), "rule \(rule) names a case that does not exist: \(name)") }
        }
    }

    @Test func everyRowOfTheEventTablesServesARule() throws {
        let named = Set(try Self.rules().flatMap(\.cases))
        for row in ConformanceCase.specificationRows {
            #expect(named.contains(row.name), "no rule names the row '\(row.name)'")
        }
    }

    /// Each adapter bug breaks one rule; at least one case that the table gives that rule
    /// fails for it, and every case passes for the reference model (the other tests).
    @Test(arguments: [
        ("1.5", "delete with a limit leaves the deleted photos in the tray", checkAll(DeleteLeavesTrayAdapter.self)),
        ("6.13", "a tap during a drag does not end it", checkAll(TapKeepsDragAdapter.self)),
        ("6.12", "the drag goes on after dragEnded", checkAll(DragGoesOnAfterEndAdapter.self)),
        ("2.7", "Select all leaves the first photo out", checkAll(SelectAllSkipsFirstAdapter.self)),
        ("3.7", "every count change announced twice", checkAll(AnnouncesTwiceAdapter.self)),
        ("3.1", "the title counts one too many", checkAll(TitleOffByOneAdapter.self)),
        ("2.8", "Deselect all leaves the mode", checkAll(DeselectAllLeavesAdapter.self)),
    ] as [(String, String, [String: String])])
    func anAdapterBugFailsACaseOfTheRuleItBreaks(rule: String, bug: String, failures: [String: String]) throws {
        let cases = try #require(try Self.rules().first { $0.rule == rule }?.cases)
        let failing = cases.filter { failures[$0] != nil }
        #expect(!failing.isEmpty, "\(bug): no case of rule \(rule) fails; failing cases: \(failures.keys.sorted())")
    }

    /// Every case that `Adapter` fails, by name, with its failure's text.
    static func checkAll<Adapter: PhotoGridAdapter>(_ adapter: Adapter.Type) -> [String: String] {
        var failures: [String: String] = [:]
        for conformanceCase in ConformanceCase.all(for: adapter) {
            do {
                try conformanceCase.check(adapter)
            } catch {
                failures[conformanceCase.name] = "\(error)"
            }
        }
        return failures
    }

    @Test func theTwoBugClassesThatPassedEveryCaseBeforeFailOneNow() {
        let tray = Self.checkAll(DeleteLeavesTrayAdapter.self)
        #expect(tray["delete with a limit: the tray empties"]?.contains("tray: expected [], the adapter gave [\"4\", \"2\"]") == true)
        let drag = Self.checkAll(TapKeepsDragAdapter.self)
        #expect(drag["tap 5 during a drag ends the drag first"] != nil)
    }
}
