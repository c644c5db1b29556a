import Foundation
import Platform
import Raster
import XCTest

/// `sheetlab measure` end to end through the built binary: a render measured back to a config `check` accepts, and
/// each bad input's one clear error with exit 1.
final class MeasureCLITests: CLITestCase {
    func testARenderMeasuresToAValidConfigAndBadInputsFailClearly() throws {
        write("sheet.json", #"{"sheet": {"content": []}}"#)
        write("none.json", #"{"sheet": {"presented": false}}"#)
        XCTAssertEqual(runSheetlab(["render", "--config", "sheet.json", "--scale", "1", "--out", "sheet.png"], cwd: dir, timeout: 120).status, 0)
        XCTAssertEqual(runSheetlab(["render", "--config", "none.json", "--scale", "1", "--out", "none.png"], cwd: dir, timeout: 120).status, 0)
        let measured = runSheetlab(["measure", "sheet.png", "--out", "measured.json"], cwd: dir, timeout: 300)
        XCTAssertEqual(measured.status, 0, measured.stderr)
        XCTAssertTrue(measured.stdout.contains("visible height  460"), measured.stdout)
        XCTAssertEqual(runSheetlab(["check", "measured.json"], cwd: dir, timeout: 120).status, 0)
        write("text.png", "this is not a PNG")
        try ImageFiles.writePNG(Pixmap(width: 100, height: 100, fill: .white), to: dir.appendingPathComponent("odd.png").path)
        let table: [(line: UInt, args: [String], message: String)] = [
            (#line, ["measure", "none.png"], "no sheet found in none.png"),
            (#line, ["measure", "text.png"], "text.png: not an image"),
            (#line, ["measure", "odd.png"], "100×100 px, the size of no device"),
            (#line, ["measure", "sheet.png", "--device", "iphone-se"], "not iphone-se"),
        ]
        for row in table {
            let r = runSheetlab(row.args, cwd: dir, timeout: 300)
            XCTAssertEqual(r.status, 1, r.stderr, line: row.line)
            XCTAssertTrue(r.stderr.contains(row.message), r.stderr, line: row.line)
        }
    }
}
