import Foundation
import Platform
import Raster
import XCTest

/// Running what you want (a scenario file, `--grep`) and honest edges: empty or
/// misnamed suites, goldens that are not PNGs, names that collide by case, unused goldens, `--output`.
final class GoldenEdgeTests: GoldenTestCase {
    func ran(_ r: RunResult) -> [String] {
        r.stdoutLines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("WROTE ") }
            .map { String($0.split(separator: " ", omittingEmptySubsequences: true)[1]).replacingOccurrences(of: ":", with: "") }
    }

    func testAScenarioFileAndGrepChooseWhatRuns() throws {
        try put(scenario, "suite/a.scenario.json")
        try put(scenario, "suite/sub/b.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        let rows: [(line: UInt, args: [String], ran: [String])] = [
            (#line, ["suite/sub/b.scenario.json"], ["b/initial", "b/moving"]),
            (#line, ["suite", "--grep", "moving"], ["a/moving", "b/moving"]),
            (#line, ["suite", "--grep", "^a/"], ["a/initial", "a/moving"]),
            (#line, ["suite", "--grep", "b/(initial|moving)$"], ["b/initial", "b/moving"]),
            (#line, ["suite/a.scenario.json", "--grep", "init"], ["a/initial"]),
        ]
        for row in rows {
            let r = runSheetlab(["test"] + row.args, cwd: dir)
            XCTAssertEqual(r.status, 0, r.stdout + r.stderr, line: row.line)
            XCTAssertEqual(ran(r), row.ran, r.stdout, line: row.line)
            XCTAssertEqual(r.stdoutLines.last, "\(row.ran.count) passed, 0 failed", line: row.line)
        }
        // The record hint keeps the file and the filter, so it re-records only what ran.
        try touch("suite/__goldens__/a/moving.png")
        let r = runSheetlab(["test", "suite/a.scenario.json", "--grep", "mov"], cwd: dir)
        XCTAssertTrue(r.stdout.contains("sheetlab test suite/a.scenario.json --update=changed --grep mov"), r.stdout)
        // A filter that matches nothing, or a pattern that is not a regular expression, fails.
        XCTAssertEqual(runSheetlab(["test", "suite", "--grep", "nothing-by-this-name"], cwd: dir).status, 1)
        let bad = runSheetlab(["test", "suite", "--grep", "(unclosed"], cwd: dir)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("--grep"), bad.stderr)
    }

    /// A scenario that does not load is not a failure of a --grep that names other scenarios (issue 32: it was counted
    /// as one, so `--grep a/` failed for a broken `b`); a filter that can take it still reports it.
    func testGrepSkipsABrokenScenarioItCannotMatch() throws {
        try put(scenario, "suite/a.scenario.json")
        try "{\"config\": {\"sheet\": {\"cornerRadious\": 3}}, \"snapshots\": [{\"at\": 0, \"name\": \"x\"}]}"
            .write(to: dir.appendingPathComponent("suite/broken.scenario.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(recording(["suite/a.scenario.json", "--update"]).status, 0)
        let other = runSheetlab(["test", "suite", "--grep", "^a/"], cwd: dir)
        XCTAssertEqual(other.status, 0, other.stdout + other.stderr)
        XCTAssertEqual(other.stdoutLines.last, "2 passed, 0 failed")
        let takesIt = runSheetlab(["test", "suite", "--grep", "broken"], cwd: dir)
        XCTAssertEqual(takesIt.status, 1)
        XCTAssertTrue(takesIt.stdout.contains("does not load"), takesIt.stdout)
        XCTAssertEqual(runSheetlab(["test", "suite"], cwd: dir).status, 1, "the whole suite still fails on it")
    }

    func testEmptyAndMisnamedSuitesFail() throws {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        var r = runSheetlab(["test", "empty"], cwd: dir)
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stderr.contains("no *.scenario.json under empty"), r.stderr)

        try put(scenario, "misnamed/a.scenarios.json")
        try put(scenario, "misnamed/deep/b.scenario.jsn")
        try put(scenario, "misnamed/C.Scenario.json")
        r = runSheetlab(["test", "misnamed"], cwd: dir)
        XCTAssertEqual(r.status, 1, r.stdout)
        for (seen, meant) in [("misnamed/a.scenarios.json", "a.scenario.json"), ("misnamed/deep/b.scenario.jsn", "b.scenario.json"),
                              ("misnamed/C.Scenario.json", "C.scenario.json")] {
            XCTAssertTrue(r.stderr.contains("\(seen): rename it \(meant)"), r.stderr)
        }
        // Beside a well-named scenario, a misnamed one is a warning.
        try put(scenario, "misnamed/ok.scenario.json")
        r = recording(["misnamed", "--update"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("misnamed/a.scenarios.json: rename it a.scenario.json"), r.stderr)
    }

    func testAGoldenThatIsNotAPNGIsExplainedAndReplaced() throws {
        let pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 12345\n"
        let rows: [(line: UInt, content: Data, message: String)] = [
            (#line, Data(pointer.utf8), "a Git LFS pointer, not a PNG; run `git lfs pull`"),
            (#line, Data(), "empty (0 bytes)"),
            (#line, Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0]), "not a readable PNG"),
        ]
        for row in rows {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("suite"))
            try put(scenario, "suite/a.scenario.json")
            XCTAssertEqual(recording(["suite", "--update"]).status, 0, line: row.line)
            try row.content.write(to: dir.appendingPathComponent("suite/__goldens__/a/initial.png"))
            var r = runSheetlab(["test", "suite"], cwd: dir)
            XCTAssertEqual(r.status, 1, line: row.line)
            XCTAssertEqual(r.stdoutLines.last, "1 passed, 1 failed", r.stdout, line: row.line)
            let fail = r.stdoutLines.first { $0.hasPrefix("FAIL a/initial") } ?? ""
            XCTAssertTrue(fail.contains(row.message), fail, line: row.line)
            XCTAssertTrue(r.stdout.contains("--update=changed"), r.stdout, line: row.line)
            r = recording(["suite", "--update=changed"])
            XCTAssertEqual(r.status, 0, r.stdout, line: row.line)
            XCTAssertEqual(r.stdoutLines.last, "1 passed, 0 failed, 1 written", r.stdout, line: row.line)
            XCTAssertNoThrow(try ImageFiles.read(dir.appendingPathComponent("suite/__goldens__/a/initial.png").path), line: row.line)
        }
    }

    func testNamesThatDifferOnlyInCaseAreRefused() throws {
        try put(#"{"snapshots": [{"at": 0, "name": "Settled"}, {"at": 5, "name": "settled"}]}"#, "snap/s.scenario.json")
        var r = runSheetlab(["test", "snap"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("differ only in case"), r.stdout)
        r = runSheetlab(["check", "snap/s.scenario.json"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("differ only in case"), r.stderr)

        try put(#"{"snapshots": [{"at": 0, "name": "a"}]}"#, "files/Sheet.scenario.json")
        try put(#"{"snapshots": [{"at": 0, "name": "a"}]}"#, "files/sheet.scenario.json")
        r = recording(["files", "--update"])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("differ only in case"), r.stdout)
        XCTAssertFalse(exists("files/__goldens__"), "nothing is written where the goldens would collide")
    }

    func testUnusedGoldensAreListedAndPruned() throws {
        try put(scenario, "suite/a.scenario.json")
        try put(scenario, "suite/gone.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("suite/gone.scenario.json"))
        try FileManager.default.copyItem(at: dir.appendingPathComponent("suite/__goldens__/a/initial.png"),
                                         to: dir.appendingPathComponent("suite/__goldens__/a/renamed.png"))
        var r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stdout)
        let unused = r.stdoutLines.filter { $0.hasPrefix("unused golden ") }
        XCTAssertEqual(unused, ["unused golden suite/__goldens__/a/renamed.png", "unused golden suite/__goldens__/gone/initial.png",
                                "unused golden suite/__goldens__/gone/moving.png"], r.stdout)
        XCTAssertTrue(r.stdout.contains("--prune removes them"), r.stdout)
        XCTAssertEqual(r.stdoutLines.last, "2 passed, 0 failed")

        r = recording(["suite", "--prune"])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertFalse(exists("suite/__goldens__/a/renamed.png") || exists("suite/__goldens__/gone"))
        XCTAssertTrue(exists("suite/__goldens__/a/initial.png") && exists("suite/__goldens__/a/moving.png"))
        XCTAssertFalse(runSheetlab(["test", "suite"], cwd: dir).stdout.contains("unused golden"))
        // Only a whole suite can tell which goldens are unused.
        for args in [["suite/a.scenario.json", "--prune"], ["suite", "--grep", "a", "--prune"], ["suite", "--shard", "1/2", "--prune"]] {
            let refused = recording(args)
            XCTAssertEqual(refused.status, 1, "\(args)")
            XCTAssertTrue(refused.stderr.contains("--prune: needs the whole suite"), refused.stderr)
        }
        // A shard that holds no scenario is not an error.
        XCTAssertEqual(runSheetlab(["test", "suite", "--shard", "2/2"], cwd: dir).stdoutLines.last, "0 passed, 0 failed")
    }

    func testOutputPutsArtifactsElsewhereAndAFailureCountsOnce() throws {
        try put(scenario, "suite/a.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        try touch("suite/__goldens__/a/moving.png")
        var r = runSheetlab(["test", "suite", "--output", "out"], cwd: dir)
        XCTAssertEqual(r.stdoutLines.last, "1 passed, 1 failed", r.stdout)
        XCTAssertTrue(exists("out/a/moving.actual.png") && exists("out/a/moving.diff.png") && exists("out/a/moving.side-by-side.png"))
        XCTAssertFalse(exists("suite/__failures__"))

        // Artifacts that cannot be written (a file where their folder would go): one failure, with the reason.
        try put("not a folder", "suite/__failures__")
        r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutLines.last, "1 passed, 1 failed", r.stdout)
        XCTAssertTrue(r.stdout.contains("artifacts not written"), r.stdout)
    }
}
