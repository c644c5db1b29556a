import Foundation
import XCTest

/// Appearance keys through the built binary: bad values exit 1 with a positioned message, good ones render.
final class AppearanceCLITests: CLITestCase {
    func testBadAppearanceValuesAreRejectedWithTheirPlace() {
        let rows: [(line: UInt, json: String, keyPath: String, message: String)] = [
            (#line, #"{"appearance": ‸"drak"}"#, "appearance", "did you mean dark?"),
            (#line, #"{"sheet": {"fill": ‸"systemGrey5"}}"#, "sheet.fill", "did you mean systemGray5?"),
            (#line, #"{"sheet": {"material": ‸"thinn"}}"#, "sheet.material", "did you mean thin?"),
            (#line, #"{"background": {"color": ‸"mauve"}}"#, "background.color", "system colour name"),
        ]
        for row in rows {
            let (text, position) = stripCaret(row.json)
            write("bad.json", text)
            assertFailure(run("check", "bad.json"), file: "bad.json", position: position, keyPath: row.keyPath,
                          message: row.message, context: "check", line: row.line)
        }
    }

    func testADarkConfigWithNamesChecksAndRenders() {
        write("dark.json", #"{"appearance": "dark", "background": {"color": "systemGroupedBackground"}, "sheet": {"material": "thick", "fill": null, "grabber": {"color": "systemGray"}}}"#)
        let check = run("check", "dark.json")
        XCTAssertEqual(check.status, 0, check.stderr)
        let render = run("render", "--config", "dark.json", "--scale", "1", "--out", "dark.png")
        XCTAssertEqual(render.status, 0, render.stderr)
    }
}
