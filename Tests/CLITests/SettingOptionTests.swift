import Foundation
import XCTest

/// `render --setting KEY=VALUE`: the same pixels as the config's own `settings`, over the config's values, and bad
/// settings are errors that name the option.
final class SettingOptionTests: CLITestCase {
    func render(_ config: String, _ extra: [String], _ out: String) -> RunResult {
        runSheetlab(["render", "--config", config, "--scale", "1", "--out", dir.appendingPathComponent(out).path] + extra, cwd: dir)
    }

    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) }

    func testASettingDrawsAsTheConfigsOwn() {
        let plain = write("plain.json", #"{"sheet": {"detents": ["fit"]}}"#)
        let ax3 = write("ax3.json", #"{"appearance": "dark", "settings": {"textSize": "AX3", "boldText": true}, "sheet": {"detents": ["fit"]}}"#)
        XCTAssertEqual(render(ax3, [], "config.png").status, 0)
        let r = render(plain, ["--setting", "textSize=AX3", "--setting=boldText=true", "--setting", "appearance=dark"], "option.png")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertNotNil(bytes("option.png"))
        XCTAssertEqual(bytes("option.png"), bytes("config.png"))
        // Over the config's own value: AX3 in the file, large on the command line, draws as the default does.
        XCTAssertEqual(render(plain, [], "large.png").status, 0)
        XCTAssertEqual(render(ax3, ["--setting", "textSize=large", "--setting", "boldText=false", "--setting", "appearance=light"],
                              "back.png").status, 0)
        XCTAssertEqual(bytes("back.png"), bytes("large.png"))
        XCTAssertNotEqual(bytes("large.png"), bytes("config.png"))
    }

    func testBadSettingsAreErrors() {
        let plain = write("plain.json", "{}")
        let rows: [(line: UInt, arg: String, message: String)] = [
            (#line, "textSize=AX9", #"sheetlab: --setting: textSize: "AX9" is not valid; did you mean AX1?"#),
            (#line, "textsize=AX3", "sheetlab: --setting: unknown key 'textsize'; did you mean textSize?"),
            (#line, "boldText=yes", #"sheetlab: --setting: boldText: "yes" is not valid (valid: true, false)"#),
            (#line, "AX3", "sheetlab: --setting: expected KEY=VALUE, such as textSize=AX3, found 'AX3'"),
        ]
        for row in rows {
            let r = render(plain, ["--setting", row.arg], "x.png")
            XCTAssertEqual(r.status, 1, line: row.line)
            XCTAssertTrue(r.stderr.hasPrefix(row.message), r.stderr, line: row.line)
            XCTAssertNil(bytes("x.png"), line: row.line)
        }
    }
}
