import Foundation
import Platform
import Raster
import XCTest

/// A scenario's `settings` matrix: one snapshot per combination, named after it, each drawn under its settings;
/// bad matrices are errors with the file, the place and the key.
final class SettingsMatrixTests: GoldenTestCase {
    let matrix = """
    {"config": {"canvas": {"width": 200, "height": 400, "scale": 1, "safeArea": {"top": 20, "bottom": 0}},
                "background": {"scene": "gradient"},
                "sheet": {"detents": ["fit"], "content": [{"type": "title", "text": "Hi"},
                                                          {"type": "text", "text": "Some words that wrap at large sizes"}]}},
     "settings": {"appearance": ["light", "dark"], "textSize": ["large", "AX3"]},
     "snapshots": [{"at": 0, "name": "initial"}]}
    """

    func testAMatrixExpandsIntoOneNamedSnapshotPerCombination() throws {
        try put(matrix, "suite/m.scenario.json")
        let r = recording(["suite", "--update"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        // Names follow the keys' fixed order (text size before appearance), values in the order listed.
        let names = ["initial@large-light", "initial@large-dark", "initial@AX3-light", "initial@AX3-dark"]
        for name in names { XCTAssertTrue(exists("suite/__goldens__/m/\(name).png"), r.stdout) }
        XCTAssertEqual(r.stdoutLines.filter { $0.hasPrefix("WROTE ") }.count, 4, r.stdout)
        XCTAssertTrue(r.stdout.contains("m/initial@AX3-dark"), r.stdout)

        // Each combination is drawn under its settings.
        func image(_ name: String) throws -> Pixmap { try ImageFiles.read(dir.appendingPathComponent("suite/__goldens__/m/\(name).png").path) }
        let large = try image("initial@large-light"), ax3 = try image("initial@AX3-light")
        XCTAssertNotEqual(large.pixels, ax3.pixels)
        let darkLarge = try image("initial@large-dark")
        XCTAssertNotEqual(large.pixels, darkLarge.pixels)

        // A second run passes against them, and an unchanged scenario finds no unused golden.
        let again = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertEqual(again.stdoutLines.last, "4 passed, 0 failed")
        XCTAssertFalse(again.stdout.contains("unused golden"), again.stdout)
        // --grep sees the combination in the name.
        let grep = runSheetlab(["test", "suite", "--grep", "@AX3-"], cwd: dir)
        XCTAssertEqual(grep.stdoutLines.last, "2 passed, 0 failed", grep.stdout)
    }

    /// The combination applies over the config's own settings: a config at AX3 under `"textSize": ["large"]` draws
    /// at large, and booleans that are off are left out of the name.
    func testCombinationsOverrideTheConfigAndNameBooleans() throws {
        let s = matrix.replacingOccurrences(of: #""settings": {"appearance": ["light", "dark"], "textSize": ["large", "AX3"]}"#,
                                            with: #""settings": {"boldText": [false, true]}"#)
        try put(s, "suite/b.scenario.json")
        let r = recording(["suite", "--update"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(exists("suite/__goldens__/b/initial@standard.png"), r.stdout)
        XCTAssertTrue(exists("suite/__goldens__/b/initial@boldText.png"), r.stdout)
        XCTAssertNotEqual(bytes("suite/__goldens__/b/initial@standard.png"), bytes("suite/__goldens__/b/initial@boldText.png"))
    }

    /// A list of matrices is the union of their combinations, in order, a combination two of them give only once.
    func testAListOfMatricesIsTheirUnion() throws {
        let s = matrix.replacingOccurrences(of: #""settings": {"appearance": ["light", "dark"], "textSize": ["large", "AX3"]}"#,
                                            with: #""settings": [{"textSize": ["large", "AX3"]}, {"reduceTransparency": [true], "appearance": ["light", "dark"]}, {"textSize": ["AX3"]}]"#)
        try put(s, "suite/u.scenario.json")
        let r = recording(["suite", "--update"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let names = ["initial@large", "initial@AX3", "initial@reduceTransparency-light", "initial@reduceTransparency-dark"]
        for name in names { XCTAssertTrue(exists("suite/__goldens__/u/\(name).png"), r.stdout) }
        XCTAssertEqual(r.stdoutLines.filter { $0.hasPrefix("WROTE ") }.count, 4, "AX3 twice is one snapshot: \(r.stdout)")
        XCTAssertNotEqual(bytes("suite/__goldens__/u/initial@reduceTransparency-light.png"),
                          bytes("suite/__goldens__/u/initial@reduceTransparency-dark.png"))
        for (line, text, message) in [(#line, #"[]"#, "settings: lists no matrices"),
                                      (#line, #"[{"textSize": ["AX9"]}]"#, #"settings[0].textSize[0]: "AX9" is not valid"#),
                                      (#line, #"[{"textSize": ["large"]}, 3]"#, "settings[1]:")] {
            let bad = matrix.replacingOccurrences(of: #"{"appearance": ["light", "dark"], "textSize": ["large", "AX3"]}"#, with: text)
            try put(bad, "bad/u.scenario.json")
            let b = runSheetlab(["test", "bad/u.scenario.json"], cwd: dir)
            XCTAssertEqual(b.status, 1, b.stdout + b.stderr, line: UInt(line))
            XCTAssertTrue((b.stdout + b.stderr).contains(message), b.stdout + b.stderr, line: UInt(line))
            XCTAssertFalse((b.stdout + b.stderr).contains("Fatal error"), line: UInt(line))
        }
    }

    func testBadMatricesAreErrorsWithTheirPlace() throws {
        let rows: [(line: UInt, settings: String, message: String)] = [
            (#line, #"{"textSise": ["AX3"]}"#, "settings.textSise: unknown key; did you mean textSize?"),
            (#line, #"{"textSize": ["large", "AX9"]}"#, #"settings.textSize[1]: "AX9" is not valid"#),
            (#line, #"{"textSize": []}"#, "settings.textSize: lists no values"),
            (#line, #"{"textSize": "AX3"}"#, "settings.textSize: takes a list of values"),
            (#line, #"{"boldText": [true, "yes"], "appearance": []}"#, "settings.boldText[1]: expected true or false"),
            (#line, #"{"boldText": [true, "yes"], "appearance": []}"#, "settings.appearance: lists no values"),
            (#line, #"{"appearance": ["dark", "dark"]}"#, #"settings.appearance: lists "dark" twice"#),
            (#line, #"{}"#, "settings: lists values for at least one of"),
            (#line, #"{"textSize": ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"], "appearance": ["light", "dark"], "boldText": [false, true], "reduceMotion": [false, true]}"#,
             "settings: 12 textSize × 2 boldText × 2 reduceMotion × 2 appearance is 96 combinations; a scenario may have at most 48"),
        ]
        for row in rows {
            let text = matrix.replacingOccurrences(of: #"{"appearance": ["light", "dark"], "textSize": ["large", "AX3"]}"#, with: row.settings)
            try put(text, "bad/x.scenario.json")
            let r = runSheetlab(["test", "bad/x.scenario.json"], cwd: dir)
            XCTAssertEqual(r.status, 1, r.stdout + r.stderr, line: row.line)
            let all = r.stdout + r.stderr
            XCTAssertTrue(all.contains("x.scenario.json:5:"), all, line: row.line)
            XCTAssertTrue(all.contains(row.message), all, line: row.line)
            XCTAssertFalse(all.contains("Fatal error"), all, line: row.line)
        }
    }
}
