import SheetKit
import XCTest

final class StatisticsTests: XCTestCase {
    func testPercentileByNearestRank() {
        let rows: [(line: UInt, values: [Double], p: Double, expected: Double)] = [
            (#line, [3, 1, 2], 0.5, 2),
            (#line, [3, 1, 2], 0, 1),
            (#line, [3, 1, 2], 1, 3),
            (#line, [4, 1, 3, 2], 0.5, 3),       // (4 − 1) × 0.5 = 1.5 rounds to rank 2
            (#line, Array(1...100).map(Double.init), 0.99, 99),
            (#line, Array(1...100).map(Double.init), 0.5, 51),
            (#line, [7], 0.99, 7),
            (#line, [5, 9], 2, 9),               // p is clamped to 0…1
            (#line, [5, 9], -1, 5),
        ]
        for row in rows {
            XCTAssertEqual(percentile(row.values, row.p), row.expected, line: row.line)
        }
        XCTAssertTrue(percentile([], 0.5).isNaN)
    }

    func testMillisecondsOfADuration() {
        let rows: [(line: UInt, duration: Duration, expected: Double)] = [
            (#line, .seconds(2), 2000),
            (#line, .milliseconds(16), 16),
            (#line, .microseconds(1500), 1.5),
            (#line, .nanoseconds(250), 0.00025),
            (#line, .zero, 0),
        ]
        for row in rows {
            XCTAssertEqual(row.duration.milliseconds, row.expected, accuracy: 1e-12, line: row.line)
        }
    }
}
