/// The view page: one HTML file with its style, script and data inside, that loads nothing
/// and works from `file://`.
///
/// Its parts are files of their own in `Page/`, embedded into the binary at build time
/// (`.embedInCode` in Package.swift): `page.html`, the markup with `{{title}}`, `{{style}}`,
/// `{{data}}` and `{{script}}` where the rest goes; `page.css`, the style sheet; `page.js`, the
/// script that rebuilds each step's state from the data and draws it.
///
/// The script never decides what an event does (that is the reducer's, in Swift): the outcome,
/// mode, sheet and count of each step are read from the data; the chosen photos, the grid
/// order and the tray are its diffs applied, forwards or backwards from the step shown. A step
/// costs what it changed (the script keeps the grid order in blocks of at most 4,096 slots,
/// found through a Fenwick tree of their lengths); drawing costs the cells shown (the whole grid
/// up to 500 photos, else a window of 20 rows) plus, for a large grid, one pass over it for the
/// overview strip; the step list holds only the rows in view.
///
/// The DOM contract the browser test reads (docs/view.md, "Its contract"): `#title`, `#count`,
/// `#step`, a `data-photo` and `aria-selected` on every photo cell shown, and the tray's
/// thumbnails in order inside `#tray`; `#step=N` in the URL opens step N.
package enum ViewPage {
    /// The page around `data`, the JSON of a `ViewTimeline`. O(size of data).
    package static func html(title: String, data: [UInt8]) -> [UInt8] {
        var page: [UInt8] = []
        page.reserveCapacity(data.count + template.count + style.count + script.count + 1024)
        for part in parts {
            switch part {
            case .text(let bytes): page += bytes
            case .title: page += Array(escape(title).utf8)
            case .style: page += style
            case .data: page += data
            case .script: page += script
            }
        }
        return page
    }

    private static let template = PackageResources.page_html
    /// The style sheet and the script without the newline that ends their files: the template
    /// puts each on lines of its own.
    private static let style = withoutFinalNewline(PackageResources.page_css)
    private static let script = withoutFinalNewline(PackageResources.page_js)

    private enum Part {
        case text([UInt8])
        case title, style, data, script
    }

    /// The template cut at its placeholders. O(template).
    private static let parts: [Part] = {
        var parts: [Part] = []
        var rest = template[...]
        let open = Array("{{".utf8)
        let close = Array("}}".utf8)
        while let start = rest.firstRange(of: open), let end = rest[start.upperBound...].firstRange(of: close) {
            parts.append(.text(Array(rest[..<start.lowerBound])))
            switch String(decoding: rest[start.upperBound..<end.lowerBound], as: UTF8.self) {
            case "title": parts.append(.title)
            case "style": parts.append(.style)
            case "data": parts.append(.data)
            case "script": parts.append(.script)
            case let name: preconditionFailure("page.html has an unknown placeholder {{\(name)}}")
            }
            rest = rest[end.upperBound...]
        }
        parts.append(.text(Array(rest)))
        return parts
    }()

    private static func withoutFinalNewline(_ bytes: [UInt8]) -> [UInt8] {
        bytes.last == UInt8(ascii: "\n") ? Array(bytes.dropLast()) : bytes
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
