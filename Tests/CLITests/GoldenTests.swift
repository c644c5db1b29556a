import Foundation
import Platform
import Raster
import XCTest

/// This process's environment without `CI`. `make test` runs under `CI=true` in CI, where `sheetlab test`
/// refuses to write goldens; a test that records passes this to the child process.
let environmentWithoutCI: [String: String] = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }

/// What golden tests share: a small two-snapshot scenario and helpers to place files and record.
class GoldenTestCase: CLITestCase {
    let scenario = """
    {"config": {"canvas": {"width": 160, "height": 240, "scale": 1, "safeArea": {"top": 20, "bottom": 0}},
                "background": {"scene": "gradient"}, "sheet": {"content": [{"type": "title", "text": "Hi"}]}},
     "script": {"steps": [{"at": 0, "select": "large"}]},
     "snapshots": [{"at": 0, "name": "initial"}, {"at": 120, "name": "moving"}]}
    """

    func put(_ text: String, _ name: String) throws {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Runs `sheetlab test` with `args` as a developer machine would (without `CI`), so that it may record.
    func recording(_ args: [String]) -> RunResult { runSheetlab(["test"] + args, cwd: dir, environment: environmentWithoutCI) }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path) }

    /// The bytes of a file in the test directory.
    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: dir.appendingPathComponent(path).path) }

    /// Changes one pixel of a golden, so that an exact comparison fails on it.
    func touch(_ golden: String, x: Int = 40, y: Int = 50) throws {
        let path = dir.appendingPathComponent(golden).path
        var image = try ImageFiles.read(path)
        let p = image[x, y]
        image[x, y] = PremultipliedRGBA8(p.r ^ 0x40, p.g, p.b, 255)
        try ImageFiles.writePNG(image, to: path)
    }
}

/// `sheetlab test` end to end: record, pass, fail on one pixel with artifacts, missing goldens,
/// tolerances, shards, CI, bad scenarios; and the project's own suite.
final class GoldenTests: GoldenTestCase {
    func testProjectSuitePasses() {
        let r = runSheetlab(["test", repositoryRoot.appendingPathComponent("Assets/Scenarios").path], cwd: dir, timeout: 300)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdoutLines.last?.hasSuffix("passed, 0 failed") ?? false, r.stdout)
    }

    func testRecordPassFailOnOnePixelAndReRecord() throws {
        try put(scenario, "suite/a.scenario.json")
        // Missing goldens fail, and say how to record them.
        var r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("no golden"), r.stdout)
        XCTAssertTrue(r.stdout.contains("sheetlab test suite --update"), r.stdout)
        XCTAssertEqual(r.stdoutLines.last, "0 passed, 2 failed")

        r = recording(["suite", "--update"])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertTrue(exists("suite/__goldens__/a/initial.png") && exists("suite/__goldens__/a/moving.png"))
        XCTAssertEqual(r.stdoutLines.filter { $0.hasPrefix("WROTE") }.count, 2)

        r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertEqual(r.stdoutLines.last, "2 passed, 0 failed")
        XCTAssertFalse(exists("suite/__failures__"), "a passing run leaves no failure folder")

        // One pixel changed in a golden: the run fails with every artifact and the numbers.
        let golden = dir.appendingPathComponent("suite/__goldens__/a/moving.png").path
        var image = try ImageFiles.read(golden)
        let original = image[40, 50]
        image[40, 50] = PremultipliedRGBA8(original.r ^ 0x40, original.g, original.b, 255)
        try ImageFiles.writePNG(image, to: golden)
        r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutLines.last, "1 passed, 1 failed")
        let fail = r.stdoutLines.first { $0.hasPrefix("FAIL a/moving") } ?? ""
        XCTAssertTrue(fail.contains("1 of 38400 pixels differ"), fail)
        XCTAssertTrue(fail.contains("largest channel delta 64"), fail)
        XCTAssertTrue(fail.contains("within x 40…40, y 50…50"), fail)
        XCTAssertTrue(fail.contains("first at (40, 50)"), fail)
        XCTAssertTrue(r.stdout.contains("sheetlab test suite --update"), r.stdout)
        for artifact in ["moving.actual.png", "moving.diff.png", "moving.side-by-side.png"] {
            XCTAssertTrue(exists("suite/__failures__/a/\(artifact)"), artifact)
        }
        let diff = try ImageFiles.read(dir.appendingPathComponent("suite/__failures__/a/moving.diff.png").path)
        let mark = diff[40, 50]
        XCTAssertTrue(mark.r > 200 && mark.g < 80 || mark.b > 200 && mark.r < 80, "the changed pixel is red or blue: \(mark)")
        XCTAssertEqual(diff[5, 5].r, diff[5, 5].g, "unchanged pixels are faded to grey")

        // A tolerance that allows one pixel passes it; re-recording rewrites only the changed golden.
        r = recording(["suite", "--update"])
        XCTAssertEqual(r.stdoutLines.filter { $0.hasPrefix("WROTE") }, ["WROTE a/moving → suite/__goldens__/a/moving.png (changed, 160×240)"])
        XCTAssertEqual(runSheetlab(["test", "suite"], cwd: dir).status, 0)
    }

    func testTolerancesTheStrictestWins() throws {
        try put(scenario.replacingOccurrences(of: "\"snapshots\"", with: "\"maxDiffPixels\": 5, \"maxDiffRatio\": 0.00001, \"snapshots\""),
                  "suite/a.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        let golden = dir.appendingPathComponent("suite/__goldens__/a/initial.png").path
        var image = try ImageFiles.read(golden)
        for x in 0..<2 { image[x, 100] = PremultipliedRGBA8(255, 0, 255, 255) }
        try ImageFiles.writePNG(image, to: golden)
        // 2 pixels differ: maxDiffPixels would allow 5, but the ratio allows floor(38400 × 0.00001) = 0.
        let r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("2 of 38400 pixels differ") && r.stdout.contains("0 allowed"), r.stdout)
    }

    func testSizeMismatchStillGetsADiff() throws {
        try put(scenario, "suite/a.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        let golden = dir.appendingPathComponent("suite/__goldens__/a/initial.png").path
        try ImageFiles.writePNG(Pixmap(width: 100, height: 100, fill: .white), to: golden)
        let r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("size 160×240, expected 100×100"), r.stdout)
        XCTAssertTrue(exists("suite/__failures__/a/initial.diff.png"))
    }

    func testShardsCoverEveryScenarioExactlyOnce() throws {
        for i in 0..<7 { try put(scenario, "suite/\(i % 2 == 0 ? "x/" : "")s\(i).scenario.json") }
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        var seen: [String] = []
        for shard in 1...3 {
            let r = runSheetlab(["test", "suite", "--shard", "\(shard)/3"], cwd: dir)
            XCTAssertEqual(r.status, 0, r.stdout)
            seen += r.stdoutLines.filter { $0.hasPrefix("ok") }.map { String($0.split(separator: " ").last!.split(separator: "/").first!) }
        }
        XCTAssertEqual(seen.sorted(), (0..<7).flatMap { ["s\($0)", "s\($0)"] }.sorted(), "each scenario's two snapshots, once each")
        for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
            let r = runSheetlab(["test", "suite", "--shard", bad], cwd: dir)
            XCTAssertEqual(r.status, 1, bad)
            XCTAssertTrue(r.stderr.contains("--shard"), r.stderr)
        }
    }

    func testCIRunsNeverRecord() throws {
        try put(scenario, "suite/a.scenario.json")
        var env = ProcessInfo.processInfo.environment
        env["CI"] = "true"
        let r = runSheetlab(["test", "suite"], cwd: dir, environment: env)
        XCTAssertEqual(r.status, 1)
        XCTAssertFalse(exists("suite/__goldens__"), "no golden is written without --update")
    }

    func testBadScenariosAreErrorsWithTheirKeys() throws {
        let rows: [(line: UInt, json: String, message: String)] = [
            (#line, #"{"snapshots": []}"#, "snapshots: needs at least one snapshot"),
            (#line, #"{"config": {}}"#, "snapshots"),
            (#line, #"{"snapshots": [{"at": 0, "name": "a"}, {"at": 5, "name": "a"}]}"#, "repeats the name"),
            (#line, #"{"snapshots": [{"at": 0, "name": "../up"}]}"#, "snapshots[0].name"),
            (#line, #"{"snapshots": [{"at": -1, "name": "a"}]}"#, "snapshots[0].at"),
            (#line, #"{"snapshot": [{"at": 0, "name": "a"}]}"#, "did you mean snapshots?"),
            (#line, #"{"config": {"sheet": {"cornerRadious": 3}}, "snapshots": [{"at": 0, "name": "a"}]}"#, "config.sheet.cornerRadious: unknown key"),
            (#line, #"{"config": "missing.json", "snapshots": [{"at": 0, "name": "a"}]}"#, "no such file"),
            (#line, #"{"script": {"steps": [{"at": 0, "up": [1, 2]}]}, "snapshots": [{"at": 0, "name": "a"}]}"#, "script.steps[0].up"),
            (#line, #"{"maxDiffRatio": 2, "snapshots": [{"at": 0, "name": "a"}]}"#, "maxDiffRatio"),
        ]
        for row in rows {
            try put(row.json, "bad/s.scenario.json")
            let check = runSheetlab(["check", "bad/s.scenario.json"], cwd: dir)
            XCTAssertEqual(check.status, 1, line: row.line)
            XCTAssertTrue(check.stderr.contains(row.message), check.stderr, line: row.line)
            let test = runSheetlab(["test", "bad"], cwd: dir)
            XCTAssertEqual(test.status, 1, line: row.line)
            XCTAssertTrue(test.stdout.contains(row.message), test.stdout, line: row.line)
            XCTAssertFalse(test.signaled, line: row.line)
        }
    }
}
