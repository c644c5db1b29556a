import Foundation
import XCTest

/// The typed options: each is declared once, so its range shows in `--help` and in the error for a bad value.
final class OptionTests: CLITestCase {
    func testBadValuesNameTheOptionAndItsRange() {
        write("ok.script.json", #"{"steps": [{"at": 0, "wait": 10}]}"#)
        let rows: [(line: UInt, args: [String], message: String)] = [
            (#line, ["simulate", "--script", "ok.script.json", "--fps", "1001"], "sheetlab: --fps: must be a number from 1 to 1000, found '1001'"),
            (#line, ["render", "--out", "x.png", "--scale", "0"], "sheetlab: --scale: must be 1, 2 or 3, found '0'"),
            (#line, ["render", "--out", "x.png", "--scale", "2.5"], "sheetlab: --scale: must be 1, 2 or 3, found '2.5'"),
            (#line, ["render", "--out", "x.png", "--at", "1e99"], "sheetlab: --at: must be a time in milliseconds from 0 to 3600000"),
            (#line, ["run", "--zoom", "0.1"], "sheetlab: --zoom: must be a number from 0.25 to 4, found '0.1'"),
            (#line, ["run", "--zoom=inf"], "sheetlab: --zoom: must be a number from 0.25 to 4, found 'inf'"),
            (#line, ["test", ".", "--shard", "3/2"], "sheetlab: --shard: expected I/N with 1 ≤ I ≤ N"),
            (#line, ["test", ".", "--shard", "1/"], "sheetlab: --shard: expected I/N"),
            (#line, ["bench", "--blur-input", "in.png", "--sigma", "-1"], "sheetlab: --sigma: must be a number of pixels ≥ 0, found '-1'"),
            (#line, ["bench", "--sigma", "3"], "sheetlab: bench: --blur-output and --sigma need --blur-input"),
        ]
        for row in rows {
            let result = runSheetlab(row.args, cwd: dir)
            XCTAssertEqual(result.status, 1, "\(row.args)", line: row.line)
            XCTAssertEqual(result.stdout, "", line: row.line)
            XCTAssertTrue(result.stderr.hasPrefix(row.message), "expected \(row.message) in:\n\(result.stderr)", line: row.line)
        }
    }

    func testHelpShowsRangesAndDefaults() {
        let rows: [(line: UInt, command: String, text: String)] = [
            (#line, "simulate", "--fps N                 frames per second of the virtual clock, 1 to 1000 (default 60)"),
            (#line, "run", "--zoom Z                window size per canvas point, 0.25 to 4 (default 1)"),
            (#line, "render", "--scale N               pixels per point: 1, 2 or 3 (default: the canvas's)"),
            (#line, "bench", "--sigma SIGMA           Gaussian sigma in pixels for --blur-input, ≥ 0 (default 60)"),
        ]
        for row in rows {
            let result = runSheetlab([row.command, "--help"], cwd: dir)
            XCTAssertEqual(result.status, 0, line: row.line)
            XCTAssertTrue(result.stdout.contains(row.text), result.stdout, line: row.line)
        }
    }
}
