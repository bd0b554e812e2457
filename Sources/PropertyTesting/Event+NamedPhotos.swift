@_spi(GridSimInternals) import SelectionCore

extension GridEvent where Photo == PhotoID {
    /// Every photo the event names, in the order it names them: the one it acts on (the tray
    /// photo removed, a drag's anchor, the photo under a dragging finger), or those a library
    /// change removes and inserts. The per-step checks look these photos up; the shrinker
    /// keeps and renames them. O(named).
    var namedPhotos: [PhotoID] {
        if case .libraryChanged(let removed, let inserted) = self { return removed + inserted.map(\.photo) }
        return photo.map { [$0] } ?? []
    }
}
