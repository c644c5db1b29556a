import Foundation
import Platform
import Raster
@testable import SheetKit
@testable import SheetRender
import XCTest

/// Export and render agree on every colour they both decide, for every example × appearance × setting (issue 34): the
/// title's ink and the opaque colour a material turns into under Reduce Transparency. Each is decided once
/// (`SheetSurface`, `SheetConfig.drawn(under:in:)`); the renderer and the exporters read it.
///
/// Before: a light-appearance classic `ultraThin` sheet over black was drawn with a white title and exported with a
/// black one (`ExportModel.titleColor` read the material's tint alone); glass over a list under Reduce Transparency was
/// drawn #F2F2F7 (light) and #242426 (dark + Increase Contrast) and exported #FFFFFF and #1C1C1E.
final class ExportLookCrossCheckTests: XCTestCase {
    static var examples: [(String, SheetLabConfig)] {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        var out: [(String, SheetLabConfig)] = []
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasSuffix(".script.json") {
            let text = try! String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            guard case .success(let d) = ConfigLoader.load(text: text, file: name) else { continue }
            out.append((name, d.config))
        }
        // The issue's cases: a light classic ultraThin sheet over black; glass with a grouped list.
        for (name, json) in [
            ("ultrathin-over-black", ##"{"background": {"color": "#000000"}, "sheet": {"style": "classic", "material": "ultraThin", "content": [{"type": "title", "text": "Hi"}]}}"##),
            ("glass-list", #"{"sheet": {"style": "glass", "content": [{"type": "title", "text": "Hi"}, {"type": "list", "rows": [{"title": "A"}, {"title": "B"}]}]}}"#),
        ] {
            guard case .success(let d) = ConfigLoader.load(text: json, file: name) else { XCTFail(name); continue }
            out.append((name, d.config))
        }
        return out
    }

    static let settings: [(String, AccessibilitySettings)] = [
        ("standard", AccessibilitySettings()),
        ("increaseContrast", AccessibilitySettings(increaseContrast: true)),
        ("reduceTransparency", AccessibilitySettings(reduceTransparency: true)),
        ("both", AccessibilitySettings(reduceTransparency: true, increaseContrast: true)),
    ]

    func testExportAndRenderAgreeOnEveryColour() {
        let examples = Self.examples
        XCTAssertGreaterThanOrEqual(examples.count, 10)
        var checked = 0
        for (name, base) in examples {
            for appearance in [Appearance.light, .dark] {
                for (settingName, settings) in Self.settings {
                    var config = base
                    config.appearance = appearance
                    config.settings = settings
                    let label = "\(name), \(appearance), \(settingName)"
                    let setup = SheetSetup(config: config)
                    let model = ExportModel(setup: setup)
                    // The title's ink: the renderer's `SheetTheme.primary` (unless the title names its colour).
                    let titled = config.sheet.content.contains { if case .title(let t) = $0 { return t.color == nil }; return false }
                    if titled {
                        XCTAssertEqual(model.titleColor, SheetTheme(config: config).primary, label)
                        for target in [ExportTarget.vaul, .gorhom] {
                            let code = Exporter.export(setup, to: target, configName: "x.json").code
                            XCTAssertTrue(code.contains(ExportColor.css(model.titleColor)), "\(label), \(target): the title's colour")
                        }
                    }
                    // Under Reduce Transparency: the colour the renderer fills the sheet with.
                    guard config.sheet.fill == nil else { continue }
                    var reduced = config
                    reduced.settings.reduceTransparency = true
                    let drawn = SheetLook(setup: SheetSetup(config: reduced)).tint
                    let expected = SRGBColor(red: drawn.r, green: drawn.g, blue: drawn.b, alpha: drawn.a)
                    XCTAssertEqual(model.opaqueMaterialColor, expected, label)
                    for target in [ExportTarget.vaul, .gorhom] {
                        let code = Exporter.export(setup, to: target, configName: "x.json").code
                        XCTAssertTrue(code.contains(ExportColor.css(expected)), "\(label), \(target): lacks \(ExportColor.css(expected))")
                    }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 40)
    }
}
