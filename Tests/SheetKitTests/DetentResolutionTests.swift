import XCTest
@testable import SheetKit

final class DetentResolutionTests: XCTestCase {
    func testHeightsTable() {
        let resolver = DetentResolver(canvas: phone, naturalHeight: 300)
        let m = 783.0
        let rows: [(line: UInt, spec: DetentSpec, expected: Double)] = [
            (#line, .large, m),
            (#line, .medium, 0.5 * m),
            (#line, .height(id: "peek", points: 120), 120),
            (#line, .height(id: "tall", points: 5000), m),
            (#line, .fraction(id: "half", value: 0.5), 0.5 * m),
            (#line, .fraction(id: "all", value: 1), m),
            (#line, .fraction(id: "tenth", value: 0.1), 78.3),
            (#line, .fit(id: "fit"), 300),
        ]
        for row in rows {
            XCTAssertEqual(resolver.height(of: row.spec), row.expected, accuracy: 1e-9, line: row.line)
        }
    }

    func testFitIsCappedAtLarge() {
        let resolver = DetentResolver(canvas: phone, naturalHeight: 2000)
        XCTAssertEqual(resolver.height(of: .fit(id: "fit")), 783)
    }

    func testMaximumHeightFollowsTheCanvas() {
        let rows: [(line: UInt, device: String, m: Double)] = [
            (#line, "iphone-se", 667 - 20 - 10),
            (#line, "iphone-15", 852 - 59 - 10),
            (#line, "iphone-15-pro-max", 932 - 59 - 10),
            (#line, "ipad-mini", 1133 - 24 - 10),
        ]
        for row in rows {
            XCTAssertEqual(Canvas(DevicePreset.named(row.device)!).maxSheetHeight, row.m, line: row.line)
        }
    }

    func testDetentsAreOrderedByHeightWithTiesInConfigOrder() {
        let resolver = DetentResolver(canvas: phone, naturalHeight: 100)
        let resolved = resolver.resolve([.large, .height(id: "a", points: 200), .fraction(id: "b", value: 0.1), .height(id: "c", points: 200)])
        XCTAssertEqual(resolved.map(\.id), ["b", "a", "c", "large"])
    }

    func testFitMeasuresBandContentPaddingAndSafeArea() {
        // Spacers are exact: band 20 + 100 + 12 + 50 + bottom padding 16 + B 34.
        let c = config("""
        {"sheet": {"detents": ["fit"], "content": [{"type": "spacer", "height": 100}, {"type": "spacer", "height": 50}]}}
        """)
        let setup = SheetSetup(config: c)
        XCTAssertEqual(setup.detents, [ResolvedDetent(id: "fit", height: 20 + 100 + 12 + 50 + 16 + 34)])
    }

    func testFitGrowsWithTextAndButtons() {
        let short = SheetSetup(config: config(#"{"sheet": {"detents": ["fit"], "content": [{"type": "text", "text": "One line"}]}}"#))
        let long = SheetSetup(config: config("""
        {"sheet": {"detents": ["fit"], "content": [{"type": "text", "text": "\(String(repeating: "many words here ", count: 20))"},
         {"type": "button", "title": "OK"}]}}
        """))
        XCTAssertEqual(short.detents[0].height, 20 + 22 + 16 + 34)
        XCTAssertGreaterThan(long.detents[0].height, short.detents[0].height + 50 + 12 + 22)
    }

    func testInitialDetentDefaultsToMediumThenSmallest() {
        XCTAssertEqual(SheetSetup(config: SheetLabConfig()).initialDetent.id, "medium")
        let c = config(#"{"sheet": {"detents": ["large", {"id": "low", "height": 90}]}}"#)
        XCTAssertEqual(SheetSetup(config: c).initialDetent.id, "low")
    }
}
