/// The directories that a bulk operation replaced, by directory index (nil where it replaced
/// none), kept alive until their flips are journaled at the end of the operation, once it is
/// known whether they all fit (see `SelectionBitmapStorage.combine(with:_:)`).
///
/// On the stack: one reference per directory, a few hundred at tens of millions of slots.
struct SelectionBitmapReplacedDirectories {
    private let directories: UnsafeMutableBufferPointer<SelectionBitmapDirectory?>

    private init(_ directories: UnsafeMutableBufferPointer<SelectionBitmapDirectory?>) {
        self.directories = directories
    }

    /// Calls `body` with room for `count` directories, all nil at first, and releases the
    /// ones stored there when `body` returns. The room is valid only within `body`.
    static func withRoom(for count: Int, _ body: (SelectionBitmapReplacedDirectories) -> Void) {
        withUnsafeTemporaryAllocation(of: SelectionBitmapDirectory?.self, capacity: count) { room in
            room.initialize(repeating: nil)
            body(SelectionBitmapReplacedDirectories(room))
            _ = room.deinitialize()
        }
    }

    /// The number of directory indices there is room for.
    var count: Int { directories.count }

    /// The directory replaced at `directoryIndex` (0 ..< count), nil if none.
    subscript(directoryIndex: Int) -> SelectionBitmapDirectory? {
        get { directories[directoryIndex] }
        nonmutating set { directories[directoryIndex] = newValue }
    }
}
