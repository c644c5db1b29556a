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

    /// The tie warning measures a `fit` detent as everything else does, with Inter (issue 34): it used the estimated
    /// metrics, so it warned of ties that were not there (fit and h "both resolve to 226 pt", then `fit 198 pt, h 226 pt`)
    /// and missed real ones. A detent at exactly the fit height `check` prints is warned of; 10 pt off, it is not.
    func testATieWithAFitDetentIsMeasuredAsCheckPrintsIt() {
        let texts = ["The quick brown fox jumps over the lazy dog again and again until the line wraps twice or more",
                     "WWWWWWWWWW WWWWWWWWWW WWWWWWWWWW WWWWWWWWWW",
                     "iiiiiiiiii iiiiiiiiii iiiiiiiiii iiiiiiiiii iiiiiiiiii iiiiiiiiii iiiiiiiiii iiiiiiiiii"]
        for text in texts {
            let content = #""content": [{"type": "title", "text": "\#(text)"}, {"type": "text", "text": "\#(text)"}]"#
            write("fit.json", #"{"sheet": {"detents": ["fit", "large"], \#(content)}}"#)
            let plain = runSheetlab(["check", "fit.json"], cwd: dir, environment: environmentWithoutCI)
            guard let range = plain.stdout.range(of: #"fit [0-9.]+ pt"#, options: .regularExpression),
                  let fit = Double(plain.stdout[range].dropFirst(4).dropLast(3)) else { XCTFail(plain.stdout); continue }
            for (offset, warned) in [(0.0, true), (10, false), (-10, false)] {
                write("tie.json", #"{"sheet": {"detents": ["fit", {"id": "h", "height": \#(fit + offset)}, "large"], \#(content)}}"#)
                let result = runSheetlab(["check", "tie.json"], cwd: dir, environment: environmentWithoutCI)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertEqual(warnings(result).contains { $0.contains(#"detents "fit" and "h" both resolve to"#) }, warned,
                               "\(text.prefix(12))…, h = fit \(fit) + \(offset): \(result.stdout) \(result.stderr)")
                let h = fit + offset
                XCTAssertTrue(result.stdout.contains("h \(h == h.rounded() ? String(Int(h)) : String(h)) pt"), result.stdout)
            }
        }
    }
}
