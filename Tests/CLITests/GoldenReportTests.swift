import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Platform
import XCTest

/// Reports: JUnit XML with the right counts, JSON with every snapshot's status and artifacts,
/// and a static HTML report checked in a real headless Chromium.
final class GoldenReportTests: GoldenTestCase {
    /// A suite of two scenarios, one failing on a pixel and one with a missing golden: 2 passed, 2 failed.
    func failingSuite(_ extra: [String]) throws -> RunResult {
        try put(scenario, "suite/a.scenario.json")
        try put(scenario, "suite/b.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        try touch("suite/__goldens__/a/moving.png")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("suite/__goldens__/b/initial.png"))
        return runSheetlab(["test", "suite"] + extra, cwd: dir)
    }

    /// Element names with their attributes, in document order.
    final class Elements: NSObject, XMLParserDelegate {
        var list: [(name: String, attributes: [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) { list.append((name, attributes)) }
    }

    func testJUnitCountsMatchTheRun() throws {
        let r = try failingSuite(["--reporter", "junit=out/junit.xml"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutLines.last, "2 passed, 2 failed", r.stdout)
        let data = try XCTUnwrap(bytes("out/junit.xml"), "the report's folder must exist, or the run says it could not write: \(r.stdout)")
        let parser = XMLParser(data: data)
        let elements = Elements()
        parser.delegate = elements
        XCTAssertTrue(parser.parse(), "well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        let names = elements.list.map(\.name)
        XCTAssertEqual(names.first, "testsuites")
        XCTAssertEqual(names.filter { $0 == "testsuite" }.count, 2)
        XCTAssertEqual(names.filter { $0 == "testcase" }.count, 4)
        XCTAssertEqual(names.filter { $0 == "failure" }.count, 2)
        XCTAssertEqual(elements.list[0].attributes["tests"], "4")
        XCTAssertEqual(elements.list[0].attributes["failures"], "2")
        // Each testsuite's counts are its own testcases and failures.
        var i = 0
        while i < elements.list.count {
            guard elements.list[i].name == "testsuite" else { i += 1; continue }
            let suite = elements.list[i].attributes
            var j = i + 1, cases = 0, failures = 0
            while j < elements.list.count, elements.list[j].name != "testsuite" {
                if elements.list[j].name == "testcase" { cases += 1 }
                if elements.list[j].name == "failure" { failures += 1 }
                j += 1
            }
            XCTAssertEqual(suite["tests"], "\(cases)", "\(suite)")
            XCTAssertEqual(suite["failures"], "\(failures)", "\(suite)")
            i = j
        }
    }

    func testJSONHasEverySnapshotsStatusAndArtifacts() throws {
        let r = try failingSuite(["--reporter", "json=report.json"])
        XCTAssertEqual(r.status, 1)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: XCTUnwrap(bytes("report.json"))) as? [String: Any])
        let snapshots = try XCTUnwrap(json["snapshots"] as? [[String: Any]])
        let statuses = snapshots.map { "\($0["scenario"]!)/\($0["snapshot"]!) \($0["status"]!)" }
        XCTAssertEqual(statuses, ["a/initial passed", "a/moving failed", "b/initial failed", "b/moving passed"])
        XCTAssertEqual((json["summary"] as? [String: Int])?["failed"], 2)
        let moving = snapshots[1]["artifacts"] as? [String: String] ?? [:]
        XCTAssertEqual(Set(moving.keys), ["actual", "expected", "diff", "side-by-side", "zoom"])
        for path in moving.values { XCTAssertTrue(exists(path), path) }
        XCTAssertEqual(bytes(moving["expected"] ?? ""), bytes("suite/__goldens__/a/moving.png"), "expected.png is the golden's copy")
        XCTAssertEqual(snapshots[2]["artifacts"] as? [String: String], ["actual": "suite/__failures__/b/initial.actual.png"])
        XCTAssertEqual(snapshots[0]["artifacts"] as? [String: String], [:])
    }

    func testABadReporterIsAnError() throws {
        try put(scenario, "suite/a.scenario.json")
        for bad in ["xml=a", "junit=", "junit"] {
            let r = runSheetlab(["test", "suite", "--reporter", bad], cwd: dir)
            XCTAssertEqual(r.status, 1, bad)
            XCTAssertTrue(r.stderr.contains("--reporter") && r.stderr.contains("junit=FILE"), r.stderr)
        }
    }

    /// The HTML report in a real headless Chromium: the script runs, every image loads, the failures are there.
    func testTheHTMLReportLoadsInChromium() throws {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let chromium else { throw XCTSkip("no chromium: `make test` installs Debian's chromium package") }
        let r = try failingSuite(["--reporter", "html=report"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("report report/index.html"), r.stdout)
        let page = dir.appendingPathComponent("report/index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "no network")

        let profile = dir.appendingPathComponent("chromium-profile").path
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)", "--enable-logging=stderr", "--v=0",
                      "--virtual-time-budget=3000"]
        let dom = try runTool(chromium, common + ["--dump-dom", page.absoluteString])
        XCTAssertEqual(dom.status, 0, dom.stderr)
        XCTAssertTrue(dom.stdout.contains("data-ready=\"yes\""), "the script ran to its end")
        XCTAssertTrue(dom.stdout.contains("data-broken=\"0\""), "every image loads: \(dom.stdout.prefix(400))")
        XCTAssertEqual(dom.stdout.components(separatedBy: "<article class=\"failure\"").count - 1, 2)
        XCTAssertTrue(dom.stdout.contains("a/moving") && dom.stdout.contains("b/initial"))
        for view in ["Side by side", "Swipe", "Onion skin", "Zoom"] { XCTAssertTrue(dom.stdout.contains(">\(view)</button>"), view) }
        let consoleErrors = dom.stderr.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
        XCTAssertEqual(consoleErrors, [], "no console messages")

        let shot = dir.appendingPathComponent("shot.png")
        let screenshot = try runTool(chromium, common + ["--hide-scrollbars", "--window-size=1280,1000", "--screenshot=\(shot.path)",
                                                         page.absoluteString])
        XCTAssertEqual(screenshot.status, 0, screenshot.stderr)
        let image = try ImageFiles.read(shot.path)
        XCTAssertEqual(image.width, 1280)
        XCTAssertGreaterThan(Set(image.pixels).count, 100, "a page, not a blank")
    }
}

extension GoldenTestCase {
    /// Runs a tool with its output in files and a time limit.
    func runTool(_ path: String, _ args: [String], timeout: TimeInterval = 300) throws -> (status: Int32, stdout: String, stderr: String) {
        let out = dir.appendingPathComponent("tool-\(UUID().uuidString).out"), err = dir.appendingPathComponent("tool-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        process.currentDirectoryURL = dir
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate(); XCTFail("\(path) hung") }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: out, encoding: .utf8)) ?? "", (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}
