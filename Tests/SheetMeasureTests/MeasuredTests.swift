import XCTest
@testable import SheetMeasure

final class MeasuredTests: XCTestCase {
    func testConfidenceIsClampedAndANaNIsNoConfidence() {
        XCTAssertEqual(Measured(1.0, residual: 0.1, confidence: 1.7).confidence, 1)
        XCTAssertEqual(Measured(1.0, residual: 0.1, confidence: .nan).confidence, 0)
        XCTAssertFalse(Measured(1.0, residual: 0.1, confidence: .nan).isFirm)
        XCTAssertEqual(Measured(1.0, residual: .nan, confidence: 1).residual, .infinity)
        XCTAssertEqual(Measured(1.0, residual: -2, confidence: 1).residual, 0)
    }
}
