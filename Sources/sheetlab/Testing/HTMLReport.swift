import Foundation
import Platform
import SheetKit

/// A self-contained static report: `index.html` with inline CSS and script, and the images beside it in `artifacts/`.
/// It needs no network and no server: open the file, or publish the folder as a CI artifact.
enum HTMLReport {
    static func write(_ results: [SnapshotResult], summary: SuiteRun.Counts, command: String, note: String? = nil, to folder: String) throws {
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
        let page = HTMLPage.render(results, summary: summary, command: command, note: note, images: copied)
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

    /// The tabs a result is listed under. `failed` is every failed result (what the summary counts); `changed` and `new`
    /// are the failures `--update` would fix (`SnapshotResult.Change`): a golden that differs, and a missing one.
    /// A failure recording would not fix (a scenario that does not load) is under `failed` only.
    static func statusTabs(of r: SnapshotResult) -> [String] {
        var tabs = ["all", r.status.rawValue]
        if r.status == .failed, let change = r.change { tabs.append(change.rawValue) }
        return tabs
    }

    /// The tabs in order, with what each holds; `written` only when the run wrote goldens.
    static func tabList(_ results: [SnapshotResult]) -> [(id: String, title: String, count: Int, hint: String)] {
        let count = { (tab: String) in results.filter { statusTabs(of: $0).contains(tab) }.count }
        var list = [("all", "All", results.count, "every snapshot"),
                     ("failed", "Failed", count("failed"), "every failure: what made the run exit 1"),
                     ("changed", "Changed", count("changed"), "failed: the golden differs (or is not a PNG); --update=changed rewrites it"),
                     ("new", "New", count("new"), "failed: no golden yet; --update=missing records it"),
                     ("passed", "Passed", count("passed"), "identical, or within tolerance")]
        let written = count("written")
        if written > 0 { list.append(("written", "Written", written, "goldens this run wrote (--update)")) }
        return list
    }

    static func render(_ results: [SnapshotResult], summary: SuiteRun.Counts, command: String, note: String? = nil,
                       images: [Int: [String: String]]) -> String {
        var failures = ""
        for (i, r) in results.enumerated() where r.status == .failed {
            failures += card(r, index: i, images: images[i] ?? [:])
        }
        if failures.isEmpty { failures = "<p class=\"none\">No failures.</p>" }
        var rows = ""
        for (i, r) in results.enumerated() {
            let link = r.status == .failed ? "<a href=\"#f\(i)\">\(escape(r.label))</a>" : escape(r.label)
            let change = r.status == .failed ? r.change.map { " <span class=\"tag \($0.rawValue)\">\($0.rawValue)</span>" } ?? "" : ""
            rows += "<tr class=\"\(r.status.rawValue)\" data-tabs=\"\(statusTabs(of: r).joined(separator: " "))\" "
                + "data-search=\"\(escape(searchText(r)))\"><td><span class=\"badge \(r.status.rawValue)\">\(r.status.rawValue)</span>\(change)</td>"
                + "<td>\(link)</td><td class=\"ms\">\(String(format: "%.0f", r.milliseconds)) ms</td>"
                + "<td class=\"msg\">\(escape(r.message))</td></tr>\n"
        }
        let tabButtons = tabList(results).map { t in
            "<button role=\"tab\" data-tab=\"\(t.id)\" id=\"tab-\(t.id)\" title=\"\(escape(t.hint))\" aria-selected=\"\(t.id == "all")\""
                + (t.id == "all" ? " class=\"on\"" : "") + ">\(t.title) <span class=\"n\(t.count == 0 ? " zero" : "")\">\(t.count)</span></button>"
        }.joined()
        let date = ISO8601DateFormatter().string(from: Date())
        return """
        <!doctype html>
        <html lang="en" class="nojs">
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
          \(note.map { "<p class=\"note\">\(escape($0))</p>" } ?? "")
        </header>
        <nav class="toolbar">
          <div class="filters" role="tablist" aria-label="status">\(tabButtons)</div>
          <input type="search" id="search" placeholder="Filter by snapshot or message" aria-label="filter by snapshot or message" autocomplete="off">
          <span class="shown" id="shown"></span>
          <noscript><span class="shown">JavaScript is off: every snapshot is listed; the tabs and the filter need it.</span></noscript>
        </nav>
        <main>
        <h2>Failures</h2>
        <section id="failures">
        \(failures)<p class="empty" hidden>No failure matches.</p>
        </section>
        <h2>Every snapshot</h2>
        <table id="snapshots"><thead><tr><th>status</th><th>snapshot</th><th>time</th><th>message</th></tr></thead>
        <tbody>
        \(rows)<tr class="empty" hidden><td colspan="4">No snapshot matches.</td></tr>
        </tbody></table>
        <p class="legend">Changed: the golden differs beyond its tolerance, or is not a readable PNG; <code>--update=changed</code> rewrites it.
        New: there is no golden yet; <code>--update=missing</code> records it. Both are failures; Failed also lists those recording
        would not fix (a scenario that does not load, a render error).</p>
        </main>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    /// What the filter box searches: the label, the scenario file and the message, lowercased.
    static func searchText(_ r: SnapshotResult) -> String { "\(r.label) \(r.file) \(r.message)".lowercased() }

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
        <article class="failure" id="f\(i)" data-tabs="\(statusTabs(of: r).joined(separator: " "))" data-search="\(escape(searchText(r)))">
          <h3><span class="badge failed">failed</span>\(r.change.map { "<span class=\"tag \($0.rawValue)\">\($0.rawValue)</span>" } ?? "") \(escape(r.label))</h3>
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
    .toolbar { position: sticky; top: 0; z-index: 5; background: rgba(255,255,255,0.94); backdrop-filter: blur(8px);
      border-bottom: 1px solid var(--line); padding: 0 28px; display: flex; flex-wrap: wrap; align-items: center; gap: 6px 16px; }
    .filters { display: flex; flex-wrap: wrap; gap: 2px; }
    .filters button { padding: 12px 12px 10px; margin-bottom: -1px; font-weight: 500; }
    .filters button:hover { color: var(--ink); }
    .filters button.on { color: var(--ink); font-weight: 600; border-bottom-color: var(--blue); }
    .filters .n { display: inline-block; min-width: 22px; padding: 0 7px; margin-left: 4px; border-radius: 999px; background: var(--chip);
      color: var(--muted); font-size: 12px; font-weight: 600; text-align: center; }
    .filters button[data-tab=failed] .n { background: #fde8e8; color: var(--red); }
    .filters button[data-tab=changed] .n { background: #fff1dc; color: #b25e00; }
    .filters button[data-tab=new] .n { background: #efe7fd; color: #6a3fc8; }
    .filters button[data-tab=passed] .n { background: #e3f6ea; color: var(--green); }
    .filters button[data-tab=written] .n { background: #e6eefc; color: var(--blue); }
    .filters button .n.zero { background: var(--chip); color: var(--muted); }
    #search { margin-left: auto; font: inherit; width: min(340px, 100%); padding: 7px 12px; border: 1px solid var(--line); border-radius: 8px;
      background: #fff; color: var(--ink); outline: none; }
    #search:focus { border-color: var(--blue); box-shadow: 0 0 0 3px rgba(47,111,222,0.15); }
    .shown { color: var(--muted); font-size: 12px; min-width: 7em; }
    .nojs #search, .nojs .shown:empty { display: none; } .nojs .filters button { cursor: default; }
    .tag { font-size: 11px; font-weight: 700; text-transform: uppercase; padding: 1px 7px; border-radius: 6px; letter-spacing: 0.04em;
      margin-left: 6px; border: 1px solid currentColor; }
    .tag.changed { color: #b25e00; } .tag.new { color: #6a3fc8; }
    .note { flex-basis: 100%; margin: 0; color: #b9bcc6; font-size: 12px; }
    .empty td, p.empty { color: var(--muted); font-style: italic; }
    .legend { color: var(--muted); font-size: 12px; margin-top: 14px; }
    .legend code { font: 11.5px ui-monospace, Menlo, monospace; background: var(--chip); padding: 1px 5px; border-radius: 4px; }
    tr[hidden], article[hidden] { display: none; }
    table { width: 100%; border-collapse: collapse; background: var(--card); border: 1px solid var(--line); border-radius: 10px; overflow: hidden; }
    th, td { text-align: left; padding: 7px 12px; border-bottom: 1px solid var(--line); vertical-align: top; }
    th { font-size: 12px; color: var(--muted); font-weight: 600; background: #fafbfc; }
    #snapshots td:first-child { white-space: nowrap; width: 1%; }
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
      // The status tabs and the filter box: a row or a failure shows when it is under the tab and holds every word typed.
      // Without the script nothing is hidden. #tab=failed and #q=text (joined with &) open the page filtered.
      document.documentElement.classList.remove('nojs');
      var tabs = document.querySelectorAll('.filters button');
      var search = document.getElementById('search');
      var current = 'all';
      function apply() {
        var words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
        var shown = 0, total = 0;
        ['#snapshots tbody tr[data-tabs]', '#failures article.failure'].forEach(function (selector, table) {
          var visible = 0;
          document.querySelectorAll(selector).forEach(function (item) {
            var text = item.dataset.search;
            var show = item.dataset.tabs.split(' ').indexOf(current) >= 0 && words.every(function (w) { return text.indexOf(w) >= 0; });
            item.hidden = !show;
            if (show) { visible++; }
            if (table === 0) { total++; }
          });
          if (table === 0) { shown = visible; }
          var empty = document.querySelector(table === 0 ? '#snapshots tr.empty' : '#failures p.empty');
          var any = document.querySelector(selector) !== null;
          empty.hidden = visible > 0 || !any;
        });
        document.getElementById('shown').textContent = shown === total ? total + ' shown' : shown + ' of ' + total + ' shown';
        document.body.dataset.tab = current;
        document.body.dataset.shown = String(shown);
      }
      tabs.forEach(function (button) {
        button.addEventListener('click', function () {
          current = button.dataset.tab;
          tabs.forEach(function (b) { b.classList.toggle('on', b === button); b.setAttribute('aria-selected', String(b === button)); });
          apply();
        });
      });
      search.addEventListener('input', apply);
      var tab = /tab=(\\w+)/.exec(location.hash), query = /[#&]q=([^&]*)/.exec(location.hash);
      if (query) { search.value = decodeURIComponent(query[1]); }
      var start = tab && document.querySelector('.filters button[data-tab="' + tab[1] + '"]');
      if (start) { start.click(); } else { apply(); }
      window.addEventListener('load', function () {
        var images = Array.prototype.slice.call(document.images);
        document.body.dataset.images = String(images.length);
        document.body.dataset.broken = String(images.filter(function (i) { return !i.complete || i.naturalWidth === 0; }).length);
      });
      document.body.dataset.ready = 'yes';
    })();
    """
}
