import XCTest
@testable import SheetKit

/// Default detents on the iPhone 15: peek 120 (top 732), medium 391.5 (top 460.5), large 783 (top 69).
final class ReleaseRulesTests: XCTestCase {
    let detents = [ResolvedDetent(id: "peek", height: 120), ResolvedDetent(id: "medium", height: 391.5), ResolvedDetent(id: "large", height: 783)]

    func testProjection() {
        let rows: [(line: UInt, top: Double, v: Double, r: Double, expected: Double)] = [
            (#line, 400, 0, 0.998, 400),
            (#line, 400, 1000, 0.998, 400 + 0.998 / 0.002),
            (#line, 400, -1000, 0.998, 400 - 499),
            (#line, 400, 1000, 0.99, 400 + 99),
            (#line, 400, 5000, 0, 400),
        ]
        for row in rows {
            XCTAssertEqual(ReleaseRules.projectedTop(top: row.top, velocity: row.v, decelerationRate: row.r), row.expected,
                           accuracy: 1e-9, line: row.line)
        }
    }

    func testTargetTable() {
        let rows: [(line: UInt, top: Double, v: Double, dismissible: Bool, expected: String)] = [
            // Slow releases go to the nearest detent.
            (#line, 460.5, 0, true, "medium"),
            (#line, 300, 0, true, "medium"),
            (#line, 250, 0, true, "large"),
            (#line, 590, 0, true, "medium"),
            (#line, 600, 0, true, "peek"),
            (#line, 700, 0, true, "peek"),
            // Below the midpoint between peek's top (732) and H (852), i.e. 792, a dismissible sheet goes.
            (#line, 791, 0, true, "peek"),
            (#line, 793, 0, true, "dismiss"),
            (#line, 840, 0, false, "peek"),
            // Projection: 200 pt/s carries ~100 pt.
            (#line, 380, 200, true, "medium"),
            (#line, 560, 200, true, "peek"),
            (#line, 300, -200, true, "large"),
            // Flicks never settle against their direction.
            (#line, 470, -600, true, "large"),
            (#line, 460.5, 600, true, "peek"),
            (#line, 450, 600, true, "peek"),
            (#line, 730, 600, true, "dismiss"),
            (#line, 730, 600, false, "peek"),
            (#line, 740, -600, true, "medium"),
            (#line, 69, -3000, true, "large"),
            // A strong flick still goes to the nearest detent in its direction of projection.
            (#line, 69, 2000, true, "dismiss"),
            (#line, 69, 700, true, "medium"),
            (#line, 69, 2000, false, "peek"),
        ]
        for row in rows {
            let target = ReleaseRules.target(top: row.top, velocity: row.v, detents: detents, canvasHeight: 852,
                                             dismissible: row.dismissible, decelerationRate: 0.998)
            XCTAssertEqual(target.detentID ?? "dismiss", row.expected, "top \(row.top), v \(row.v)", line: row.line)
        }
    }

    func testFlickWithoutProjectionStillMovesOn() {
        // With projection off, a flick up from just above medium would go back to medium; the flick rule forbids it.
        let target = ReleaseRules.target(top: 450, velocity: -900, detents: detents, canvasHeight: 852, dismissible: true, decelerationRate: 0)
        XCTAssertEqual(target.detentID, "large")
    }
}
