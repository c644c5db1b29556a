import Foundation
import XCTest

/// A config warning is printed once per run, whichever command loaded the config and however many
/// parts of the run (a script, a scenario) use it.
final class WarningTests: CLITestCase {
    /// Two detents that resolve to one height: a warning, not an error.
    let sameHeights = #"{"canvas": {"scale": 1}, "sheet": {"detents": [{"id": "a", "height": 460}, "medium"]}}"#

    func warnings(_ result: RunResult) -> [String] {
        result.stderrLines.filter { $0.contains(": warning: ") }
    }

    func testEachWarningIsPrintedOnce() {
        write("same.json", sameHeights)
        write("s.script.json", #"{"steps": [{"at": 0, "select": "a"}]}"#)
        write("suite/a.scenario.json", #"{"config": "../same.json", "snapshots": [{"at": 0, "name": "initial"}]}"#)
        write("inline/b.scenario.json", #"{"config": \#(sameHeights), "snapshots": [{"at": 0, "name": "initial"}]}"#)
        let rows: [(line: UInt, args: [String])] = [
            (#line, ["render", "--config", "same.json", "--script", "s.script.json", "--out", "a.png"]),
            (#line, ["render", "--config", "same.json", "--out", "b.png"]),
            (#line, ["simulate", "--config", "same.json", "--script", "s.script.json"]),
            (#line, ["check", "same.json"]),
            (#line, ["check", "s.script.json", "--config", "same.json"]),
            (#line, ["check", "suite/a.scenario.json"]),
            (#line, ["check", "inline/b.scenario.json"]),
            (#line, ["test", "suite", "--update"]),
            (#line, ["test", "inline", "--update"]),
        ]
        for row in rows {
            let result = runSheetlab(row.args, cwd: dir, environment: environmentWithoutCI)
            XCTAssertEqual(result.status, 0, result.stderr, line: row.line)
            let lines = warnings(result)
            XCTAssertEqual(lines.count, 1, "\(row.args): one warning line expected:\n\(result.stderr)", line: row.line)
            XCTAssertTrue(lines.first?.contains(#"detents "a" and "medium" both resolve to 460 pt"#) ?? false, result.stderr,
                          line: row.line)
        }
    }
}
