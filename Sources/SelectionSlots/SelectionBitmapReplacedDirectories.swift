/// The directories that a bulk operation replaced, by directory index (nil where it replaced
/// none), kept alive until their flips are journaled at the end of the operation, once it is
/// known whether they all fit (see `SelectionBitmapStorage.combine(with:_:)`).
///
/// A view of room the operation allocates on the stack (one reference per directory, a few
/// hundred at tens of millions of slots) with `withUnsafeTemporaryAllocation`, in its own
/// closure: a helper taking a closure of its own would capture the other bitmap in that
/// closure's context, a retain and a release of its levels per operation.
struct SelectionBitmapReplacedDirectories {
    private let room: UnsafeMutableBufferPointer<SelectionBitmapDirectory?>

    /// Makes every entry of `room` nil.
    ///
    /// - Precondition: `room` is uninitialised and outlives every use of the view; it is
    ///   given back with `deinitialize()`.
    @inline(__always)
    init(initializing room: UnsafeMutableBufferPointer<SelectionBitmapDirectory?>) {
        room.initialize(repeating: nil)
        self.room = room
    }

    /// Releases the directories stored, leaving the room uninitialised. The view is not
    /// used afterwards.
    @inline(__always)
    func deinitialize() {
        _ = room.deinitialize()
    }

    /// The number of directory indices there is room for.
    var count: Int { room.count }

    /// The directory replaced at `directoryIndex` (0 ..< count), nil if none.
    subscript(directoryIndex: Int) -> SelectionBitmapDirectory? {
        get { room[directoryIndex] }
        nonmutating set { room[directoryIndex] = newValue }
    }
}
