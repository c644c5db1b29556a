import Foundation
import Platform
import XCTest

/// `sheetlab plot` end to end: a PNG of the right size from a script, clear errors for bad arguments.
final class PlotTests: CLITestCase {
    let script = #"{"steps": [{"at": 0, "drag": {"from": [196, 500], "to": [196, 200], "duration": 120}}]}"#

    func testAPlotOfAFlick() throws {
        try script.write(to: dir.appendingPathComponent("flick.json"), atomically: true, encoding: .utf8)
        let r = runSheetlab(["plot", "--script", "flick.json", "--out", "plot.png"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("plot.png: 1000×800 px, "), r.stdout)
        let image = try ImageFiles.read(dir.appendingPathComponent("plot.png").path)
        XCTAssertEqual([image.width, image.height], [1000, 800])
        // The release's red marker and the height curve's blue are both drawn.
        var red = 0, blue = 0
        for y in stride(from: 0, to: image.height, by: 1) {
            for x in stride(from: 0, to: image.width, by: 1) {
                let p = image[x, y]
                if p.r > 220 && p.g < 110 && p.b < 110 { red += 1 }
                if p.b > 220 && p.r < 60 && p.g > 90 && p.g < 150 { blue += 1 }
            }
        }
        XCTAssertGreaterThan(red, 100, "release marker")
        XCTAssertGreaterThan(blue, 500, "height curve")
    }

    func testBadArguments() throws {
        try script.write(to: dir.appendingPathComponent("flick.json"), atomically: true, encoding: .utf8)
        let rows: [(args: [String], message: String)] = [
            (["--out", "plot.png"], "--script"),
            (["--script", "flick.json"], "--out"),
            (["--script", "flick.json", "--out", "plot.gif"], "--out must name a .png file"),
            (["--script", "missing.json", "--out", "plot.png"], "missing.json: no such file"),
            (["--script", "flick.json", "--out", "plot.png", "--config", "nope.json"], "nope.json: no such file"),
        ]
        for row in rows {
            let r = runSheetlab(["plot"] + row.args, cwd: dir)
            XCTAssertEqual(r.status, 1, "\(row.args)")
            XCTAssertTrue(r.stderr.contains(row.message), "\(row.args): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("plot.png").path))
        }
    }
}
