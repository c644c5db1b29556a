import Foundation
import XCTest

/// `sheetlab map` end to end: a PNG of the documented size, and clean failures.
final class MapCommandTests: CLITestCase {
    func pngSize(_ url: URL) -> [Int]? {
        guard let data = try? Data(contentsOf: url), data.count > 24,
              data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func be(_ o: Int) -> Int { data[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [be(16), be(20)]
    }

    func testMapWritesAPNGAndFailsCleanly() {
        // One plot: 132 + 280 + 170 wide; five: 132 + 5·280 + 4·28 + 170; 78 + 420 + 64 high.
        let one = run("map", "--feel", "vaul", "--out", "one.png")
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(pngSize(dir.appendingPathComponent("one.png")), [582, 562])
        let five = run("map", "--compare", "--out", "five.png")
        XCTAssertEqual(five.status, 0, five.stderr)
        XCTAssertEqual(pngSize(dir.appendingPathComponent("five.png")), [1814, 562])
        let help = run("map", "--help")
        for option in ["--config", "--feel", "--compare", "--out"] { XCTAssertTrue(help.stdout.contains(option), option) }

        let rows: [(line: UInt, args: [String], message: String)] = [
            (#line, ["map", "--feel", "gorhm", "--out", "x.png"], "--feel: must be one of uikit, floatingpanel, gorhom, vaul, material"),
            (#line, ["map"], "--out P.png is required"),
            (#line, ["map", "--out", "x.jpg"], ".png"),
        ]
        for row in rows {
            let r = runSheetlab(row.args, cwd: dir)
            XCTAssertEqual(r.status, 1, line: row.line)
            XCTAssertTrue(r.stderr.contains(row.message), r.stderr, line: row.line)
            XCTAssertFalse(r.signaled, line: row.line)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
    }
}
