import Foundation
import XCTest

/// The feels, through the built binary's `simulate` (the default config: peek 120 is undimmed,
/// medium 460 at top 392 is dimmed at 0.2, light glass).
final class FeelCLITests: CLITestCase {
    func simulate(_ script: String, config: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> [Record] {
        var args = ["simulate", "--script", write("s.script.json", script)]
        if let config { args += ["--config", write("c.json", config)] }
        return simulated(runSheetlab(args, cwd: dir), file: file, line: line)
    }

    func testEventsTable() {
        let nonDismissible = #"{"sheet": {"dismissible": false}}"#
        let table: [(line: UInt, config: String?, script: String, expected: [String])] = [
            // Item 7: attempts to dismiss a sheet that may not be dismissed that way.
            (#line, nonDismissible, #"{"steps": [{"at": 0, "drag": {"from": [200, 470], "to": [200, 800], "duration": 100}}]}"#,
             ["release", "dismissAttempt", "detent"]),
            (#line, nonDismissible, #"{"steps": [{"at": 0, "tap": [100, 200]}]}"#, ["dimmingTap", "dismissAttempt"]),
            (#line, #"{"sheet": {"tapOutsideToDismiss": false}}"#, #"{"steps": [{"at": 0, "tap": [100, 200]}]}"#, ["dimmingTap", "dismissAttempt"]),
            (#line, nil, #"{"steps": [{"at": 0, "tap": [100, 200]}]}"#, ["dimmingTap", "dismissed"]),
            // Item 4: a tap while the sheet settles down to the undimmed peek reaches the map.
            (#line, nil, #"{"steps": [{"at": 0, "select": "peek"}, {"at": 50, "tap": [100, 200]}]}"#, ["backgroundTap", "detent"]),
        ]
        for row in table {
            let types = simulate(row.script, config: row.config, line: row.line).map(\.type).filter { $0 != "frame" }
            XCTAssertEqual(types, row.expected, line: row.line)
        }
    }

    /// Item 4: the printed dim is 0 exactly when the sheet is at or below the undimmed peek.
    func testPrintedDimIsZeroOnlyWhenUndimmed() {
        let records = simulate(#"{"steps": [{"at": 0, "select": "peek"}, {"at": 1000, "select": "medium"}]}"#)
        for r in records where r.type == "frame" {
            let dim = r.number("dim")!, height = r.number("height")!
            XCTAssertEqual(dim == 0, height <= 120 + 1e-9, r.raw)
        }
    }

    /// Item 1: a flick that speeds up linearly to 2000 pt/s is released at about 2000 pt/s.
    func testReleaseVelocityOfAnAcceleratingFlick() {
        var steps = [#"{"at": 0, "down": [200, 500]}"#]
        for k in 1..<9 {
            let t = Double(k) * 1000 / 60
            steps.append(#"{"at": \#(t), "move": [200, \#(500 + 2000 * t * t / 300 / 1000)]}"#)
        }
        steps.append(#"{"at": 150, "up": [200, 650]}"#)
        let release = simulate(#"{"steps": [\#(steps.joined(separator: ", "))]}"#).first { $0.type == "release" }
        XCTAssertEqual(release?.number("velocity") ?? 0, 2000, accuracy: 200)
    }
}
