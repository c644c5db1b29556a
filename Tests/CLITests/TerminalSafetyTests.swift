import Foundation
import XCTest

/// Names from the user (scenario files, output paths, report paths) printed on stdout or stderr: one rule,
/// `TerminalText.safe`, shows every control character visibly (`\n`, `\u{1B}`), so that a name can neither drive
/// the terminal (retitle it, clear it, reorder text with a bidi override) nor forge a line of a CI log.
final class TerminalSafetyTests: GoldenTestCase {
    /// An OSC sequence that retitles an xterm, and a newline that forges the suite's summary line.
    static let escName = "\u{1B}]0;pwned\u{07}x"
    static let forged = "0 passed, 0 failed"
    static let forgingName = "y\n\(forged)"
    /// Both names as `TerminalText.safe` shows them (the form stderr diagnostics have always had).
    static let escShown = #"\u{1B}]0;pwned\u{7}x"#
    static let forgingShown = #"y\n0 passed, 0 failed"#

    /// A scalar that must never reach the terminal raw: C0 controls but the tool's own line feeds, DEL, C1,
    /// the line and paragraph separators and the bidirectional overrides and isolates.
    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s != "\n") || (0x7F...0x9F).contains(s.value) || s.value == 0x2028 || s.value == 0x2029
            || (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
    }

    /// No raw control character on either stream; no line starts as the forged summary unless it is the real one (the last).
    func assertSafe(_ r: RunResult, summaryIsLast: Bool = false, _ what: String, line: UInt = #line) {
        for (stream, text) in [("stdout", r.stdout), ("stderr", r.stderr)] {
            let raw = text.unicodeScalars.filter(Self.isUnsafe)
            XCTAssertTrue(raw.isEmpty, "\(what): raw control characters on \(stream): \(text.debugDescription)", line: line)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            if summaryIsLast, stream == "stdout", !lines.isEmpty { lines.removeLast() }
            XCTAssertFalse(lines.contains { $0.hasPrefix(Self.forged) }, "\(what): a forged summary line on \(stream): \(text.debugDescription)",
                           line: line)
        }
    }

    func testTestPrintsScenarioNamesVisiblyInEveryLine() throws {
        try put(scenario, "suite/\(Self.escName).scenario.json")
        try put(scenario, "suite/\(Self.forgingName).scenario.json")

        // Missing goldens: FAIL lines, the artifact paths, the failure list, the summary; and reports named like the files.
        var r = runSheetlab(["test", "suite", "--reporter", "junit=\(Self.escName).xml", "--reporter", "html=h\(Self.escName)"], cwd: dir)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        assertSafe(r, summaryIsLast: true, "missing goldens")
        XCTAssertEqual(r.stdoutLines.last, "0 passed, 4 failed", r.stdout.debugDescription)
        XCTAssertTrue(r.stdout.contains("FAIL \(Self.escShown)/initial"), r.stdout.debugDescription)
        XCTAssertTrue(r.stdout.contains("FAIL \(Self.forgingShown)/initial"), r.stdout.debugDescription)
        XCTAssertTrue(r.stdout.contains("report \(Self.escShown).xml"), r.stdout.debugDescription)
        // The reports: no control character XML 1.0 or a browser would choke on, the names visible.
        let junit = try XCTUnwrap(bytes("\(Self.escName).xml").flatMap { String(data: $0, encoding: .utf8) })
        XCTAssertTrue(junit.contains(Self.escShown), junit)
        XCTAssertFalse(junit.unicodeScalars.contains { Self.isUnsafe($0) && $0 != "\n" }, junit.debugDescription)
        let html = try XCTUnwrap(bytes("h\(Self.escName)/index.html").flatMap { String(data: $0, encoding: .utf8) })
        XCTAssertTrue(html.contains(Self.escShown), "the HTML report")
        XCTAssertFalse(html.unicodeScalars.contains { Self.isUnsafe($0) && $0 != "\n" }, "raw control characters in the HTML report")

        // Recording: the WROTE lines with the golden paths.
        r = recording(["suite", "--update"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        assertSafe(r, summaryIsLast: true, "recording")
        XCTAssertEqual(r.stdoutLines.filter { $0.hasPrefix("WROTE") }.count, 4, r.stdout.debugDescription)
        XCTAssertTrue(r.stdout.contains("WROTE \(Self.escShown)/initial → suite/__goldens__/\(Self.escShown)/initial.png"),
                      r.stdout.debugDescription)

        // A changed golden: the FAIL lines with expected, actual and diff paths.
        try touch("suite/__goldens__/\(Self.forgingName)/moving.png")
        try touch("suite/__goldens__/\(Self.escName)/moving.png")
        r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        assertSafe(r, summaryIsLast: true, "changed goldens")
        XCTAssertEqual(r.stdoutLines.last, "2 passed, 2 failed", r.stdout.debugDescription)
        XCTAssertTrue(r.stdout.contains("actual   suite/__failures__/\(Self.forgingShown)/moving.actual.png"), r.stdout.debugDescription)

        // Unused goldens and --grep that matches nothing print paths and the pattern.
        try put(scenario, "suite/__goldens__/\(Self.escName)/gone\n\(Self.forged).png")
        r = runSheetlab(["test", "suite", "--grep", "\(Self.escName)nothing\n\(Self.forged)"], cwd: dir)
        assertSafe(r, "--grep")
        r = runSheetlab(["test", "suite"], cwd: dir)
        assertSafe(r, summaryIsLast: true, "unused goldens")
    }

    func testCheckAndEveryWroteLinePrintPathsVisibly() throws {
        try put(scenario, "\(Self.escName).scenario.json")
        try put(scenario, "\(Self.forgingName).scenario.json")
        write("drag.json", #"{"steps": [{"at": 0, "drag": {"from": [196, 500], "to": [196, 200], "duration": 120}}]}"#)
        let runs: [(UInt, [String], String)] = [
            (#line, ["check", "\(Self.escName).scenario.json"], Self.escShown),
            (#line, ["check", "\(Self.forgingName).scenario.json"], Self.forgingShown),
            (#line, ["render", "--scale", "1", "--out", "\(Self.escName).png"], Self.escShown),
            (#line, ["render", "--scale", "1", "--out", "\(Self.forgingName).png"], Self.forgingShown),
            (#line, ["plot", "--script", "drag.json", "--out", "\(Self.forgingName).png"], Self.forgingShown),
            (#line, ["map", "--feel", "vaul", "--out", "\(Self.escName).png"], Self.escShown),
            (#line, ["clip", "--script", "drag.json", "--out", "\(Self.forgingName).gif", "--from", "150", "--to", "151"], Self.forgingShown),
            (#line, ["export", "--to", "swiftui", "--out", "\(Self.escName).swift"], Self.escShown),
            (#line, ["check", "no\(Self.forgingName).json"], "no" + Self.forgingShown),
        ]
        for (line, args, shown) in runs {
            let r = runSheetlab(args, cwd: dir, timeout: 120)
            XCTAssertFalse(r.signaled, line: line)
            assertSafe(r, "\(args[0])", line: line)
            XCTAssertTrue((r.stdout + r.stderr).contains(shown), "expected \(shown) in \((r.stdout + r.stderr).debugDescription)", line: line)
        }
    }
}
