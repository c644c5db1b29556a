import Foundation
import Platform
import SheetKit

/// A self-contained static report: `index.html` with inline CSS and script, and the images beside it in `artifacts/`.
/// It needs no network and no server: open the file, or publish the folder as a CI artifact.
enum HTMLReport {
    static func write(_ results: [SnapshotResult], summary: SuiteRun.Counts, command: String, to folder: String) throws {
        let fm = FileManager.default
        let images = (folder as NSString).appendingPathComponent("artifacts")
        try? fm.removeItem(atPath: images)
        try fm.createDirectory(atPath: images, withIntermediateDirectories: true)
        var copied: [Int: [String: String]] = [:]
        for (i, r) in results.enumerated() where r.status == .failed {
            for (kind, path) in r.artifacts where fm.fileExists(atPath: path) {
                let name = "\(i)-\(safe(r.label)).\(kind).png"
                try fm.copyItem(atPath: path, toPath: (images as NSString).appendingPathComponent(name))
                copied[i, default: [:]][kind] = "artifacts/" + name
            }
        }
        let page = HTMLPage.render(results, summary: summary, command: command, images: copied)
        try AtomicFile.write(page, to: (folder as NSString).appendingPathComponent("index.html"))
    }

    /// A label as a file name: letters, digits, - _ . kept, the rest as -.
    static func safe(_ s: String) -> String {
        String(s.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
    }
}

/// The report's page, as text.
enum HTMLPage {
    /// One value as HTML text: shown as the terminal shows it (`TerminalText.safe`), then entity-escaped.
    static func escape(_ s: String) -> String {
        TerminalText.safe(s).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func render(_ results: [SnapshotResult], summary: SuiteRun.Counts, command: String, images: [Int: [String: String]]) -> String {
        var failures = ""
        for (i, r) in results.enumerated() where r.status == .failed {
            failures += card(r, index: i, images: images[i] ?? [:])
        }
        if failures.isEmpty { failures = "<p class=\"none\">No failures.</p>" }
        var rows = ""
        for (i, r) in results.enumerated() {
            let link = r.status == .failed ? "<a href=\"#f\(i)\">\(escape(r.label))</a>" : escape(r.label)
            rows += "<tr class=\"\(r.status.rawValue)\"><td><span class=\"badge \(r.status.rawValue)\">\(r.status.rawValue)</span></td>"
                + "<td>\(link)</td><td class=\"ms\">\(String(format: "%.0f", r.milliseconds)) ms</td>"
                + "<td class=\"msg\">\(escape(r.message))</td></tr>\n"
        }
        let date = ISO8601DateFormatter().string(from: Date())
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>sheetlab test: \(summary.failed) failed, \(summary.passed) passed</title>
        <style>\(style)</style>
        </head>
        <body>
        <header>
          <h1>sheetlab test</h1>
          <div class="chips">
            <span class="chip failed" id="count-failed">\(summary.failed) failed</span>
            <span class="chip passed" id="count-passed">\(summary.passed) passed</span>
            <span class="chip written" id="count-written">\(summary.written) written</span>
          </div>
          <code class="cmd">\(escape(command))</code>
          <span class="date">\(date)</span>
        </header>
        <main>
        <h2>Failures</h2>
        <section id="failures">
        \(failures)
        </section>
        <h2>Every snapshot</h2>
        <div class="filters" role="group" aria-label="filter">
          <button data-filter="all" class="on">all</button><button data-filter="failed">failed</button><button data-filter="passed">passed</button><button data-filter="written">written</button>
        </div>
        <table id="snapshots"><thead><tr><th>status</th><th>snapshot</th><th>time</th><th>message</th></tr></thead>
        <tbody>
        \(rows)</tbody></table>
        </main>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    static func card(_ r: SnapshotResult, index i: Int, images: [String: String]) -> String {
        var views = ""
        var tabs = ""
        func add(_ id: String, _ title: String, _ body: String) {
            tabs += "<button data-view=\"\(id)\"\(tabs.isEmpty ? " class=\"on\"" : "")>\(title)</button>"
            views += "<div class=\"view \(id)\"\(views.isEmpty ? "" : " hidden")>\(body)</div>"
        }
        func figure(_ kind: String, _ caption: String) -> String {
            guard let src = images[kind] else { return "" }
            return "<figure><figcaption>\(caption)</figcaption><a href=\"\(src)\"><img src=\"\(src)\" alt=\"\(caption)\"></a></figure>"
        }
        if let expected = images["expected"], let actual = images["actual"] {
            add("side", "Side by side", "<div class=\"trio\">\(figure("expected", "expected"))\(figure("diff", "diff"))\(figure("actual", "actual"))</div>")
            add("swipe", "Swipe", """
                <div class="stage"><img src="\(expected)" alt="expected"><img class="top" src="\(actual)" alt="actual" style="clip-path: inset(0 0 0 50%)">\
                <div class="bar" style="left: 50%"></div></div>\
                <label class="slider">expected <input type="range" min="0" max="100" value="50" data-mode="swipe"> actual</label>
                """)
            add("onion", "Onion skin", """
                <div class="stage"><img src="\(expected)" alt="expected"><img class="top" src="\(actual)" alt="actual" style="opacity: 0.5"></div>\
                <label class="slider">expected <input type="range" min="0" max="100" value="50" data-mode="onion"> actual</label>
                """)
            if images["zoom"] != nil { add("zoom", "Zoom", "<div class=\"zoom\">\(figure("zoom", "the changed region, enlarged"))</div>") }
        } else if images["actual"] != nil {
            add("side", "Actual", "<div class=\"trio\">\(figure("actual", "actual (no golden to compare with)"))</div>")
        }
        let details = r.details.isEmpty ? "" : "<pre class=\"details\">\(r.details.map { escape($0) }.joined(separator: "\n"))</pre>"
        let links = images.sorted { $0.key < $1.key }.map { "<a href=\"\($0.value)\">\($0.key)</a>" }.joined(separator: " · ")
        return """
        <article class="failure" id="f\(i)">
          <h3><span class="badge failed">failed</span> \(escape(r.label))</h3>
          <p class="message">\(escape(r.message))</p>
          \(tabs.isEmpty ? "" : "<nav class=\"tabs\">\(tabs)</nav>")
          \(views)
          \(details)
          <p class="files">\(links.isEmpty ? "" : links + " · ")<span class="path">\(escape(r.file))</span></p>
        </article>

        """
    }

    static let style = """
    :root { --bg: #f6f7f9; --card: #fff; --ink: #1d1f24; --muted: #6b7080; --line: #e3e5ea;
      --red: #d93b3b; --green: #1f9d55; --blue: #2f6fde; --chip: #eef0f4; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.45 -apple-system, "Inter", "Segoe UI", system-ui, sans-serif; background: var(--bg); color: var(--ink); }
    header { background: #17181c; color: #f2f3f5; padding: 18px 28px; display: flex; flex-wrap: wrap; align-items: center; gap: 14px 20px; }
    header h1 { font-size: 19px; margin: 0; font-weight: 650; letter-spacing: -0.01em; }
    .chips { display: flex; gap: 8px; }
    .chip { padding: 3px 11px; border-radius: 999px; font-weight: 600; font-size: 13px; background: #2a2c33; }
    .chip.failed { color: #ff8a8a; } .chip.passed { color: #7fe0a6; } .chip.written { color: #9dbcff; }
    .cmd { font: 12px ui-monospace, "SFMono-Regular", Menlo, monospace; color: #b9bcc6; background: #24262c; padding: 4px 8px; border-radius: 6px; }
    .date { color: #8a8e99; font-size: 12px; margin-left: auto; }
    main { max-width: 1280px; margin: 0 auto; padding: 8px 28px 40px; }
    h2 { font-size: 15px; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 26px 0 12px; }
    .failure { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 16px 18px; margin-bottom: 18px;
      box-shadow: 0 1px 2px rgba(0,0,0,0.04); }
    .failure h3 { margin: 0 0 6px; font-size: 16px; display: flex; align-items: center; gap: 10px; }
    .message { margin: 0 0 12px; color: #3a3e48; font: 12.5px/1.5 ui-monospace, Menlo, monospace; word-break: break-word; }
    .badge { font-size: 11px; font-weight: 700; text-transform: uppercase; padding: 2px 8px; border-radius: 6px; letter-spacing: 0.04em; }
    .badge.failed { background: #fde8e8; color: var(--red); } .badge.passed { background: #e3f6ea; color: var(--green); }
    .badge.written { background: #e6eefc; color: var(--blue); }
    .tabs { display: flex; gap: 4px; margin-bottom: 12px; border-bottom: 1px solid var(--line); }
    .tabs button, .filters button { font: inherit; border: 0; background: none; padding: 7px 12px; cursor: pointer; color: var(--muted);
      border-bottom: 2px solid transparent; margin-bottom: -1px; }
    .tabs button.on { color: var(--ink); border-bottom-color: var(--blue); font-weight: 600; }
    .trio { display: grid; grid-template-columns: repeat(3, minmax(0, 320px)); gap: 14px; align-items: start; }
    figure { margin: 0; } figcaption { font-size: 12px; color: var(--muted); margin-bottom: 4px; }
    figure img { width: 100%; max-height: 72vh; object-fit: contain; object-position: left top; display: block; border: 1px solid var(--line); border-radius: 6px;
      background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
    .zoom figure img { image-rendering: pixelated; max-height: none; }
    .stage { position: relative; display: inline-block; max-width: 100%; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
    .stage { width: min(100%, 320px); }
    .stage img { display: block; width: 100%; image-rendering: pixelated; }
    .stage img.top { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
    .stage .bar { position: absolute; top: 0; bottom: 0; width: 2px; background: var(--blue); box-shadow: 0 0 0 1px rgba(255,255,255,0.7); }
    .slider { display: flex; align-items: center; gap: 10px; margin-top: 8px; color: var(--muted); font-size: 12px; }
    .slider input { width: 260px; }
    .details { background: #f3f4f7; border-radius: 8px; padding: 10px 12px; font-size: 12px; overflow-x: auto; }
    .files { font-size: 12px; color: var(--muted); margin: 10px 0 0; } .files a { color: var(--blue); }
    .none { color: var(--green); font-weight: 600; }
    .filters { margin-bottom: 8px; } .filters button.on { color: var(--ink); font-weight: 600; border-bottom-color: var(--blue); }
    table { width: 100%; border-collapse: collapse; background: var(--card); border: 1px solid var(--line); border-radius: 10px; overflow: hidden; }
    th, td { text-align: left; padding: 7px 12px; border-bottom: 1px solid var(--line); vertical-align: top; }
    th { font-size: 12px; color: var(--muted); font-weight: 600; background: #fafbfc; }
    td.ms { color: var(--muted); white-space: nowrap; } td.msg { font: 12px ui-monospace, Menlo, monospace; color: #4a4e5a; word-break: break-word; }
    td a { color: var(--blue); text-decoration: none; }
    """

    static let script = """
    (function () {
      document.querySelectorAll('.failure').forEach(function (card) {
        var buttons = card.querySelectorAll('.tabs button');
        buttons.forEach(function (button) {
          button.addEventListener('click', function () {
            buttons.forEach(function (b) { b.classList.toggle('on', b === button); });
            card.querySelectorAll('.view').forEach(function (v) { v.hidden = !v.classList.contains(button.dataset.view); });
          });
        });
        card.querySelectorAll('input[type=range]').forEach(function (input) {
          var stage = input.closest('.view').querySelector('.stage');
          var top = stage.querySelector('img.top'), bar = stage.querySelector('.bar');
          input.addEventListener('input', function () {
            var v = Number(input.value);
            if (input.dataset.mode === 'swipe') { top.style.clipPath = 'inset(0 0 0 ' + v + '%)'; bar.style.left = v + '%'; }
            else { top.style.opacity = String(v / 100); }
          });
        });
      });
      // #view=swipe (or side, onion, zoom) opens every failure in that view: handy for screenshots and links.
      var wanted = /view=(\\w+)/.exec(location.hash);
      if (wanted) {
        document.querySelectorAll('.tabs button[data-view="' + wanted[1] + '"]').forEach(function (b) { b.click(); });
      }
      var filters = document.querySelectorAll('.filters button');
      filters.forEach(function (button) {
        button.addEventListener('click', function () {
          filters.forEach(function (b) { b.classList.toggle('on', b === button); });
          document.querySelectorAll('#snapshots tbody tr').forEach(function (row) {
            row.hidden = button.dataset.filter !== 'all' && !row.classList.contains(button.dataset.filter);
          });
        });
      });
      window.addEventListener('load', function () {
        var images = Array.prototype.slice.call(document.images);
        document.body.dataset.images = String(images.length);
        document.body.dataset.broken = String(images.filter(function (i) { return !i.complete || i.naturalWidth === 0; }).length);
      });
      document.body.dataset.ready = 'yes';
    })();
    """
}
