import Foundation
import XCTest

/// Issue 32, item 2: a number from a scenario that `test` turns into an Int is range-checked when the file is read.
/// A huge crop used to pass `check` and then trap `test` (signal 4: "Double value cannot be converted to Int", or an
/// overflow in × scale), killing the whole suite under `--jobs 1` before any report was written.
final class NumberRangeCLITests: GoldenTestCase {
    func scenario(crop: String) -> String {
        """
        {"config": {"canvas": {"width": 160, "height": 240, "scale": 2, "safeArea": {"top": 20, "bottom": 0}},
                    "background": {"scene": "gradient"}, "sheet": {"content": [{"type": "title", "text": "Hi"}]}},
         "snapshots": [{"at": 0, "name": "initial", "crop": \(crop)}]}
        """
    }

    func testAHugeCropIsRefusedByCheckAndFailsOnlyItsScenarioInTest() throws {
        let rows: [(line: UInt, crop: String, key: String)] = [
            (#line, "[0, 0, 1e308, 10]", "width must be at most 2048"),
            (#line, "[3e18, 0, 10, 10]", "x must be at most 2048"),
            (#line, "[0, 1e300, 10, 10]", "y must be at most 2048"),
            (#line, "[0, 0, 10, 4e15]", "height must be at most 2048"),
            (#line, "[0, 0, 2049, 10]", "width must be at most 2048"),
        ]
        for row in rows {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("suite"))
            try put(self.scenario, "suite/a.scenario.json")
            try put(scenario(crop: row.crop), "suite/big.scenario.json")
            XCTAssertEqual(recording(["suite/a.scenario.json", "--update"]).status, 0, line: row.line)

            let check = runSheetlab(["check", "suite/big.scenario.json"], cwd: dir)
            XCTAssertFalse(check.signaled, "check trapped on crop \(row.crop)", line: row.line)
            XCTAssertEqual(check.status, 1, check.stdout + check.stderr, line: row.line)
            XCTAssertTrue(check.stderr.contains("suite/big.scenario.json"), check.stderr, line: row.line)
            XCTAssertTrue(check.stderr.contains("snapshots[0].crop"), check.stderr, line: row.line)
            XCTAssertTrue(check.stderr.contains(row.key), check.stderr, line: row.line)

            // One job, as the issue measured: the good scenario still passes, the bad one fails, the report is written.
            let test = runSheetlab(["test", "suite", "--jobs", "1", "--reporter", "junit=out/junit.xml"], cwd: dir)
            XCTAssertFalse(test.signaled, "test trapped on crop \(row.crop): \(test.stderr)", line: row.line)
            XCTAssertEqual(test.status, 1, test.stdout + test.stderr, line: row.line)
            let all = test.stdout + test.stderr
            XCTAssertTrue(all.contains("big.scenario.json"), all, line: row.line)
            XCTAssertTrue(all.contains("snapshots[0].crop"), all, line: row.line)
            XCTAssertTrue(test.stdoutLines.contains { $0.hasPrefix("ok ") && $0.hasSuffix(" a/initial") }, test.stdout, line: row.line)
            XCTAssertTrue(exists("out/junit.xml"), "the report must be written: \(test.stdout)", line: row.line)
        }
    }

    /// A mask with the same numbers was already survived by `test`; `check` now refuses it too, at its key.
    func testAHugeMaskIsRefusedByCheck() throws {
        for mask in ["[[0, 0, 1e308, 10]]", "[[3e18, 0, 10, 10]]", "[[-1e300, 0, 10, 10]]"] {
            let text = scenario(crop: "null").replacingOccurrences(of: #""crop": null"#, with: #""mask": \#(mask)"#)
            try put(text, "m/s.scenario.json")
            let check = runSheetlab(["check", "m/s.scenario.json"], cwd: dir)
            XCTAssertFalse(check.signaled)
            XCTAssertEqual(check.status, 1, mask)
            XCTAssertTrue(check.stderr.contains("snapshots[0].mask: mask[0]:"), check.stderr)
        }
    }
}
