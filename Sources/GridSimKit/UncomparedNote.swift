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
    static func print<Adapter: PhotoGridAdapter>(for adapter: Adapter.Type) {
        let name = Adapter.adapterName
        guard noted.withLock({ $0.insert(name).inserted }) else { return }
        FileHandle.standardError.write(Data((text(for: adapter) + "\n").utf8))
    }

    /// The note's text: the parts `exposes` leaves out, then what no adapter is asked for, then
    /// the events left out. O(parts).
    static func text<Adapter: PhotoGridAdapter>(for adapter: Adapter.Type) -> String {
        var parts: [String] = []
        let name = Adapter.adapterName
        let exposed = Adapter.exposedParts
        let missing = exposed.missingParts
        if !missing.isEmpty {
            let place =
                Adapter.self is any RuntimeDeclaredAdapter.Type
                ? "not in the handshake's exposes"
                : Adapter.self is any LegacyExposure.Type
                ? "not in \(name).exposes"
                : "\(name) does not conform to \(exposed.missingProtocols.joined(separator: ", "))"
            parts.append(missing.joined(separator: ", ") + " (\(place))")
        }
        parts += Lockstep<Adapter>.notComparedForAnyAdapter
        var text = "GridSimKit: for \(name), not compared: " + parts.joined(separator: "; ")
        let unhandled = Adapter.unhandledEvents.map(\.rawValue).sorted()
        if !unhandled.isEmpty {
            text += "; events never sent: \(unhandled.joined(separator: ", ")) (\(name).unhandledEvents)"
        }
        return text
    }
}

/// What the kit leaves uncompared for an adapter, in words: for GridSim's commands, which
/// report it beside their own results.
package enum UncomparedParts {
    package static func words<Adapter: PhotoGridAdapter>(for adapter: Adapter.Type) -> [String] {
        Lockstep<Adapter>.notCompared
    }
}
