import Foundation
import XCTest

/// `sheetlab merge-reports` (issue 35): the JSON reports of `test --shard I/N` runs joined into the report of the whole
/// suite, the HTML report's status tabs and filter, and bad input as errors naming the file.
final class MergeReportsTests: GoldenTestCase {
    /// Five scenarios: a's `moving` differs from its golden (changed), b's `initial` has none (new), e does not load
    /// (failed, nothing to record); the other six snapshots pass.
    func makeSuite() throws {
        for name in ["a", "b", "c", "d"] { try put(scenario, "suite/\(name).scenario.json") }
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        try touch("suite/__goldens__/a/moving.png")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("suite/__goldens__/b/initial.png"))
        try put(#"{"snapshots": [{"at": 0, "name": "initial"}], "bogus": 1}"#, "suite/e.scenario.json")
    }

    func json(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: XCTUnwrap(bytes(path), "no \(path)")) as? [String: Any], path)
    }

    /// Each snapshot as `scenario/snapshot status change`, in report order.
    func rows(_ report: [String: Any]) -> [String] {
        (report["snapshots"] as? [[String: Any]] ?? []).map {
            "\($0["scenario"] ?? "?")/\($0["snapshot"] ?? "?") \($0["status"] ?? "?") \($0["change"] ?? "-")"
        }
    }

    /// Runs the suite whole and in two shards (each with its images under its own folder), then moves the shards'
    /// folders away, as a CI job downloading them would find them: the paths the reports name no longer exist.
    func shardedRuns() throws -> (whole: [String: Any], shards: [[String: Any]]) {
        try makeSuite()
        let whole = runSheetlab(["test", "suite", "--reporter", "json=whole.json"], cwd: dir)
        XCTAssertEqual(whole.status, 1, whole.stdout)
        XCTAssertEqual(whole.stdoutLines.last, "6 passed, 3 failed", whole.stdout)
        var shards: [[String: Any]] = []
        for i in 1...2 {
            let r = runSheetlab(["test", "suite", "--shard", "\(i)/2", "--output", "out\(i)/failures", "--reporter", "json=out\(i)/report.json"],
                                cwd: dir)
            XCTAssertEqual(r.status, 1, "each shard has a failure: \(r.stdout)")
            shards.append(try json("out\(i)/report.json"))
        }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("downloaded"), withIntermediateDirectories: true)
        for i in 1...2 {
            try FileManager.default.moveItem(at: dir.appendingPathComponent("out\(i)"), to: dir.appendingPathComponent("downloaded/shard-\(i)"))
        }
        return (try json("whole.json"), shards)
    }

    func testShardsMergeIntoTheWholeRunsReport() throws {
        let (whole, shards) = try shardedRuns()
        let wholeRows = rows(whole)
        XCTAssertEqual(wholeRows, ["a/initial passed -", "a/moving failed changed", "b/initial failed new", "b/moving passed -",
                                   "c/initial passed -", "c/moving passed -", "d/initial passed -", "d/moving passed -", "e/ failed -"])
        // Both shards ran something, and neither ran everything: the merge has something to join.
        XCTAssertEqual(shards.map { $0["shard"] as? String }, ["1/2", "2/2"])
        for shard in shards { XCTAssertTrue((1..<wholeRows.count).contains(rows(shard).count), "\(rows(shard))") }

        // A folder (holding the report) and the report file itself are both accepted.
        let r = runSheetlab(["merge-reports", "downloaded/shard-1", "downloaded/shard-2/report.json",
                             "--reporter", "json=merged.json", "--reporter", "html=merged"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(r.stderr, "", "every image was found beside its report")
        XCTAssertEqual(r.stdoutLines.last, "merged 2 reports: 6 passed, 3 failed", r.stdout)
        let merged = try json("merged.json")
        XCTAssertEqual(merged["summary"] as? [String: Int], whole["summary"] as? [String: Int])
        XCTAssertEqual(rows(merged), wholeRows, "the same snapshots, statuses and changes, in the whole run's order")
        XCTAssertEqual(merged["command"] as? String, "sheetlab test suite")
        XCTAssertNil(merged["shard"])
        // The images are where the downloaded reports keep them.
        let snapshots = try XCTUnwrap(merged["snapshots"] as? [[String: Any]])
        let moving = try XCTUnwrap(snapshots[1]["artifacts"] as? [String: String])
        XCTAssertEqual(Set(moving.keys), ["actual", "expected", "diff", "side-by-side", "zoom"])
        for path in moving.values {
            XCTAssertTrue(path.hasPrefix("downloaded/shard-"), path)
            XCTAssertTrue(exists(path), path)
        }
        XCTAssertEqual(snapshots[2]["artifacts"] as? [String: String], ["actual": "downloaded/shard-2/failures/b/initial.actual.png"])
        // The merged HTML copies them beside its page.
        let images = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("merged/artifacts").path)
        XCTAssertEqual(images.count, 6, "a/moving's five images and b/initial's actual: \(images.sorted())")
    }

    /// The tabs each row of a page is under, by label, and the tab counts, read from the HTML.
    func tabs(in html: String) -> (rows: [String: String], counts: [String: String], hidden: Set<String>) {
        var rows: [String: String] = [:], counts: [String: String] = [:], hidden: Set<String> = []
        for match in html.matches(of: #/<tr class="[a-z]+" data-tabs="([a-z ]+)" data-search="[^"]*"( hidden(="")?)?><td>.*?<td>(?:<a href="#f\d+">)?([^<]+)/#) {
            rows[String(match.output.4)] = String(match.output.1)
            if match.output.2 != nil { hidden.insert(String(match.output.4)) }
        }
        for match in html.matches(of: #/data-tab="([a-z]+)"[^>]*>[A-Za-z]+ <span class="n( zero)?">(\d+)<\/span>/#) {
            counts[String(match.output.1)] = String(match.output.3)
        }
        return (rows, counts, hidden)
    }

    func testTheMergedHTMLHasStatusTabsAndAFilterAndLoadsInChromium() throws {
        _ = try shardedRuns()
        let r = runSheetlab(["merge-reports", "downloaded/shard-2", "downloaded/shard-1", "--reporter", "html=merged"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let html = try String(contentsOf: dir.appendingPathComponent("merged/index.html"), encoding: .utf8)
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "no network")
        XCTAssertTrue(html.contains("<input type=\"search\" id=\"search\""))
        let page = tabs(in: html)
        XCTAssertEqual(page.counts, ["all": "9", "failed": "3", "changed": "1", "new": "1", "passed": "6"], "no written tab when nothing was written")
        XCTAssertEqual(page.rows["a/moving"], "all failed changed")
        XCTAssertEqual(page.rows["b/initial"], "all failed new")
        XCTAssertEqual(page.rows["e"], "all failed", "a scenario that does not load is no golden change")
        XCTAssertEqual(page.rows["c/moving"], "all passed")
        XCTAssertEqual(page.rows.count, 9)
        XCTAssertEqual(page.hidden, [], "the page as written hides nothing: without JavaScript every row shows")
        XCTAssertTrue(html.contains("merged from 2 reports: shard 2/2 (downloaded/shard-2/report.json), shard 1/2"), "where it came from")

        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let chromium else { throw XCTSkip("no chromium: `make test` installs Debian's chromium package") }
        let url = dir.appendingPathComponent("merged/index.html").absoluteString
        let profile = dir.appendingPathComponent("chromium-profile").path
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)", "--enable-logging=stderr", "--v=0",
                      "--virtual-time-budget=3000", "--dump-dom"]
        // The tab and the filter text come from the address (#tab=…&q=…), as a click and typing would set them.
        let rows: [(line: UInt, hash: String, shown: [String])] = [
            (#line, "", ["a/initial", "a/moving", "b/initial", "b/moving", "c/initial", "c/moving", "d/initial", "d/moving", "e"]),
            (#line, "#tab=failed", ["a/moving", "b/initial", "e"]),
            (#line, "#tab=changed", ["a/moving"]),
            (#line, "#tab=new", ["b/initial"]),
            (#line, "#tab=passed&q=moving", ["b/moving", "c/moving", "d/moving"]),
            (#line, "#q=" + "no golden".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, ["b/initial"]),
            (#line, "#tab=new&q=zzz", []),
        ]
        for row in rows {
            let dom = try runTool(chromium, common + [url + row.hash])
            XCTAssertEqual(dom.status, 0, dom.stderr, line: row.line)
            XCTAssertTrue(dom.stdout.contains("data-ready=\"yes\""), "the script ran to its end", line: row.line)
            XCTAssertTrue(dom.stdout.contains("data-broken=\"0\""), "every image loads", line: row.line)
            XCTAssertTrue(dom.stdout.contains("data-shown=\"\(row.shown.count)\""), "\(row.hash)", line: row.line)
            let loaded = tabs(in: dom.stdout)
            XCTAssertEqual(loaded.rows.count, 9, line: row.line)
            XCTAssertEqual(Set(loaded.rows.keys).subtracting(loaded.hidden), Set(row.shown), "\(row.hash)", line: row.line)
            let cards = dom.stdout.matches(of: #/<article class="failure" id="f\d+" data-tabs="[a-z ]+" data-search="[^"]*"( hidden(="")?)?>/#)
            XCTAssertEqual(cards.count, 3, line: row.line)
            XCTAssertEqual(cards.filter { $0.output.1 == nil }.count, row.shown.filter { ["a/moving", "b/initial", "e"].contains($0) }.count,
                           "the failure cards follow the tab and the filter: \(row.hash)", line: row.line)
            let consoleErrors = dom.stderr.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
            XCTAssertEqual(consoleErrors, [], "no console messages", line: row.line)
        }
        XCTAssertEqual(try runTool(chromium, common + [url]).stdout.components(separatedBy: "<img ").count - 1, 3 + 2 + 2 + 1 + 1,
                       "a/moving: expected, diff, actual, two in each of swipe and onion skin, the zoom; b/initial: its actual")
    }

    /// A report as `test --reporter json=FILE` writes one, with one passing snapshot per scenario named.
    func report(_ scenarios: [String], shard: String? = nil, command: String = "sheetlab test suite") -> String {
        let snapshots = scenarios.map {
            #"{"scenario": "\#($0)", "file": "suite/\#($0).scenario.json", "snapshot": "initial", "status": "passed", "message": "identical", "ms": 1, "artifacts": {}}"#
        }
        let head = shard.map { #""shard": "\#($0)", "command": "\#(command) --shard \#($0)""# } ?? #""command": "\#(command)""#
        return #"{\#(head), "summary": {"passed": \#(scenarios.count), "failed": 0, "written": 0}, "snapshots": [\#(snapshots.joined(separator: ", "))]}"#
    }

    func testBadInputIsAnErrorNamingTheFile() throws {
        write("r/one.json", report(["a"], shard: "1/2"))
        write("r/two.json", report(["b"], shard: "2/2"))
        let ok = run("merge-reports", "r", "--reporter", "json=ok.json")
        XCTAssertEqual(ok.status, 0, "the fixtures themselves merge: \(ok.stderr)")
        XCTAssertEqual(rows(try json("ok.json")), ["a/initial passed -", "b/initial passed -"])

        write("empty/notes.txt", "")
        write("whole.json", report(["a", "c"]))
        write("other.json", report(["c"]))
        write("third.json", report(["c"], shard: "2/3"))
        write("elsewhere.json", report(["c"], shard: "2/2", command: "sheetlab test other"))
        write("again.json", report(["c"], shard: "1/2"))
        write("overlap.json", report(["a"], shard: "2/2"))
        write("truncated.json", #"{"summary": {"passed": 1, "#)
        write("list.json", "[1, 2]")
        write("config.json", #"{"sheet": {"detents": ["medium"]}}"#)
        write("status.json", #"{"summary": {"passed": 1, "failed": 0, "written": 0}, "snapshots": [{"scenario": "a", "file": "a", "snapshot": "s", "status": "ok", "message": ""}]}"#)
        write("count.json", #"{"summary": {"passed": -1, "failed": 0, "written": 0}, "snapshots": []}"#)
        write("artifacts.json", #"{"summary": {"passed": 0, "failed": 1, "written": 0}, "snapshots": [{"scenario": "a", "file": "a", "snapshot": "s", "status": "failed", "message": "", "artifacts": {"actual": 3}}]}"#)
        let rows: [(line: UInt, args: [String], file: String, position: String?, keyPath: String?, message: String)] = [
            (#line, ["nowhere"], "nowhere", nil, nil, "no such file or folder"),
            (#line, ["empty"], "empty", nil, nil, "holds no *.json report"),
            (#line, ["truncated.json"], "truncated.json", "1:27", nil, "not a JSON report"),
            (#line, ["list.json"], "list.json", "1:1", nil, "not a sheetlab test JSON report"),
            (#line, ["config.json"], "config.json", "1:1", nil, "not a sheetlab test JSON report"),
            (#line, ["status.json"], "status.json", nil, "snapshots[0].status", "expected passed, failed or written, found 'ok'"),
            (#line, ["count.json"], "count.json", nil, "summary.passed", "expected a whole number ≥ 0"),
            (#line, ["artifacts.json"], "artifacts.json", nil, "snapshots[0].artifacts.actual", "expected a string, found a number"),
            (#line, ["r/one.json"], "r/one.json", nil, nil, "shard 2/2 is not given"),
            (#line, ["r", "third.json"], "third.json", nil, nil, "is shard 2/3 and r/one.json is shard 1/2"),
            (#line, ["r/one.json", "elsewhere.json"], "elsewhere.json", nil, nil, "the shards of one run have the same command up to --shard"),
            (#line, ["r", "again.json"], "again.json", nil, nil, "is shard 1/2, and so is r/one.json"),
            (#line, ["r/one.json", "overlap.json"], "overlap.json", nil, nil, "snapshot a/initial of suite/a.scenario.json is also in r/one.json"),
            (#line, ["whole.json", "other.json"], "other.json", nil, nil, "snapshot c/initial of suite/c.scenario.json is also in whole.json"),
            (#line, ["whole.json", "r"], "whole.json", nil, nil, "was not written by a --shard run, and r/one.json was"),
            (#line, ["r", "r/two.json"], "r/two.json", nil, nil, "is given twice"),
        ]
        for row in rows {
            let r = runSheetlab(["merge-reports"] + row.args + ["--reporter", "html=out"], cwd: dir)
            assertFailure(r, file: row.file, position: row.position, keyPath: row.keyPath, message: row.message,
                          context: row.args.joined(separator: " "), line: row.line)
            XCTAssertFalse(exists("out"), "nothing written on bad input", line: row.line)
        }
        let noReporter = run("merge-reports", "r")
        assertFailure(noReporter, file: "merge-reports", position: nil, keyPath: nil, message: "--reporter KIND=PATH is required", line: #line)
        let badReporter = run("merge-reports", "r", "--reporter", "xml=x")
        assertFailure(badReporter, file: "--reporter", position: nil, keyPath: nil, message: "expected junit=FILE, json=FILE or html=DIR", line: #line)
        let none = run("merge-reports", "--reporter", "html=out")
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("missing argument"), none.stderr)
    }

    /// Only PNG files named by a report go into the merged page, and `..` is not followed beside it: a report from
    /// elsewhere cannot copy other files of this machine into a published report.
    func testOnlyPNGImagesAreCopiedAndMissingOnesAreAWarning() throws {
        // A PNG by its first bytes, outside the report's folder.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]).write(to: dir.appendingPathComponent("secret.png"))
        write("r/a/moving.actual.png", "a text file named like an image")
        let failed = #"{"scenario": "a", "file": "suite/a.scenario.json", "snapshot": "moving", "status": "failed", "message": "differs", "#
            + #""artifacts": {"actual": "out/a/moving.actual.png", "diff": "../secret.png", "zoom": "out/a/moving.zoom.png"}}"#
        write("r/report.json", #"{"command": "sheetlab test suite", "summary": {"passed": 0, "failed": 1, "written": 0}, "snapshots": [\#(failed)]}"#)
        let r = run("merge-reports", "r", "--reporter", "html=merged", "--reporter", "json=merged.json")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("sheetlab: r/report.json: warning: 3 failure images are neither beside the report"), r.stderr)
        XCTAssertEqual((try json("merged.json")["snapshots"] as? [[String: Any]])?.first?["artifacts"] as? [String: String], [:])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("merged/artifacts").path), [])
        let html = try String(contentsOf: dir.appendingPathComponent("merged/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("a/moving") && !html.contains("<img "), "the failure is listed, without images")
    }

    func testItIsInTheHelpCompletionsAndManualPage() {
        let top = run("help")
        XCTAssertTrue(top.stdout.contains("\n  merge-reports DIR... --reporter KIND=PATH"), top.stdout)
        let help = run("help", "merge-reports")
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.hasPrefix("usage: sheetlab merge-reports DIR..."), help.stdout)
        XCTAssertTrue(help.stdout.contains("--reporter KIND=PATH"), help.stdout)
        XCTAssertTrue(run("completions", "bash").stdout.contains("merge-reports) opts='--reporter --help'"))
        XCTAssertTrue(run("completions", "zsh").stdout.contains("        merge-reports) _arguments"))
        XCTAssertTrue(run("completions", "fish").stdout.contains("-a merge-reports"))
        XCTAssertTrue(run("man").stdout.contains(".SS sheetlab merge\\-reports DIR..."))
    }
}
