import XCTest
@testable import SheetKit

final class DetentResolutionTests: XCTestCase {
    func testHeightsTable() {
        let resolver = DetentResolver(canvas: phone, naturalHeight: 300)
        let m = 783.0, b = 34.0
        let rows: [(line: UInt, spec: DetentSpec, expected: Double)] = [
            (#line, .large, m),
            (#line, .medium, 852 / 2 + b),
            (#line, .height(id: "peek", points: 120), 120),
            (#line, .height(id: "tall", points: 5000), m),
            (#line, .fraction(id: "half", value: 0.5), 0.5 * (m - b) + b),
            (#line, .fraction(id: "all", value: 1), m),
            (#line, .fraction(id: "tenth", value: 0.1), 74.9 + b),
            (#line, .fit(id: "fit"), 300),
        ]
        for row in rows {
            XCTAssertEqual(resolver.height(of: row.spec), row.expected, accuracy: 1e-9, line: row.line)
        }
    }

    /// UIKit's `.medium()` on iOS 16, 390 × 844 pt (T 47, B 34): 455.68 pt visible, measured on a 3× screenshot
    /// (docs/ios-reference.md, C-M). 0.5·M, the rule before, gave 393.5.
    func testMediumIsHalfTheScreenPlusTheBottomSafeArea() {
        let iPhone14 = Canvas(width: 390, height: 844, scale: 3, safeTop: 47, safeBottom: 34)
        XCTAssertEqual(DetentResolver(canvas: iPhone14, naturalHeight: 0).height(of: .medium), 456, accuracy: 1e-9)
        XCTAssertEqual(844 - DetentResolver(canvas: iPhone14, naturalHeight: 0).height(of: .medium), 388.32, accuracy: 0.4)
        // Capped at M where half the screen plus B would reach past the large top (a canvas with little room).
        let short = Canvas(width: 300, height: 100, safeTop: 40, safeBottom: 34)
        XCTAssertEqual(DetentResolver(canvas: short, naturalHeight: 0).height(of: .medium), short.maxSheetHeight)
    }

    /// iOS 26 on an iPhone 17 Pro (402 × 874, T 62, B 34): SwiftUI's `.large` top measures 62.0 = T + 0 (Pokerist's
    /// "Sheet Full", P-F), its `.fraction(0.65)` top 337.1 pt (P-H), which f·(M_f − B) + B with M_f = H − T − 3.8 gives;
    /// UIKit's `.large()` over another sheet, 65.83 = T + 3.8 (TrueSheet, G-L). Before (g = 3.8 for both): 65.8.
    func testGlassLargeAndFractionsOnAnIPhone17Pro() throws {
        let c = config("""
        {"canvas": {"width": 402, "height": 874, "safeArea": {"top": 62, "bottom": 34}},
         "sheet": {"style": "glass", "detents": [{"id": "f", "fraction": 0.65}, "large"]}}
        """)
        let setup = SheetSetup(config: c)
        XCTAssertEqual(setup.canvas.maxSheetHeight, 874 - 62, accuracy: 1e-9)
        XCTAssertEqual(874 - setup.largest.height, 62.0, accuracy: 1e-9, "P-F: .large at T + 0")
        XCTAssertEqual(874 - setup.detents[0].height, 337.1, accuracy: 0.35, "P-H: .fraction(0.65)")
        // The same sheet presented over another: its large top is G-L's T + 3.8; its fraction is unchanged.
        var stacked = config(#"{"canvas": {"width": 402, "height": 874, "safeArea": {"top": 62, "bottom": 34}}}"#)
        stacked.sheets = [StackedSheetConfig(id: "over", sheet: c.sheet)]
        let over = try XCTUnwrap(SheetSetup(config: stacked).stackSetups["over"])
        XCTAssertEqual(874 - over.largest.height, 65.8, accuracy: 1e-9, "G-L: .large() over a sheet at T + 3.8")
        XCTAssertEqual(874 - over.detents[0].height, 337.1, accuracy: 0.35)
        // The classic sheet keeps UIKit's T + 10 of iOS 15–18.
        let classic = SheetSetup(config: config("""
        {"canvas": {"width": 402, "height": 874, "safeArea": {"top": 62, "bottom": 34}},
         "sheet": {"style": "classic", "detents": ["medium", "large"]}}
        """))
        XCTAssertEqual(874 - classic.largest.height, 72, accuracy: 1e-9)
        XCTAssertEqual(classic.detents[0].height, 437 + 34, accuracy: 1e-9)
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
