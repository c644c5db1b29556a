import Foundation
import Platform
import Raster
import XCTest

/// Re-recording never accepts a regression silently: record modes, the hints that
/// print them, CI refusing to write, writes counted apart; and the failure list at the end of a run.
final class GoldenRecordTests: GoldenTestCase {
    /// The command a hint line prints, after "to record it: " or "to accept the new look: ".
    func hint(_ r: RunResult, after marker: String) -> [String]? {
        guard let line = r.stdoutLines.first(where: { $0.contains(marker) }) else { return nil }
        let command = line.components(separatedBy: marker)[1]
        return command.split(separator: " ").dropFirst(2).map(String.init)
    }

    func testTheMissingHintRecordsOnlyMissingGoldensAndTheRegressionStillFails() throws {
        try put(scenario, "suite/a.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        try touch("suite/__goldens__/a/moving.png")
        let regressed = try XCTUnwrap(bytes("suite/__goldens__/a/moving.png"))
        try put(scenario, "suite/b.scenario.json")

        var r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.stdoutLines.last, "1 passed, 3 failed", r.stdout)
        XCTAssertEqual(hint(r, after: "to record it: "), ["suite", "--update=missing"], r.stdout)
        XCTAssertEqual(hint(r, after: "to accept the new look: "), ["suite", "--update=changed"], r.stdout)

        r = recording(try XCTUnwrap(hint(r, after: "to record it: ")))
        XCTAssertEqual(r.status, 1, "the regression still fails: \(r.stdout)")
        XCTAssertEqual(r.stdoutLines.last, "1 passed, 1 failed, 2 written", r.stdout)
        XCTAssertEqual(bytes("suite/__goldens__/a/moving.png"), regressed, "the failing golden is not rewritten")
        XCTAssertTrue(exists("suite/__goldens__/b/initial.png") && exists("suite/__goldens__/b/moving.png"))

        r = recording(["suite", "--update=changed"])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertEqual(r.stdoutLines.last, "3 passed, 0 failed, 1 written", r.stdout)
        XCTAssertEqual(r.stdoutLines.filter { $0.hasPrefix("WROTE") }.count, 1, r.stdout)
    }

    /// Which goldens each mode writes: a missing one, a failing one, one passing within tolerance, an identical one.
    func testEachModeWritesOnlyItsGoldens() throws {
        let tolerant = scenario.replacingOccurrences(of: "\"snapshots\"", with: "\"maxDiffPixels\": 1, \"snapshots\"")
        let rows: [(line: UInt, args: [String], written: [String], summary: String, status: Int32)] = [
            (#line, ["--update=missing"], ["m/initial", "m/moving"], "3 passed, 1 failed, 2 written", 1),
            (#line, ["--update=changed"], ["f/moving"], "3 passed, 2 failed, 1 written", 1),
            (#line, ["--update"], ["f/moving", "m/initial", "m/moving"], "3 passed, 0 failed, 3 written", 0),
            (#line, ["--update=all"], ["f/moving", "m/initial", "m/moving", "t/moving"], "2 passed, 0 failed, 4 written", 0),
        ]
        for row in rows {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("suite"))
            try put(scenario, "suite/f.scenario.json")
            try put(tolerant, "suite/t.scenario.json")
            XCTAssertEqual(recording(["suite", "--update"]).status, 0, line: row.line)
            try touch("suite/__goldens__/f/moving.png")
            try touch("suite/__goldens__/t/moving.png")
            try put(scenario, "suite/m.scenario.json")
            let before = bytes("suite/__goldens__/t/moving.png")

            let r = recording(["suite"] + row.args)
            let wrote = r.stdoutLines.filter { $0.hasPrefix("WROTE") }.map { String($0.split(separator: " ")[1]) }
            XCTAssertEqual(wrote, row.written, r.stdout, line: row.line)
            XCTAssertEqual(r.stdoutLines.last, row.summary, r.stdout, line: row.line)
            XCTAssertEqual(r.status, row.status, r.stdout, line: row.line)
            if !row.written.contains("t/moving") {
                XCTAssertEqual(bytes("suite/__goldens__/t/moving.png"), before, "passing within tolerance: kept", line: row.line)
            }
        }
    }

    func testWithCISetWritingIsRefused() throws {
        try put(scenario, "suite/a.scenario.json")
        // What is refused is said as it is: writing goldens, or (issue 35: it said "goldens are not written") removing them.
        let rows: [(line: UInt, ci: String?, args: [String], status: Int32, says: String)] = [
            (#line, "true", ["--update"], 2, "goldens are not written"),
            (#line, "1", ["--update=missing"], 2, "goldens are not written"),
            (#line, "true", ["--update=all"], 2, "goldens are not written"),
            (#line, "true", ["--prune"], 2, "unused goldens are not removed"),
            (#line, "true", ["--update", "--prune"], 2, "goldens are not written"),
            (#line, "", ["--update=missing"], 0, ""),
        ]
        for row in rows {
            var env = environmentWithoutCI
            env["CI"] = row.ci
            let r = runSheetlab(["test", "suite"] + row.args, cwd: dir, environment: env)
            XCTAssertEqual(r.status, row.status, r.stdout + r.stderr, line: row.line)
            if row.status == 2 {
                XCTAssertFalse(exists("suite/__goldens__"), "nothing written", line: row.line)
                XCTAssertTrue(r.stderr.contains("CI is set"), r.stderr, line: row.line)
                XCTAssertTrue(r.stderr.contains(row.says), r.stderr, line: row.line)
            } else {
                XCTAssertTrue(exists("suite/__goldens__/a/initial.png"), line: row.line)
            }
        }
    }

    func testABadModeIsAnError() throws {
        try put(scenario, "suite/a.scenario.json")
        let r = recording(["suite", "--update=sometimes"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("--update") && r.stderr.contains("missing, changed or all"), r.stderr)
    }

    /// After the per-snapshot lines and before the summary: each failure with its artifact paths.
    func testTheRunEndsWithTheListOfFailures() throws {
        try put(scenario, "suite/a.scenario.json")
        XCTAssertEqual(recording(["suite", "--update=missing"]).status, 0)
        try touch("suite/__goldens__/a/moving.png")
        try put(scenario, "suite/b.scenario.json")
        let r = runSheetlab(["test", "suite"], cwd: dir)
        let lines = r.stdoutLines
        let start = try XCTUnwrap(lines.lastIndex { $0.hasPrefix("failures (") }, r.stdout)
        XCTAssertEqual(lines[start], "failures (3):")
        XCTAssertEqual(Array(lines[(start + 1)...]), [
            "  a/moving: suite/__failures__/a/moving.diff.png (also .actual.png, .expected.png, .side-by-side.png, .zoom.png)",
            "  b/initial: no golden; suite/__failures__/b/initial.actual.png",
            "  b/moving: no golden; suite/__failures__/b/moving.actual.png",
            "1 passed, 3 failed",
        ], r.stdout)
        XCTAssertFalse(recording(["suite", "--update"]).stdout.contains("failures ("), "no list when nothing fails")
    }
}
