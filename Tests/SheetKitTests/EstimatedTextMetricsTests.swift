import XCTest
@testable import SheetKit

/// The layout's estimate breaks lines by the same rule as the real text: no estimated line is wider than
/// the width it was given, even for a word longer than a line.
final class EstimatedTextMetricsTests: XCTestCase {
    func testEstimatedLinesFitTheirWidth() {
        let m = EstimatedTextMetrics()
        let rows: [(line: UInt, text: String, style: TextStyle, maxWidth: Double, count: Int)] = [
            (#line, "Hello world", .body, 300, 1),
            (#line, "The quick brown fox jumps over the lazy dog", .body, 120, 4),
            (#line, "Pneumonoultramicroscopicsilicovolcanoconiosis", .title, 200, 3),
            (#line, "see https://example.com/a/very/long/path/that/never/breaks ok", .rowDetail, 150, 4),  // 4 since iOS tracking (−0.23 pt at 15 pt)
            (#line, "one\n\ntwo", .body, 100, 3),
        ]
        for row in rows {
            let lines = m.lines(of: row.text, style: row.style, maxWidth: row.maxWidth)
            XCTAssertEqual(lines.count, row.count, "\(lines)", line: row.line)
            for l in lines {
                XCTAssertLessThanOrEqual(m.width(of: l, style: row.style), row.maxWidth, "\(l)", line: row.line)
            }
            XCTAssertEqual(lines.joined().filter { $0 != " " && $0 != "\n" }, row.text.filter { $0 != " " && $0 != "\n" },
                           "no character lost", line: row.line)
        }
    }
}
