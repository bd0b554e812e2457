/// An adapter whose code shows a sheet (Share, Edit) over the grid: the kit compares `sheet`
/// after every step with what SPEC.md section 2 shows.
public protocol SheetExposing: PhotoGridAdapter {
    /// The sheet shown over the grid, nil when none is.
    var sheet: Sheet? { get }
}
