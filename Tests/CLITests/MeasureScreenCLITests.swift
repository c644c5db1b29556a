import Foundation
import Platform
import Raster
import XCTest

/// `sheetlab measure IMAGE --device D --screen X0,Y0,SCALE` end to end: a render set in a frame is measured as the
/// render, and compared with its config (`--against`, on the config's device), and each misuse of the option is one
/// clear error with exit 1.
final class MeasureScreenCLITests: CLITestCase {
    func testAFramedRenderMeasuresThroughTheScreenOptionAndMisuseFailsClearly() throws {
        write("sheet.json", #"{"sheet": {"content": []}}"#)
        XCTAssertEqual(runSheetlab(["render", "--config", "sheet.json", "--scale", "1", "--out", "sheet.png"], cwd: dir, timeout: 120).status, 0)
        let render = try ImageFiles.read(dir.appendingPathComponent("sheet.png").path)
        // The 1× render in a grey frame, 30 px in from the left and 40 from the top.
        var framed = Pixmap(width: render.width + 60, height: render.height + 70, fill: PremultipliedRGBA8(120, 120, 120, 255))
        for y in 0..<render.height { for x in 0..<render.width { framed.pixels[(y + 40) * framed.width + x + 30] = render.pixels[y * render.width + x] } }
        try ImageFiles.writePNG(framed, to: dir.appendingPathComponent("framed.png").path)

        let measured = runSheetlab(["measure", "framed.png", "--device", "iphone-15", "--screen", "30,40,1", "--out", "m.json"], cwd: dir, timeout: 300)
        XCTAssertEqual(measured.status, 0, measured.stderr)
        XCTAssertTrue(measured.stdout.contains("visible height  460"), measured.stdout)

        // Against a config: the screen read out on the config's device, and compared with the config's render.
        let same = runSheetlab(["measure", "framed.png", "--screen", "30,40,1", "--against", "sheet.json"], cwd: dir, timeout: 300)
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
        write("large.json", #"{"sheet": {"content": [], "initialDetent": "large"}}"#)
        let other = runSheetlab(["measure", "framed.png", "--screen", "30,40,1", "--against", "large.json"], cwd: dir, timeout: 300)
        XCTAssertEqual(other.status, 1, other.stdout + other.stderr)
        XCTAssertTrue((other.stdout + other.stderr).contains("visible height"), other.stdout + other.stderr)

        let table: [(line: UInt, args: [String], message: String)] = [
            (#line, ["measure", "framed.png"], "a framed or scaled picture needs --screen X0,Y0,SCALE"),
            (#line, ["measure", "framed.png", "--screen", "30,40,1"], "framed.png: --screen needs --device"),
            (#line, ["measure", "framed.png", "--device", "iphone-15", "--screen", "30,40"], "must be three numbers X0,Y0,SCALE"),
            (#line, ["measure", "framed.png", "--device", "iphone-15", "--screen", "90,40,1"], "framed.png: --screen: the screen (393×852 pt at x 90–483"),
            (#line, ["measure", "framed.png", "--device", "iphone-99", "--screen", "30,40,1"], "unknown device 'iphone-99'"),
            (#line, ["measure", "framed.png", "--references", "r.json"], "give no IMAGE with it"),
            (#line, ["measure"], "measure needs an IMAGE"),
            (#line, ["measure", "framed.png", "--screen", "90,40,1", "--against", "sheet.json"], "framed.png: --screen: the screen (393×852 pt at x 90–483"),
        ]
        for row in table {
            let r = runSheetlab(row.args, cwd: dir, timeout: 300)
            XCTAssertEqual(r.status, 1, r.stderr, line: row.line)
            XCTAssertTrue(r.stderr.contains(row.message), r.stderr, line: row.line)
        }
    }
}
