import Foundation
import Synchronization

/// The note a run of conformance cases or a property run prints once per process for each
/// adapter: what the kit does not compare for it, and why. Reports carry the same lists, but
/// `try check(…)` drops them; this is what makes a team that exposes only the state see that
/// outcomes, effects and announcements went unchecked.
///
/// It goes to standard error, which `swift test` shows beside the tests' own output:
///
/// ```
/// GridSimKit: for SeedGridAdapter, not compared: outcome and reason, effects, announcements,
///   sheet (not in SeedGridAdapter.exposes); whether a drag is in progress (…); projections (…)
/// ```
enum UncomparedNote {
    /// Adapters already noted in this process.
    private static let noted = Mutex<Set<String>>([])

    /// Prints the note for `Adapter` unless this process printed it already.
    static func print<Adapter: SelectionAdapter>(for adapter: Adapter.Type) {
        let name = "\(Adapter.self)"
        guard noted.withLock({ $0.insert(name).inserted }) else { return }
        FileHandle.standardError.write(Data((text(for: adapter) + "\n").utf8))
    }

    /// The note's text: the parts `exposes` leaves out, then what no adapter is asked for, then
    /// the events left out. O(parts).
    static func text<Adapter: SelectionAdapter>(for adapter: Adapter.Type) -> String {
        var parts: [String] = []
        let missing = Adapter.exposes.missingParts
        if !missing.isEmpty { parts.append(missing.joined(separator: ", ") + " (not in \(Adapter.self).exposes)") }
        parts += Lockstep<Adapter>.notComparedForAnyAdapter
        var text = "GridSimKit: for \(Adapter.self), not compared: " + parts.joined(separator: "; ")
        let unhandled = Adapter.unhandledEvents.map(\.rawValue).sorted()
        if !unhandled.isEmpty {
            text += "; events never sent: \(unhandled.joined(separator: ", ")) (\(Adapter.self).unhandledEvents)"
        }
        return text
    }
}
