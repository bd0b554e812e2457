import Foundation

/// Number formatting shared by the text and Markdown renderers: short, unit-bearing, and
/// with three significant digits (more would pretend a precision a shared machine lacks).
public enum ReportFormat {
    /// `1.23 ns`, `45.6 µs`, `7.89 ms`, `1.02 s`.
    public static func duration(nanoseconds: Double) -> String {
        let value = abs(nanoseconds)
        if value < 1e3 { return "\(significant(nanoseconds)) ns" }
        if value < 1e6 { return "\(significant(nanoseconds / 1e3)) µs" }
        if value < 1e9 { return "\(significant(nanoseconds / 1e6)) ms" }
        return "\(significant(nanoseconds / 1e9)) s"
    }

    /// `950`, `12.3K`, `4.56M`, `7.89G`.
    public static func count(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude < 1e3 { return significant(value) }
        if magnitude < 1e6 { return "\(significant(value / 1e3))K" }
        if magnitude < 1e9 { return "\(significant(value / 1e6))M" }
        return "\(significant(value / 1e9))G"
    }

    /// `512 B`, `1.5 KiB`, `12.0 MiB`, `1.1 GiB`.
    public static func bytes(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude < 1024 { return "\(significant(value)) B" }
        if magnitude < 1024 * 1024 { return "\(significant(value / 1024)) KiB" }
        if magnitude < 1024 * 1024 * 1024 { return "\(significant(value / 1024 / 1024)) MiB" }
        return "\(significant(value / 1024 / 1024 / 1024)) GiB"
    }

    /// A ratio: `1`, `2.5×`, `0.031×`, `1.2K×`.
    public static func ratio(_ value: Double) -> String {
        if value >= 1000 { return "\(count(value))×" }
        return "\(significant(value))×"
    }

    /// `12.5 %`.
    public static func percent(_ fraction: Double) -> String {
        "\(significant(fraction * 100)) %"
    }

    /// Up to three decimals, trailing zeros kept short: `0.01`, `1.25`, `300`.
    public static func decimal(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(format: "%.3g", value)
    }

    /// Three significant digits, without exponent notation for ordinary magnitudes.
    public static func significant(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        if magnitude >= 0.001 { return String(format: "%.3g", value) }
        return String(format: "%.2e", value)
    }
}
