/// The view page: one HTML file with its style, script and data inside, that loads nothing
/// and works from `file://`.
///
/// The DOM contract the browser test reads (README, "Seeing a trace"): `#title`, `#count`,
/// `#step`, a `data-photo` and `aria-selected` on every photo cell shown, and the tray's
/// thumbnails in order inside `#tray`; `#step=N` in the URL opens step N.
enum ViewPage {
    /// The page around `data`, the JSON of a `ViewTimeline`. O(size of data).
    static func html(title: String, data: [UInt8]) -> [UInt8] {
        var page: [UInt8] = []
        page.reserveCapacity(data.count + 64 * 1024)
        page += Array(head(title: title).utf8)
        page += Array(#"<script id="data" type="application/json">"#.utf8)
        page += data
        page += Array("</script>\n<script>\n".utf8)
        page += Array(ViewPageScript.javascript.utf8)
        page += Array("\n</script>\n</body>\n</html>\n".utf8)
        return page
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static func head(title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
        <title>GridSim view: \(escape(title))</title>
        <style>
        \(ViewPageStyle.css)
        </style>
        </head>
        <body>
        <header class="page">
          <h1>GridSim view: <span id="file"></span></h1>
          <p id="summary"></p>
        </header>
        <main>
          <section class="phone" id="phone" aria-label="The app at this step (a picture of it: its buttons show their state and do nothing)">
            <div class="appbar">
              <button id="leading" type="button" tabindex="-1" disabled>Select all</button>
              <h2 id="title" aria-live="off"></h2>
              <span class="visually-hidden">Chosen: </span><span id="count" class="visually-hidden"></span>
              <button id="trailing" type="button" tabindex="-1" class="bordered" disabled>Select</button>
            </div>
            <div class="overview" id="overview" hidden>
              <canvas id="overviewCanvas" role="img" aria-label="Where the chosen photos lie in the whole grid"></canvas>
              <p id="overviewNote"></p>
            </div>
            <div class="grid" id="grid" role="grid" aria-label="Photos" aria-readonly="true"></div>
            <p class="window-note" id="windowNote"></p>
            <div class="tray" id="trayBox" hidden>
              <p id="counter"></p>
              <ol id="tray" aria-label="Chosen photos, in the order picked"></ol>
            </div>
            <nav class="toolbar" id="toolbar" aria-label="Toolbar" hidden>
              <button id="tb-share" type="button" tabindex="-1">Share</button><button id="tb-edit" type="button" tabindex="-1">Edit</button>
              <button id="tb-move" type="button" tabindex="-1">Move</button><button id="tb-delete" type="button" tabindex="-1">Delete</button>
            </nav>
            <nav class="tabbar" id="tabbar" aria-label="Tab bar"><span>Library</span><span>For You</span><span>Albums</span><span>Search</span></nav>
            <div class="scrim" id="scrim" hidden></div>
            <div class="sheet" id="sheet" role="dialog" aria-labelledby="sheetTitle" hidden><h3 id="sheetTitle"></h3><p>A sheet covers the grid: gestures on it are refused as covered.</p></div>
          </section>
          <div class="side">
            <section class="card" aria-label="Replay controls">
              <div class="transport">
                <button id="first" type="button" aria-label="First step (Home)">&#x00AB;</button>
                <button id="prev" type="button" aria-label="Previous step (left arrow)">&#x25C0;</button>
                <label for="scrubber" class="visually-hidden">Step</label>
                <input id="scrubber" type="range" min="0" value="0" step="1">
                <button id="next" type="button" aria-label="Next step (right arrow)">&#x25B6;</button>
                <button id="last" type="button" aria-label="Last step (End)">&#x00BB;</button>
                <output for="scrubber">Step <span id="step">0</span></output>
              </div>
              <div id="live" class="visually-hidden" role="status" aria-live="polite"></div>
            </section>
            <section class="card changes" aria-labelledby="changesTitle">
              <h2 id="changesTitle"></h2>
              <dl id="changeList"></dl>
              <p class="legend"><span><i style="background:#34c759"></i>chosen</span><span><i style="background:#ff3b30"></i>unchosen</span><span><i style="background:#af52de"></i>inserted</span><span><i style="background:#ff9f0a"></i>moved</span></p>
            </section>
            <section class="card touches" id="touches" aria-labelledby="touchesTitle" hidden>
              <h2 id="touchesTitle">Touches on the grid up to this step (points in the grid's content)</h2>
              <div class="pair">
              <svg id="touchSvg" role="img" aria-label="Touches: circles where fingers went down, lines where they moved, squares where they lifted; green a tap, blue a long press, orange a drag, red a press that resolved to nothing"></svg>
              <ul id="touchList"></ul>
              </div>
            </section>
            <section class="card" aria-labelledby="stepsTitle">
              <h2 id="stepsTitle">Steps</h2>
              <div class="steps" id="steps" role="listbox" tabindex="0" aria-labelledby="stepsTitle"><div id="stepsSpacer" style="position:relative"></div></div>
            </section>
          </div>
        </main>

        """
    }
}
