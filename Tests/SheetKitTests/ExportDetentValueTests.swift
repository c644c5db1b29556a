import XCTest
@testable import SheetKit

/// The value a system sheet takes for a custom detent: within the safe area for an edge-attached (classic) sheet,
/// the floating frame's own height for a glass sheet that floats, as iOS 26.2 draws `.height(100)`: 100.67 pt tall,
/// its bottom edge 8 pt above the screen's (docs/ios-reference.md, R-A).
final class ExportDetentValueTests: XCTestCase {
    func code(_ json: String, _ target: ExportTarget) -> String {
        Exporter.export(SheetSetup(config: config(json)), to: target, configName: "test.json").code
    }

    func testAGlassHeightIsTheFloatingFramesHeight() {
        // iPhone 15 (B = 34): peek is 120 pt visible; floating, its frame is 112 pt.
        let glass = #"{"sheet": {"detents": [{"id": "peek", "height": 120}, "large"]}}"#
        XCTAssertTrue(code(glass, .swiftui).contains("static let peek = Self.height(112)"), code(glass, .swiftui))
        XCTAssertTrue(code(glass, .uikit).contains("{ _ in 112 }"), code(glass, .uikit))
        XCTAssertTrue(code(glass, .swiftui).contains("less its 8 pt floating inset"), code(glass, .swiftui))
        // Edge-attached sheets keep Apple's "within the safe area": 120 − 34.
        let classic = #"{"sheet": {"style": "classic", "detents": [{"id": "peek", "height": 120}, "large"]}}"#
        XCTAssertTrue(code(classic, .swiftui).contains("static let peek = Self.height(86)"), code(classic, .swiftui))
        XCTAssertTrue(code(classic, .uikit).contains("{ _ in 86 }"), code(classic, .uikit))
        // A glass sheet on a square display does not float: edge-attached, within the safe area.
        let se = #"{"device": "iphone-se", "sheet": {"detents": [{"id": "peek", "height": 120}, "large"]}}"#
        let B = SheetSetup(config: config(se)).canvas.safeBottom
        XCTAssertTrue(code(se, .swiftui).contains("Self.height(\(Fmt.n(120 - B)))"), code(se, .swiftui))
    }

    /// The recording's own sheet: SheetLab's 108.67 pt visible detent on its canvas exports as `.height(100.67)`,
    /// the frame iOS drew for `.height(100)` (within its 1/3 pt pixels).
    func testTheRecordingsSheetExportsAsItsHeight() {
        let value = ExportModel(setup: SheetSetup(config: config(GlassInsetReferenceTests.json))).systemDetentValue(height: 108.67)
        XCTAssertEqual(value, 100.67, accuracy: 0.01)
    }
}
