/// The report's HTML: one page with its style, its script and its data
/// inline, so it opens from disk with no network and no other file
/// (`docs/guide/report.md`). The script (``script``, ``timelineScript``) draws
/// everything from the data object; the Swift side only chooses and
/// encodes the data (``ReportData``).
package enum ReportPage {
    /// The page's bytes.
    package static func render(_ data: ReportData) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: head(title: data.title).utf8)
        out.append(contentsOf: "<script id=\"loopsim-data\" type=\"application/json\">".utf8)
        out.append(contentsOf: scriptSafe(data.json.bytes))
        out.append(contentsOf: "</script>\n<script>\n".utf8)
        out.append(contentsOf: timelineScript.utf8)
        out.append(contentsOf: script.utf8)
        out.append(contentsOf: "</script>\n</body>\n</html>\n".utf8)
        return out
    }

    /// JSON made safe inside a `<script>` element: every `</` becomes
    /// `<\/` (the same string to JSON), so no value can close the element.
    package static func scriptSafe(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count)
        for (i, b) in json.enumerated() {
            if b == UInt8(ascii: "/"), i > 0, json[i - 1] == UInt8(ascii: "<") { out.append(UInt8(ascii: "\\")) }
            out.append(b)
        }
        return out
    }

    /// Text made safe as HTML text.
    package static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    package static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="loopsim report">
        <title>\(escape(title)) — LoopSim report</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header class="top">
          <div class="brand">LoopSim</div>
          <h1 id="title">\(escape(title))</h1>
          <span id="status" class="badge"></span>
          <div id="facts" class="facts"></div>
        </header>
        <nav class="tabs"><a href="#timeline-section">Timeline</a><a href="#frames-section">Frames</a><a href="#latency-section">Latency &amp; hitches</a><a href="#expectations-section">Expectations</a><a href="#source-section">Source</a></nav>
        <main>
        <section id="timeline-section" class="card">
          <div class="card-head"><h2>Timeline</h2>
            <div class="tools"><button id="zoom-out" title="Zoom out">−</button><button id="zoom-in" title="Zoom in">+</button><button id="zoom-fit" title="Show the whole run">Fit</button><span id="range" class="muted"></span></div>
          </div>
          <div id="timeline-wrap" class="timeline-wrap"><canvas id="timeline"></canvas><div id="tip" class="tip"></div></div>
          <div id="legend" class="legend"></div>
          <p class="muted small">Scroll to zoom around the pointer, drag to pan, double-click to fit. Click a frame to see it.</p>
        </section>
        <section id="frames-section" class="card">
          <div class="card-head"><h2>Frames</h2><span id="frames-count" class="muted"></span></div>
          <p id="frames-note" class="note" hidden></p>
          <div id="filmstrip" class="filmstrip"></div>
        </section>
        <div class="columns">
        <section id="latency-section" class="card">
          <div class="card-head"><h2>Latency &amp; hitches</h2></div>
          <div id="summary" class="summary"></div>
          <div id="hitches"></div>
          <div class="table-wrap"><table id="latency"><thead><tr><th>txn</th><th>started</th><th>committed</th><th>frame</th><th>on screen</th><th>latency</th><th>hitch</th><th>cause</th></tr></thead><tbody></tbody></table></div>
        </section>
        <section id="expectations-section" class="card">
          <div class="card-head"><h2>Expectations</h2><span id="expect-count" class="muted"></span></div>
          <div id="failure"></div>
          <ul id="expectations" class="expectations"></ul>
          <div id="warnings"></div>
        </section>
        </div>
        <section id="source-section" class="card">
          <div class="card-head"><h2>Scenario</h2><span id="source-name" class="muted"></span></div>
          <pre id="source" class="source"></pre>
        </section>
        </main>
        <div id="viewer" class="viewer" hidden>
          <div class="viewer-box">
            <div class="viewer-head"><strong id="viewer-title"></strong><span id="viewer-info" class="muted"></span>
              <span class="viewer-tools"><label><input type="checkbox" id="viewer-damage"> damage</label><button id="viewer-prev" title="Previous (←)">‹</button><button id="viewer-next" title="Next (→)">›</button><button id="viewer-close" title="Close (Esc)">✕</button></span></div>
            <div class="viewer-stage"><div id="viewer-frame" class="viewer-frame"><img id="viewer-img" alt=""><div id="viewer-rects"></div></div></div>
            <div id="viewer-note" class="muted small"></div>
          </div>
        </div>

        """
    }
}
