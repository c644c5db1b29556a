import Foundation
import XCTest
@testable import SheetKit

/// The iOS settings in the exports, as tables: what each target writes for a setting, and which setting each target
/// reports as lost (only when the config turns it on; the code follows the user's settings either way).
final class ExportSettingsTests: XCTestCase {
    func export(_ target: ExportTarget, settings: String, sheet: String = #""detents": ["medium", "large"]"#,
                line: UInt = #line) -> ExportResult {
        let json = "{\"settings\": {\(settings)}, \"sheet\": {\(sheet)}}"
        return Exporter.export(SheetSetup(config: config(json, line: line)), to: target, configName: "test.json")
    }

    /// The `#Preview` names of a SwiftUI file, in order.
    func previews(_ code: String) -> [String] {
        code.split(separator: "\n").filter { $0.hasPrefix("#Preview(\"") }.map { line in
            String(line.dropFirst("#Preview(\"".count).prefix { $0 != "\"" })
        }
    }

    /// The lines of the preview named `name`, up to its closing brace.
    func preview(_ name: String, in code: String) -> [String] {
        let lines = code.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: "#Preview(\"\(name)\") {") else { return [] }
        return Array(lines[start...].prefix { $0 != "}" })
    }

    func testSwiftUIPreviewsPutTheConfigsSettingsFirstThenDefaultThenTheLargestSize() {
        let rows: [(UInt, String, [String])] = [
            (#line, "", ["Default settings", "Largest accessibility size (AX5)"]),
            (#line, #""textSize": "AX3", "boldText": true"#, ["Text AX3, Bold Text", "Default settings", "Largest accessibility size (AX5)"]),
            (#line, #""boldText": true"#, ["Bold Text", "Default settings", "Largest accessibility size (AX5)"]),
            // The config's own preview is the largest size already.
            (#line, #""textSize": "AX5""#, ["Text AX5", "Default settings"]),
            // A preview cannot set these: no preview of their own.
            (#line, #""reduceTransparency": true, "increaseContrast": true, "reduceMotion": true"#,
             ["Default settings", "Largest accessibility size (AX5)"]),
        ]
        for (line, settings, expected) in rows {
            XCTAssertEqual(previews(export(.swiftui, settings: settings).code), expected, line: line)
        }
    }

    func testTheConfigsPreviewSetsItsTextSizeAndBoldTextAndNamesWhatItCannotSet() {
        let code = export(.swiftui, settings: #""textSize": "AX2", "boldText": true, "reduceMotion": true"#).code
        let p = preview("Text AX2, Bold Text", in: code)
        XCTAssertTrue(p.contains("        .dynamicTypeSize(.accessibility2)"), p.joined(separator: "\n"))
        XCTAssertTrue(p.contains("        .environment(\\.legibilityWeight, .bold)"), p.joined(separator: "\n"))
        XCTAssertTrue(p.contains { $0.contains("The config also turns on Reduce Motion") }, p.joined(separator: "\n"))
        XCTAssertTrue(preview("Largest accessibility size (AX5)", in: code).contains("        .dynamicTypeSize(.accessibility5)"))
        XCTAssertEqual(preview("Default settings", in: code), ["#Preview(\"Default settings\") {", "    SheetHostView()"])
        // Every size by its SwiftUI name.
        for size in TextSizeCategory.allCases where size != .large {
            let c = export(.swiftui, settings: "\"textSize\": \"\(size.rawValue)\"").code
            XCTAssertTrue(c.contains(".dynamicTypeSize(.\(size.swiftUIName))"), size.rawValue)
        }
    }

    func testUIKitAndFloatingPanelOverrideTheTraitsInDebugBuildsOnly() {
        let rows: [(UInt, ExportTarget, String, [String])] = [
            (#line, .uikit, #""textSize": "AX3""#, ["sheet.traitOverrides.preferredContentSizeCategory = .accessibilityExtraLarge"]),
            (#line, .uikit, #""textSize": "xSmall", "boldText": true"#,
             ["sheet.traitOverrides.preferredContentSizeCategory = .extraSmall", "sheet.traitOverrides.legibilityWeight = .bold"]),
            (#line, .uikit, #""increaseContrast": true"#, ["sheet.traitOverrides.accessibilityContrast = .high"]),
            (#line, .floatingpanel, #""textSize": "AX1", "boldText": true"#,
             ["panel.traitOverrides.preferredContentSizeCategory = .accessibilityMedium", "panel.traitOverrides.legibilityWeight = .bold"]),
            // No trait to set: no override at all.
            (#line, .uikit, #""reduceTransparency": true, "reduceMotion": true"#, []),
            (#line, .floatingpanel, "", []),
        ]
        for (line, target, settings, expected) in rows {
            let code = export(target, settings: settings).code
            let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertEqual(lines.filter { $0.contains(".traitOverrides.") }, expected, line: line)
            XCTAssertEqual(lines.contains("#if DEBUG"), !expected.isEmpty, line: line)
            if !expected.isEmpty {
                // Before iOS 17, the same traits as one collection.
                XCTAssertTrue(code.contains(target == .uikit ? "sheet.overrideTraitCollection = " : "forChild: panel)"), code, line: line)
            }
        }
    }

    func testTheWebAndReactNativeFollowTheDevicesSettings() {
        let material = #""detents": ["medium", "large"], "material": "thin""#
        let fill = ##""detents": ["medium", "large"], "fill": "#222222""##
        let lone = ##""detents": ["fit"], "fill": "#222222""##
        let rows: [(UInt, ExportTarget, String, String, String, Bool)] = [
            // vaul: a transparency rule only over a material; contrast always; a fade only without snap points.
            (#line, .vaul, "", material, "@media (prefers-reduced-transparency: reduce)", true),
            (#line, .vaul, "", fill, "@media (prefers-reduced-transparency: reduce)", false),
            (#line, .vaul, "", fill, "@media (prefers-contrast: more)", true),
            (#line, .vaul, "", lone, "@media (prefers-reduced-motion: reduce)", true),
            (#line, .vaul, "", fill, "@media (prefers-reduced-motion: reduce)", false),
            (#line, .vaul, "", fill, "fontSize: '1.375rem'", true),
            // gorhom: the Reduce Transparency fill over a material, overrideReduceMotion when the config turns it on.
            (#line, .gorhom, "", material, "AccessibilityInfo.isReduceTransparencyEnabled()", true),
            (#line, .gorhom, "", fill, "AccessibilityInfo", false),
            (#line, .gorhom, #""reduceMotion": true"#, fill, "overrideReduceMotion={ReduceMotion.System}", true),
            (#line, .gorhom, "", fill, "overrideReduceMotion", false),
        ]
        for (line, target, settings, sheet, text, present) in rows {
            let code = export(target, settings: settings, sheet: sheet).code
            XCTAssertEqual(code.contains(text), present, "\(target): \(text)\n\(code)", line: line)
        }
    }

    /// FloatingPanel's grabber has a fixed colour: it follows the contrast trait as a dynamic colour, opaque when high.
    func testTheFloatingPanelGrabberFollowsTheContrastTrait() {
        let code = export(.floatingpanel, settings: "").code
        XCTAssertTrue(code.contains("panel.surfaceView.grabberHandle.barColor = UIColor { traits in"), code)
        XCTAssertTrue(code.contains("traits.accessibilityContrast == .high ? UIColor(red: 0.2353, green: 0.2353, blue: 0.2627, alpha: 1) : "
                                    + "UIColor(red: 0.2353, green: 0.2353, blue: 0.2627, alpha: 0.302)"), code)
        // An opaque grabber colour has nothing to gain.
        let opaque = export(.floatingpanel, settings: "", sheet: ##""grabber": {"color": "#FF0000"}"##).code
        XCTAssertTrue(opaque.contains("panel.surfaceView.grabberHandle.barColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)"), opaque)
    }

    /// The opaque colour a target draws under Reduce Transparency is the one SheetLab draws (issue 34: glass over a list
    /// was drawn #F2F2F7 light and #242426 dark with Increase Contrast, and exported #FFFFFF and #1C1C1E).
    func testTheOpaqueFillIsTheColourSheetLabDrawsUnderReduceTransparency() {
        let list = #""content": [{"type": "list", "rows": [{"title": "A"}]}]"#
        let rows: [(line: UInt, json: String, expected: SRGBColor)] = [
            (#line, #"{"sheet": {"style": "glass", \#(list)}}"#, SRGBColor(red: 0xF2, green: 0xF2, blue: 0xF7)),
            (#line, #"{"appearance": "dark", "settings": {"increaseContrast": true}, "sheet": {"style": "glass", \#(list)}}"#,
             SRGBColor(red: 0x24, green: 0x24, blue: 0x26)),
            (#line, #"{"sheet": {"style": "glass", "content": []}}"#, .white),
        ]
        for row in rows {
            let c = config(row.json)
            XCTAssertEqual(ExportModel(setup: SheetSetup(config: c)).opaqueMaterialColor, row.expected, line: row.line)
        }
        // A classic material: its own opaque fallback, as the renderer draws it.
        let classic = config(##"{"sheet": {"style": "classic", "material": {"blur": 20, "tint": "#0000008C"}}}"##)
        var reduced = classic.settings
        reduced.reduceTransparency = true
        XCTAssertEqual(ExportModel(setup: SheetSetup(config: classic)).opaqueMaterialColor,
                       classic.sheet.drawn(under: reduced, in: classic.appearance).material.tint)
        XCTAssertNil(ExportModel(setup: SheetSetup(config: config(##"{"sheet": {"fill": "#222222"}}"##))).opaqueMaterialColor)
    }

    /// Which setting each target reports, at its key path: a row only when the config turns it on.
    func testEachSettingALossWhereTheTargetCannotFollowIt() {
        let all: [ExportTarget] = ExportTarget.allCases
        let rows: [(UInt, String, String, [ExportTarget])] = [
            (#line, #""textSize": "AX3""#, "settings.textSize", [.gorhom, .vaul]),
            (#line, #""boldText": true"#, "settings.boldText", [.gorhom, .vaul]),
            (#line, #""reduceTransparency": true"#, "settings.reduceTransparency", all),
            (#line, #""increaseContrast": true"#, "settings.increaseContrast", all),
            // vaul fades a drawer without snap points; this one has them.
            (#line, #""reduceMotion": true"#, "settings.reduceMotion", all),
            (#line, #""liquidGlass": "tinted""#, "settings.liquidGlass", all),
            (#line, "", "settings.", []),
        ]
        for (line, settings, key, losing) in rows {
            for target in all {
                let diff = export(target, settings: settings, sheet: #""detents": ["medium", "large"], "material": "thin""#).diff
                XCTAssertEqual(diff.losses.contains { $0.keyPath.hasPrefix(key) }, losing.contains(target), "\(target) \(key)", line: line)
            }
        }
        // Over a fill nothing turns opaque; a lone fit drawer fades under Reduce Motion.
        XCTAssertFalse(export(.uikit, settings: #""reduceTransparency": true"#, sheet: ##""fill": "#222222""##).diff.losses
            .contains { $0.keyPath == "settings.reduceTransparency" })
        XCTAssertFalse(export(.vaul, settings: #""reduceMotion": true"#, sheet: ##""detents": ["fit"], "fill": "#222222""##).diff.losses
            .contains { $0.keyPath == "settings.reduceMotion" })
    }

    /// SwiftUI cannot set three of the settings in a preview: the diff says which environment value is get-only.
    func testTheSwiftUIDiffNamesTheGetOnlyEnvironmentValues() {
        let diff = export(.swiftui, settings: #""reduceTransparency": true, "increaseContrast": true, "reduceMotion": true"#,
                          sheet: #""material": "thin""#).diff
        let text = diff.losses.map(\.description).joined(separator: "\n")
        for value in ["accessibilityReduceTransparency is get-only", "colorSchemeContrast is get-only", "accessibilityReduceMotion is get-only"] {
            XCTAssertTrue(text.contains(value), text)
        }
    }

    /// vaul's blur reaches Safari before 18 too (issue 35: only the unprefixed `backdropFilter` was written, so iOS 17 and
    /// older showed a flat tint): the prefixed property with the same value, and both turned off under Reduce Transparency.
    func testVaulWritesThePrefixedBackdropFilterToo() {
        let code = export(.vaul, settings: "").code
        let plain = code.split(separator: "\n").first { $0.contains("  backdropFilter: ") }
        let prefixed = code.split(separator: "\n").first { $0.contains("  WebkitBackdropFilter: ") }
        XCTAssertNotNil(plain, code)
        XCTAssertEqual(prefixed.map { $0.replacingOccurrences(of: "WebkitBackdropFilter", with: "backdropFilter") }, plain.map(String.init))
        XCTAssertTrue(code.contains("backdrop-filter: none !important; -webkit-backdrop-filter: none !important;"), code)
    }
}
