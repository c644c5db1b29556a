import Foundation
import XCTest

/// `--jobs N`: worker processes give the same results, files and output, in the same order, as one job.
final class GoldenJobsTests: GoldenTestCase {
    /// A suite with passes, a pixel failure, missing goldens, a scenario that does not load, and a nested folder.
    func makeSuite() throws {
        for name in ["a", "b", "x/c", "x/d"] { try put(scenario, "suite/\(name).scenario.json") }
        XCTAssertEqual(recording(["suite", "--update", "--jobs", "1"]).status, 0)
        try touch("suite/__goldens__/b/moving.png")
        try put(scenario, "suite/e.scenario.json")
        try put(#"{"snapshots": [{"at": 0, "name": "a"}], "scale": 9}"#, "suite/bad.scenario.json")
    }

    func testTheSameOutputWithAnyNumberOfJobs() throws {
        try makeSuite()
        let one = runSheetlab(["test", "suite", "--jobs", "1", "--reporter", "json=one.json"], cwd: dir)
        XCTAssertEqual(one.status, 1)
        XCTAssertEqual(one.stdoutLines.last, "7 passed, 4 failed", one.stdout)
        for jobs in ["2", "3", "5"] {
            let many = runSheetlab(["test", "suite", "--jobs", jobs, "--reporter", "json=many.json"], cwd: dir)
            XCTAssertEqual(many.status, one.status, jobs)
            XCTAssertEqual(many.stdout.replacingOccurrences(of: "many.json", with: "one.json"), one.stdout, "--jobs \(jobs)")
            let statuses = { (file: String) -> [String] in
                let json = (try? JSONSerialization.jsonObject(with: self.bytes(file) ?? Data())) as? [String: Any]
                return ((json?["snapshots"] as? [[String: Any]]) ?? []).map { "\($0["scenario"]!)/\($0["snapshot"]!) \($0["status"]!)" }
            }
            XCTAssertEqual(statuses("many.json"), statuses("one.json"), "--jobs \(jobs)")
        }
        // Recording in workers writes the same goldens and counts them the same.
        let recorded = recording(["suite", "--update", "--jobs", "2"])
        XCTAssertEqual(recorded.stdoutLines.last, "7 passed, 1 failed, 3 written", recorded.stdout)
        XCTAssertTrue(exists("suite/__goldens__/e/initial.png") && exists("suite/__goldens__/fingerprint.json"))
        // On top of a shard.
        let sharded = runSheetlab(["test", "suite", "--shard", "1/2", "--jobs", "2"], cwd: dir)
        let shardedOne = runSheetlab(["test", "suite", "--shard", "1/2", "--jobs", "1"], cwd: dir)
        XCTAssertEqual(sharded.stdout, shardedOne.stdout)
    }

    func testABadJobCountIsAnError() throws {
        try put(scenario, "suite/a.scenario.json")
        for bad in ["0", "-1", "x", "65"] {
            let r = runSheetlab(["test", "suite", "--jobs", bad], cwd: dir)
            XCTAssertEqual(r.status, 1, bad)
            XCTAssertTrue(r.stderr.contains("--jobs"), r.stderr)
        }
    }
}
