import Foundation
import XCTest

/// Bad scripts, through `sheetlab simulate --script` and `sheetlab check`.
final class BadScriptTests: CLITestCase {
    /// A caret (‸) in the JSON marks where the error must be reported; it is removed before the file is written.
    typealias Row = (line: UInt, json: String, keyPath: String?, message: String)

    /// Writes each row to `bad.script.json` and runs `simulate --script` on it; a file with `"steps"` is also
    /// run through `check`, which must report the same error.
    func assertRejected(_ rows: [Row]) {
        for row in rows {
            let (text, position) = stripCaret(row.json)
            write("bad.script.json", text)
            assertFailure(run("simulate", "--script", "bad.script.json"), file: "bad.script.json", position: position,
                          keyPath: row.keyPath, message: row.message, context: "simulate", line: row.line)
            if text.contains("\"steps\"") {
                assertFailure(run("check", "bad.script.json"), file: "bad.script.json", position: position,
                              keyPath: row.keyPath, message: row.message, context: "check", line: row.line)
            }
        }
    }

    func testBadSteps() {
        assertRejected([
            (#line, #"‸{}"#, "steps", #"a script needs "steps""#),
            (#line, #"‸{"stepz": []}"#, "steps", #"a script needs "steps""#),
            (#line, #"{‸"stepz": []}"#, "stepz", "unknown key; did you mean steps?"),
            (#line, #"{"steps": [‸{"tap": [10, 10]}]}"#, "steps[0]", #"every step needs "at""#),
            (#line, #"{"steps": [{"at": ‸-5, "tap": [10, 10]}]}"#, "steps[0].at", "must not be negative"),
            (#line, #"{"steps": [‸{"at": 0, "tap": [10, 10], "select": "large"}]}"#, "steps[0]",
             "a step takes one action, found tap and select"),
            (#line, #"{"steps": [{"at": 0, "tap": [1, 2], ‸"wiat": 3}]}"#, "steps[0].wiat", "unknown key; did you mean wait?"),
            (#line, #"{"steps": [{"at": 0, ‸"tapp": [1, 2]}]}"#, "steps[0].tapp", "unknown key; did you mean tap?"),
            (#line, #"{"steps": [‸{"at": 0}]}"#, "steps[0]", "a step needs one of"),
            (#line, #"{"steps": [{"at": 0, "dismiss": ‸false}]}"#, "steps[0].dismiss", "must be true"),
            (#line, #"{"steps": [{"at": 0, "wait": ‸-1}]}"#, "steps[0].wait", "must not be negative"),
            (#line, #"{"steps": [{"at": 0, "drag": {"from": [1, 2], "to": [1, 9], ‸"durration": 5}}]}"#,
             "steps[0].drag.durration", "did you mean duration?"),
            (#line, #"{"steps": [{"at": ‸NaN, "dismiss": true}]}"#, "steps[0].at", "NaN"),
            (#line, #"{"steps": [{"at": 0, "dismiss": true},‸]}"#, "steps", "trailing comma"),
            (#line, #"{"steps": [{"at": 0, "drag": {"from": [1, 600], "to": [1, 500], "duration": ‸0}}]}"#,
             "steps[0].drag.duration", "must be greater than 0"),
            (#line, #"{"steps": [{"at": 0, "drag": {"from": [1, 600], "to": [1, 500], "duration": ‸-10}}]}"#,
             "steps[0].drag.duration", "must be greater than 0"),
        ])
    }

    func testPointerOrder() {
        assertRejected([
            (#line, #"{"steps": [{"at": 0, ‸"up": [10, 10]}]}"#, "steps[0].up", "the pointer is not down at 0 ms"),
            (#line, #"{"steps": [{"at": 0, ‸"move": [10, 10]}]}"#, "steps[0].move", "the pointer is not down"),
            (#line, #"{"steps": [{"at": 0, "down": [10, 10]}, {"at": 10, ‸"down": [10, 10]}, {"at": 20, "up": [10, 10]}]}"#,
             "steps[1].down", "the pointer is already down at 10 ms (pressed by steps[0])"),
            (#line, #"{"steps": [{"at": 0, "drag": {"from": [1, 600], "to": [1, 500], "duration": 100}}, {"at": 50, ‸"tap": [5, 5]}]}"#,
             "steps[1].tap", "already down"),
        ])
    }

    func testSelectOfUnknownDetent() {
        assertRejected([
            (#line, #"{"steps": [{"at": 0, ‸"select": "larg"}]}"#, "steps[0].select", #"no detent "larg"; did you mean large?"#),
            (#line, #"{"steps": [{"at": 0, ‸"select": "nope"}]}"#, "steps[0].select", #"no detent "nope""#),
        ])
        // The detents come from --config: "high" exists in multi-height, "large" does not.
        write("multi.json", #"{"sheet": {"detents": [{"id": "low", "height": 120}, {"id": "high", "height": 640}]}}"#)
        let (script, position) = stripCaret(#"{"steps": [{"at": 0, "select": "high"}, {"at": 100, ‸"select": "large"}]}"#)
        write("sel.script.json", script)
        for command in [["simulate", "--config", "multi.json", "--script", "sel.script.json"],
                        ["check", "sel.script.json", "--config", "multi.json"]] {
            assertFailure(runSheetlab(command, cwd: dir), file: "sel.script.json", position: position, keyPath: "steps[1].select",
                          message: #"no detent "large""#, context: command[0], line: #line)
        }
    }

    func testReloadOfAMissingFile() {
        write("scripts/r.script.json", #"{"steps": [{"at": 0, "reload": "gone.json"}]}"#)
        let result = run("simulate", "--script", "scripts/r.script.json")
        assertFailure(result, file: "scripts/r.script.json", position: "1:22", keyPath: "steps[0].reload",
                      message: "cannot load gone.json", line: #line)
        // The path is resolved relative to the script, and the second line says why.
        assertFailure(result, file: "scripts/gone.json", position: nil, keyPath: nil, message: "no such file", line: #line)

        // A reload of a bad config lists the config's own error too.
        write("scripts/bad.json", #"{"sheet": {"cornerRadious": 3}}"#)
        write("scripts/r2.script.json", #"{"steps": [{"at": 0, "reload": "bad.json"}]}"#)
        let bad = run("simulate", "--script", "scripts/r2.script.json")
        assertFailure(bad, file: "scripts/bad.json", position: "1:12", keyPath: "sheet.cornerRadious",
                      message: "did you mean cornerRadius?", line: #line)
    }

    func testBadFps() {
        write("ok.script.json", #"{"steps": [{"at": 0, "wait": 10}]}"#)
        let rows: [(line: UInt, fps: String)] = [
            (#line, "0"), (#line, "-1"), (#line, "abc"), (#line, "1001"), (#line, "nan"), (#line, "inf"), (#line, ""), (#line, "0.5"),
        ]
        for row in rows {
            assertFailure(run("simulate", "--script", "ok.script.json", "--fps", row.fps), file: "--fps", position: nil,
                          keyPath: nil, message: "must be a number from 1 to 1000", line: row.line)
            assertFailure(run("simulate", "--script", "ok.script.json", "--fps=\(row.fps)"), file: "--fps", position: nil,
                          keyPath: nil, message: "must be a number from 1 to 1000", line: row.line)
        }
        let missing = run("simulate", "--script", "ok.script.json", "--fps")
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("--fps needs a value"), missing.stderr)
    }

    func testMissingScript() {
        let none = run("simulate")
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("--script S is required"), none.stderr)
        XCTAssertEqual(none.stdout, "")

        assertFailure(run("simulate", "--script", "nope.json"), file: "nope.json", position: nil, keyPath: nil,
                      message: "no such file", line: #line)
        try? FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: true)
        assertFailure(run("simulate", "--script", "d"), file: "d", position: nil, keyPath: nil, message: "is a directory", line: #line)
        write("empty.json", "")
        assertFailure(run("simulate", "--script", "empty.json"), file: "empty.json", position: "1:1", keyPath: nil,
                      message: "empty", line: #line)
    }

    /// Several bad steps are all listed, each with its own key path, and counted.
    func testSeveralScriptErrorsAreAllListed() {
        write("many.script.json", """
        {"steps": [
          {"at": -1, "tap": [1, 2]},
          {"at": 0, "tapp": [1, 2]},
          {"at": 0, "drag": {"from": [1, 2], "to": [1, 5], "duration": 0}}
        ]}
        """)
        let result = run("simulate", "--script", "many.script.json")
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.signaled)
        for path in ["steps[0].at", "steps[1].tapp", "steps[2].drag.duration"] {
            XCTAssertTrue(result.stderr.contains(": \(path): "), "\(path) missing from:\n\(result.stderr)")
        }
        XCTAssertTrue(result.stderrLines.last?.hasPrefix("sheetlab: ") == true && result.stderrLines.last?.hasSuffix(" errors") == true,
                      result.stderr)
    }

    /// Points must be `[x, y]`, and the error names the point's own key: with `"drag": {"from": .., "to": [1]}`
    /// it says `steps[0].drag.to`, not just `steps[0]` (as an early build did).
    func testPointNotXY() {
        assertRejected([
            (#line, #"{"steps": [{"at": 0, "tap": ‸[10]}]}"#, "steps[0].tap", "a point is [x, y]"),
            (#line, #"{"steps": [{"at": 0, "tap": ‸"here"}]}"#, "steps[0].tap", "a point is [x, y]"),
            (#line, #"{"steps": [{"at": 0, "drag": {"from": [1, 2], "to": ‸[1]}}]}"#, "steps[0].drag.to", "a point is [x, y]"),
            (#line, #"{"steps": [{"at": 0, "tap": ‸[1, 2, 3]}]}"#, "steps[0].tap", "a point is [x, y]"),
            (#line, #"{"steps": [{"at": 0, "down": ‸{"x": 1, "y": 2}}]}"#, "steps[0].down", "a point is [x, y]"),
            (#line, #"{"steps": [{"at": 0, "tap": [1, ‸"a"]}]}"#, "steps[0].tap[1]", "expected a number, found a string"),
        ])
    }

    /// A value of the wrong type names its own key, not just the step.
    func testTypeErrorsInAStepNameTheirKey() {
        assertRejected([
            (#line, #"{"steps": [{"at": ‸"zero", "tap": [1, 2]}]}"#, "steps[0].at", "expected a number, found a string"),
            (#line, #"{"steps": [{"at": 0, "select": ‸5}]}"#, "steps[0].select", "expected a string, found a number"),
        ])
    }

    /// Absurd times finish promptly, with a clean status, rather than simulating for ever.
    func testHugeTimesDoNotHang() {
        let rows: [(line: UInt, json: String)] = [
            (#line, #"{"steps": [{"at": 1e300, "dismiss": true}]}"#),
            (#line, #"{"steps": [{"at": 0, "wait": 1e300}]}"#),
            (#line, #"{"steps": [{"at": 0, "drag": {"from": [1, 600], "to": [1, 500], "duration": 1e300}}]}"#),
        ]
        for row in rows {
            write("huge.script.json", row.json)
            for args in [["simulate", "--script", "huge.script.json"], ["check", "huge.script.json"]] {
                let result = runSheetlab(args, cwd: dir, timeout: 120)
                XCTAssertFalse(result.timedOut, "\(args[0]) hangs", line: row.line)
                XCTAssertFalse(result.signaled, "\(args[0]) died of signal \(result.status)", line: row.line)
                XCTAssertTrue(result.status == 0 || result.status == 1, "\(args[0]) status \(result.status)", line: row.line)
            }
        }
    }

    // MARK: - Product bugs (these tests fail until the product is fixed)

    /// BUG: `{"steps": "x"}` is reported as "<file>:1:1: expected an array, found a string", with no key path
    /// and at the root object rather than at the value of `steps`.
    func testStepsOfTheWrongTypeNameTheKey() {
        assertRejected([
            (#line, #"{"steps": ‸"x"}"#, "steps", "expected an array, found a string"),
        ])
    }
}
