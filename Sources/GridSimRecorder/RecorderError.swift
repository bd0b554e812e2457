/// Why a recorder cannot start, write a window or recover one. `description` is a sentence an
/// app can log or show as it is: the file, and what is wrong with it.
public struct RecorderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The arguments describe no session a trace can hold: repeated photo ids, a start
        /// state that breaks an invariant of SPEC.md section 1, a capacity below 1.
        case invalidSession(String)
        /// The byte budget cannot hold the grid, two checkpoints of it and the smallest ring.
        case budgetTooSmall(budget: Int, minimum: Int)
        /// A system call failed: creating, sizing, mapping, writing or syncing a file.
        case io(String)
        /// The file is not a window file of this format.
        case notAWindowFile(String)
        /// The file is a window file whose contents are damaged or cut short.
        case damaged(String)
        /// The window cannot be rebuilt from what the file holds (its last checkpoint is older
        /// than the ring's oldest event).
        case cannotRebuild(String)
        /// The recorder was used after `close()`.
        case closed
    }

    public let kind: Kind
    /// The file it went wrong with.
    public let path: String

    init(_ kind: Kind, at path: String) {
        self.kind = kind
        self.path = path
    }

    public var description: String {
        switch kind {
        case .invalidSession(let reason):
            "\(path): cannot record this session: \(reason)"
        case .budgetTooSmall(let budget, let minimum):
            "\(path): a byte budget of \(budget) bytes is too small for this grid: the window file needs at least "
                + "\(minimum) bytes (the grid's ids, two checkpoints of its state, and the smallest ring)"
        case .io(let reason):
            "\(path): \(reason)"
        case .notAWindowFile(let reason):
            "\(path): not a window file: \(reason)"
        case .damaged(let reason):
            "\(path): damaged window file: \(reason)"
        case .cannotRebuild(let reason):
            "\(path): the window cannot be rebuilt: \(reason)"
        case .closed:
            "\(path): the recorder is closed"
        }
    }
}
