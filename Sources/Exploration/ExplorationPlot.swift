import Foundation

/// A log–log SVG plot: one panel per operation, cost against grid size, one line per engine.
package enum ExplorationPlot {
    static let panelWidth = 360.0
    static let panelHeight = 240.0
    static let margin = (left: 64.0, right: 16.0, top: 28.0, bottom: 40.0)
    static let columns = 3
    static let colours = ["fast": "#1f77b4", "reference": "#d62728"]
    static let fallbackColours = ["#2ca02c", "#9467bd", "#8c564b", "#e377c2"]

    package static func svg(_ result: ExplorationResult) -> String {
        let series = result.series.filter { $0.points.count >= 1 }
        let operations = Array(Set(series.map(\.operation))).sorted()
        let engines = Array(Set(series.map(\.engine))).sorted()
        let rows = max(1, (operations.count + columns - 1) / columns)
        let width = panelWidth * Double(columns)
        let height = panelHeight * Double(rows) + 36
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>

            """
        for (index, engine) in engines.enumerated() {
            let x = 16.0 + Double(index) * 120
            svg += "<line x1=\"\(x)\" y1=\"18\" x2=\"\(x + 24)\" y2=\"18\" stroke=\"\(colour(engine, index))\" stroke-width=\"2.5\"/>"
            svg += "<text x=\"\(x + 30)\" y=\"22\">\(escape(engine))</text>\n"
        }
        for (index, operation) in operations.enumerated() {
            let originX = Double(index % columns) * panelWidth
            let originY = 36 + Double(index / columns) * panelHeight
            svg += panel(operation, series.filter { $0.operation == operation }, engines: engines, x: originX, y: originY)
        }
        return svg + "</svg>\n"
    }

    private static func colour(_ engine: String, _ index: Int) -> String {
        colours[engine] ?? fallbackColours[index % fallbackColours.count]
    }

    private static func panel(_ operation: String, _ lines: [ExplorationResult.Series], engines: [String], x: Double, y: Double) -> String {
        let points = lines.flatMap(\.points)
        let minX = floor(log10(Double(points.map(\.photos).min() ?? 1)))
        let maxX = max(minX + 1, ceil(log10(Double(points.map(\.photos).max() ?? 10))))
        let minY = floor(log10(max(1, points.map(\.nanoseconds).min() ?? 1)))
        let maxY = max(minY + 1, ceil(log10(max(1, points.map(\.nanoseconds).max() ?? 10))))
        let plotLeft = x + margin.left
        let plotRight = x + panelWidth - margin.right
        let plotTop = y + margin.top
        let plotBottom = y + panelHeight - margin.bottom
        func px(_ photos: Int) -> Double {
            plotLeft + (log10(Double(max(photos, 1))) - minX) / (maxX - minX) * (plotRight - plotLeft)
        }
        func py(_ ns: Double) -> Double {
            plotBottom - (log10(max(ns, 1)) - minY) / (maxY - minY) * (plotBottom - plotTop)
        }
        var svg = "<g>\n<text x=\"\(plotLeft)\" y=\"\(y + 18)\" font-weight=\"bold\">\(escape(operation))</text>\n"
        svg += "<rect x=\"\(plotLeft)\" y=\"\(plotTop)\" width=\"\(plotRight - plotLeft)\" height=\"\(plotBottom - plotTop)\" fill=\"none\" stroke=\"#999\"/>\n"
        for decade in stride(from: minX, through: maxX, by: 1) {
            let tx = px(Int(pow(10, decade)))
            svg += "<line x1=\"\(tx)\" y1=\"\(plotTop)\" x2=\"\(tx)\" y2=\"\(plotBottom)\" stroke=\"#eee\"/>"
            svg += "<text x=\"\(tx)\" y=\"\(plotBottom + 14)\" text-anchor=\"middle\">\(GridSizeText.format(Int(pow(10, decade))))</text>\n"
        }
        for decade in stride(from: minY, through: maxY, by: 1) {
            let ty = py(pow(10, decade))
            svg += "<line x1=\"\(plotLeft)\" y1=\"\(ty)\" x2=\"\(plotRight)\" y2=\"\(ty)\" stroke=\"#eee\"/>"
            svg += "<text x=\"\(plotLeft - 4)\" y=\"\(ty + 4)\" text-anchor=\"end\">\(tickLabel(decade))</text>\n"
        }
        svg += "<text x=\"\((plotLeft + plotRight) / 2)\" y=\"\(plotBottom + 30)\" text-anchor=\"middle\" fill=\"#555\">photos in the grid</text>\n"
        for line in lines {
            let index = engines.firstIndex(of: line.engine) ?? 0
            let stroke = colour(line.engine, index)
            let path = line.points.map { "\(String(format: "%.1f", px($0.photos))),\(String(format: "%.1f", py($0.nanoseconds)))" }
            svg += "<polyline points=\"\(path.joined(separator: " "))\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"2\"/>\n"
            for point in line.points {
                svg += "<circle cx=\"\(String(format: "%.1f", px(point.photos)))\" cy=\"\(String(format: "%.1f", py(point.nanoseconds)))\" r=\"2.5\" fill=\"\(stroke)\"/>"
            }
            if let fit = line.fit, let last = line.points.last {
                svg += "<text x=\"\(min(px(last.photos) + 4, plotRight - 40))\" y=\"\(py(last.nanoseconds) - 6)\" fill=\"\(stroke)\">k=\(String(format: "%.2f", fit.exponent))</text>"
            }
            svg += "\n"
        }
        return svg + "</g>\n"
    }

    /// `10 ns`, `100 µs`, `1 s`: a decade of nanoseconds without decimals.
    static func tickLabel(_ decade: Double) -> String {
        let exponent = Int(decade)
        let units = ["ns", "µs", "ms", "s"]
        let unit = min(max(exponent, 0) / 3, units.count - 1)
        let value = Int(pow(10, Double(max(exponent, 0) - unit * 3)).rounded())
        return "\(value) \(units[unit])"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
