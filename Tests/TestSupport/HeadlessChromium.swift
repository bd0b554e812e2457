import Foundation

/// Debian's `chromium`, run headless: the DOM of a page after its script ran, or a screenshot.
///
/// As root Chromium needs `--no-sandbox`; it is passed always (these are our own pages).
/// `--virtual-time-budget` lets the page's script run to completion before the DOM is dumped,
/// without waiting that long in real time.
public struct HeadlessChromium: Sendable {
    public let executable: String

    /// `GRIDSIM_CHROMIUM`, else `chromium` or `chromium-browser` on `PATH`; nil when none is found.
    public static func find() -> HeadlessChromium? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["GRIDSIM_CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) {
            return HeadlessChromium(executable: path)
        }
        for directory in (environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let path = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return HeadlessChromium(executable: path) }
            }
        }
        return nil
    }

    /// `find()`'s Chromium, or a failure saying how to get it. Chromium missing is a failure,
    /// not a skip (scripts/setup installs it, so CI has it); `GRIDSIM_SKIP_BROWSER=1` turns the
    /// browser tests off on a machine without it.
    public static func required() throws -> HeadlessChromium {
        guard let chromium = find() else {
            throw Failure(
                description: "chromium is not installed: scripts/setup installs it (apt-get install chromium); "
                    + "GRIDSIM_SKIP_BROWSER=1 skips the browser tests on a machine without it")
        }
        return chromium
    }

    /// Whether the browser tests run: `GRIDSIM_SKIP_BROWSER=1` turns them off.
    public static var testsEnabled: Bool { ProcessInfo.processInfo.environment["GRIDSIM_SKIP_BROWSER"] != "1" }

    private var commonArguments: [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--hide-scrollbars",
         "--user-data-dir=\(NSTemporaryDirectory())gridsim-chromium-\(getpid())-\(UUID().uuidString)"]
    }

    /// The serialised DOM of `url` after `budget` ms of virtual time.
    public func dumpDOM(_ url: URL, budget: Int = 5000) throws -> String {
        try load(url, budget: budget).dom
    }

    /// The serialised DOM of `url` after `budget` ms of virtual time, and every message the
    /// page wrote to the console: its own, uncaught errors, and what the browser refused
    /// (a Content-Security-Policy violation, a resource that failed to load).
    ///
    /// Chromium logs each console message as a line `[…:INFO:CONSOLE:…] "message", source: …`
    /// (whatever its level) in the log file `--enable-logging --log-file` names.
    public func load(_ url: URL, budget: Int = 5000) throws -> (dom: String, console: [String]) {
        let log = NSTemporaryDirectory() + "gridsim-chromium-\(getpid())-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let output = try run(
            commonArguments + [
                "--enable-logging", "--log-file=\(log)", "--v=0", "--virtual-time-budget=\(budget)", "--dump-dom",
                url.absoluteString,
            ])
        let lines = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let console = lines.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return (String(decoding: output, as: UTF8.self), console)
    }

    /// Writes a PNG of `url` at `width` × `height` to `png`.
    public func screenshot(_ url: URL, to png: String, width: Int, height: Int, budget: Int = 5000) throws {
        _ = try run(
            commonArguments + [
                "--virtual-time-budget=\(budget)", "--window-size=\(width),\(height)", "--screenshot=\(png)", url.absoluteString,
            ])
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) { self.description = description }
    }

    private func run(_ arguments: [String]) throws -> Data {
        let output = try ChildProcess.run(URL(fileURLWithPath: executable), arguments)
        guard output.status == 0 else {
            throw Failure(description: "\(executable) exited with \(output.status): \(arguments.last ?? "")")
        }
        return output.standardOutput
    }
}

/// What a view page shows, read from its DOM by the contract of docs/view.md.
/// For the tests of `gridsim view` and of the kit's counterexample pages.
public struct ViewPageDOM {
    public var title: String?
    public var count: String?
    public var step: String?
    /// Every photo cell in document order: its id and whether it is shown chosen.
    public var cells: [(photo: String, selected: Bool)] = []
    /// The tray's thumbnails in order, when the page has a tray.
    public var tray: [String] = []
    public var verified: String?
    /// The grid positions of the cells shown: `start ..< end`.
    public var window: Range<Int>?
    public var text: String

    public init(_ html: String) {
        text = html
        title = Self.first(#"<h2 id="title"[^>]*>([^<]*)</h2>"#, in: html)
        count = Self.first(#"<span id="count"[^>]*>([^<]*)</span>"#, in: html)
        step = Self.first(#"<span id="step"[^>]*>([^<]*)</span>"#, in: html)
        verified = Self.first(#"data-verified="([^"]*)""#, in: html)
        if let start = Self.first(#"id="windowNote" data-start="(\d+)""#, in: html).flatMap(Int.init),
            let end = Self.first(#"id="windowNote" data-start="\d+" data-end="(\d+)""#, in: html).flatMap(Int.init), start <= end
        {
            window = start..<end
        }
        // Attributes are read from the tag as serialised, then decoded: an id may hold a quote.
        for tag in Self.all(#"<div [^>]*role="gridcell"[^>]*>"#, in: html, decoding: false) {
            guard let photo = Self.first(#"data-photo="([^"]*)""#, in: tag),
                let selected = Self.first(#"aria-selected="([^"]*)""#, in: tag)
            else { continue }
            cells.append((photo, selected == "true"))
        }
        if let tray = Self.all(#"<ol id="tray"[^>]*>(.*?)</ol>"#, in: html, group: 1, decoding: false).first {
            self.tray = Self.all(#"<li [^>]*data-photo="([^"]*)""#, in: tray, group: 1)
        }
    }

    private static func decode(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The first match's first group of `pattern` in the page.
    public func first(_ pattern: String) -> String? { Self.first(pattern, in: text) }

    private static func first(_ pattern: String, in text: String) -> String? {
        all(pattern, in: text, group: 1).first
    }

    private static func all(_ pattern: String, in text: String, group: Int = 0, decoding: Bool = true) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: group), in: text).map { decoding ? decode(String(text[$0])) : String(text[$0]) }
        }
    }
}
