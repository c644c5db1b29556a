import XCTest
@testable import SheetKit

/// The `settings` keys: Dynamic Type, Bold Text, Reduce Transparency, Increase Contrast, Reduce Motion and the
/// Liquid Glass choice.
final class SettingsConfigTests: XCTestCase {
    func testDefaultsAreThePhonesDefaults() {
        let s = config("{}").settings
        XCTAssertEqual(s, .standard)
        XCTAssertEqual(s.textSize, .large)
        XCTAssertFalse(s.boldText || s.reduceTransparency || s.increaseContrast || s.reduceMotion)
        XCTAssertEqual(s.liquidGlass, .clear)
        XCTAssertTrue(s.isStandard)
        XCTAssertEqual(s.labels, [])
    }

    func testEveryKeyReads() {
        let s = config(#"""
        {"settings": {"textSize": "AX3", "boldText": true, "reduceTransparency": true, "increaseContrast": true,
                      "reduceMotion": true, "liquidGlass": "tinted"}}
        """#).settings
        XCTAssertEqual(s, AccessibilitySettings(textSize: .ax3, boldText: true, reduceTransparency: true,
                                                increaseContrast: true, reduceMotion: true, liquidGlass: .tinted))
        XCTAssertEqual(s.labels, ["Text AX3", "Bold Text", "Reduce Transparency", "Increase Contrast", "Reduce Motion", "Tinted Glass"])
    }

    func testTheTwelveSizesInOrder() {
        XCTAssertEqual(TextSizeCategory.allCases.map(\.rawValue),
                       ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"])
        XCTAssertEqual(TextSizeCategory.large.index, 3)
        XCTAssertTrue(TextSizeCategory.ax1.isAccessibility)
        XCTAssertFalse(TextSizeCategory.xxxLarge.isAccessibility)
        XCTAssertLessThan(TextSizeCategory.xxxLarge, .ax1)
        for size in TextSizeCategory.allCases { XCTAssertEqual(config(#"{"settings": {"textSize": "\#(size.rawValue)"}}"#).settings.textSize, size) }
    }

    /// An unknown value names the file's place and lists every valid one.
    func testUnknownValuesListTheValidOnes() {
        let size = errors(#"{"settings": {"textSize": "AX6"}}"#)
        XCTAssertEqual(size.count, 1)
        XCTAssertEqual(size.first?.path?.description, "settings.textSize")
        XCTAssertTrue(size.first?.message.contains("\"AX6\" is not valid") ?? false, "\(size)")
        XCTAssertTrue(size.first?.message.contains("valid: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5") ?? false, "\(size)")
        let glass = errors(#"{"settings": {"liquidGlass": "frosted"}}"#)
        XCTAssertTrue(glass.first?.message.contains("valid: clear, tinted") ?? false, "\(glass)")
        XCTAssertEqual(errors(#"{"settings": {"boldText": "yes"}}"#).first?.path?.description, "settings.boldText")
        XCTAssertTrue(errors(#"{"settings": {"reduceMotoin": true}}"#).first?.message.contains("unknown key") ?? false)
        XCTAssertFalse(errors(#"{"settings": 3}"#).isEmpty)
    }
}
