import XCTest
@testable import SheetRender

/// The rules every stage cache follows: what it holds, when it starts over, and what it keeps.
final class StageCacheTests: XCTestCase {
    func testKeepsOnlyAKeyAskedForTwoFramesRunning() {
        var cache = StageCache<Int, [Int]>([])
        let rows: [(line: UInt, asked: Int, kept: Bool)] = [
            (#line, 1, false), (#line, 1, true), (#line, 1, true),
            (#line, 2, false), (#line, 1, false), (#line, 1, true),
        ]
        for row in rows { XCTAssertEqual(cache.askedTwiceRunning(row.asked), row.kept, line: row.line) }
    }

    func testANewKeyEmptiesTheRowsAndCountsAGeneration() {
        var cache = StageCache<String, [Int]>([])
        XCTAssertNil(cache.key)
        XCTAssertFalse(cache.holds("a"))
        XCTAssertEqual(cache.generation, 0)
        cache.restart(for: "a")
        cache.hold(0..<40)
        XCTAssertTrue(cache.holds("a"))
        XCTAssertEqual(cache.rows, 0..<40)
        XCTAssertEqual(cache.generation, 1)
        // A cache that fills from the bottom up starts empty at the bottom.
        cache.restart(for: "b", at: 100)
        XCTAssertFalse(cache.holds("a"))
        XCTAssertEqual(cache.rows, 100..<100)
        XCTAssertEqual(cache.generation, 2)
        cache.hold(60..<100)
        XCTAssertEqual(cache.rows, 60..<100)
        XCTAssertEqual(cache.generation, 2, "more rows for the same key are the same generation")
    }
}
