/// The grid seed's layout rule: `LazyVGrid(columns: [GridItem(.adaptive(minimum: 110), spacing: 4)],
/// spacing: 4)` with square cells (`aspectRatio(1, contentMode: .fit)`).
///
/// SwiftUI's adaptive grid fits as many columns of at least `minimumCellSide` as the width
/// allows and shares the rest among them:
///
///     columns = max(1, floor((width + spacing) / (minimum + spacing)))
///     side    = (width - (columns - 1) * spacing) / columns
///
/// Rows are `spacing` apart. `padding` is an inset on every side of the grid inside the
/// scroll content; the seed has none (its `.padding(.horizontal, 16)` is on the title row,
/// not on the grid), so it defaults to 0.
package struct GridLayout: Hashable, Sendable {
    package var minimumCellSide: Double
    package var spacing: Double
    package var padding: Double

    package init(minimumCellSide: Double = 110, spacing: Double = 4, padding: Double = 0) {
        self.minimumCellSide = minimumCellSide
        self.spacing = spacing
        self.padding = padding
    }

    /// The grid seed's values: minimum 110 pt, spacing 4 pt, no padding.
    package static let seed = GridLayout()

    /// Columns and cell size for a viewport `width` points wide. O(1).
    package func metrics(forWidth width: Double) -> GridMetrics {
        let usable = max(0, width - 2 * padding)
        let fitting = ((usable + spacing) / (minimumCellSide + spacing)).rounded(.down)
        // `fitting` can be huge for a tiny minimum; Int(_:) traps above Int.max.
        let columns = max(1, fitting.isFinite ? Int(min(fitting, 1_000_000)) : 1)
        let side = max(0, (usable - Double(columns - 1) * spacing) / Double(columns))
        return GridMetrics(columns: columns, cellSide: side, spacing: spacing, padding: padding, width: usable)
    }
}
