import XCTest
@testable import SheetKit

/// Screenshots and recordings made within the same second get names of their own.
final class CaptureNameTests: XCTestCase {
    func testFreshNameTable() {
        let rows: [(line: UInt, existing: Set<String>, expected: String)] = [
            (#line, [], "shot.png"),
            (#line, ["other.png"], "shot.png"),
            (#line, ["shot.png"], "shot-2.png"),
            (#line, ["shot.png", "shot-2.png"], "shot-3.png"),
            (#line, ["shot.png", "shot-2.png", "shot-3.png"], "shot-4.png"),
            (#line, ["shot-2.png"], "shot.png"),
        ]
        for row in rows {
            XCTAssertEqual(CaptureName.fresh(stem: "shot", suffix: ".png", taken: row.existing.contains), row.expected, line: row.line)
        }
    }

    /// Three captures in a row, each named while the earlier ones exist: three names.
    func testCapturesInARowNeverCollide() {
        var existing: Set<String> = []
        for _ in 0..<3 {
            existing.insert(CaptureName.fresh(stem: "recording-20261130T210000", suffix: ".scenario.json", taken: existing.contains))
        }
        XCTAssertEqual(existing.count, 3)
    }
}
