import Foundation
import XCTest

/// `sheetlab test PATH --watch` (issue 35): the suite once, then each scenario whose inputs change, until SIGTERM. The
/// test waits on what the run prints, never on time (the deadlines only guard against a hang).
final class WatchTests: CLITestCase {
    /// Waits until the output holds `text` `count` times; fails after 120 s.
    func waitFor(_ text: String, count: Int = 1, in log: URL, line: UInt = #line) -> String {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let out = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if out.components(separatedBy: text).count - 1 >= count { return out }
            usleep(50_000)
        }
        let out = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        XCTFail("no \(count)× \"\(text)\" in:\n\(out)", line: line)
        return out
    }

    func testWatchRunsTheScenariosWhoseInputsChangeUntilTerminated() throws {
        write("suite/a.json", #"{"sheet": {"detents": [{"id": "a", "height": 300}, "large"], "content": []}}"#)
        write("suite/a.scenario.json", #"{"config": "a.json", "scale": 1, "snapshots": [{"at": 0, "name": "initial"}]}"#)
        write("suite/b.scenario.json", #"{"config": {"sheet": {"content": []}}, "scale": 1, "snapshots": [{"at": 0, "name": "initial"}]}"#)
        XCTAssertEqual(runSheetlab(["test", "suite", "--update"], cwd: dir, environment: environmentWithoutCI).status, 0)

        let log = dir.appendingPathComponent("watch.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = sheetlabBinary
        process.arguments = ["test", "suite", "--watch"]
        process.currentDirectoryURL = dir
        process.environment = environmentWithoutCI
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var out = waitFor("watching 2 scenarios under suite for changes", in: log)
        XCTAssertTrue(out.contains("2 passed, 0 failed"), out)
        // The config a scenario names: that scenario runs again, and fails against its golden; the other does not run.
        write("suite/a.json", #"{"sheet": {"detents": [{"id": "a", "height": 320}, "large"], "content": []}}"#)
        out = waitFor("0 passed, 1 failed", in: log)
        XCTAssertTrue(out.contains("changed: suite/a.scenario.json (a.json)"), out)
        XCTAssertEqual(out.components(separatedBy: "ok   b/initial").count - 1, 1, "b ran once, at the start:\n\(out)")
        // Back as it was: it passes again.
        write("suite/a.json", #"{"sheet": {"detents": [{"id": "a", "height": 300}, "large"], "content": []}}"#)
        out = waitFor("1 passed, 0 failed", in: log)
        // A scenario added under the folder runs as it appears (its golden is missing: a failure, not a crash).
        write("suite/c.scenario.json", #"{"scale": 1, "snapshots": [{"at": 0, "name": "initial"}]}"#)
        out = waitFor("changed: suite/c.scenario.json", in: log)
        out = waitFor("0 passed, 1 failed", count: 2, in: log)
        XCTAssertTrue(out.contains("c/initial"), out)

        process.terminate()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        XCTAssertFalse(process.isRunning, "still running 60 s after SIGTERM")
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testWatchIsRefusedInCIAndWithPrune() {
        write("suite/a.scenario.json", #"{"scale": 1, "snapshots": [{"at": 0, "name": "initial"}]}"#)
        var env = environmentWithoutCI
        env["CI"] = "true"
        let ci = runSheetlab(["test", "suite", "--watch"], cwd: dir, timeout: 120, environment: env)
        XCTAssertEqual(ci.status, 1)
        XCTAssertTrue(ci.stderr.contains("--watch: waits for changes until Ctrl+C, which a CI run never sends"), ci.stderr)
        let prune = runSheetlab(["test", "suite", "--watch", "--prune"], cwd: dir, timeout: 120, environment: environmentWithoutCI)
        XCTAssertEqual(prune.status, 1)
        XCTAssertTrue(prune.stderr.contains("not with --prune or --shard"), prune.stderr)
    }
}
