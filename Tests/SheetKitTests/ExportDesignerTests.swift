import XCTest
@testable import SheetKit

/// X in the window writes the export for the inspector's target and shows the capability diff.
final class ExportDesignerTests: XCTestCase {
    func testTheExportRowChoosesTheTargetWithoutEditingTheConfig() throws {
        var d = try makeDesigner(configPath: "/tmp/blur-sheet.json")
        let rows = d.inspectorRows
        XCTAssertEqual(rows[rows.count - 2], .header("Export"), "the Export row is the last, so other rows keep their indices")
        guard case .choice(_, let path, let options, let current) = rows.last! else { return XCTFail("\(rows.last!)") }
        XCTAssertEqual(path, InspectorRows.exportTargetPath)
        XCTAssertEqual(options, ExportTarget.allCases.map(\.rawValue))
        XCTAssertEqual(current, "swiftui")
        let document = d.workspace.editor.document
        for expected in [ExportTarget.uikit, .floatingpanel, .gorhom, .vaul, .swiftui] {
            _ = d.inspectorActions(d.inspector.cycle(d.inspectorRows.last!, by: 1))
            XCTAssertEqual(d.exportTarget, expected)
            XCTAssertEqual(d.toast?.message, "Export to \(expected.title): press X")
        }
        XCTAssertEqual(d.workspace.editor.document, document, "choosing a target is not a config edit")
        XCTAssertFalse(d.hasUnsavedChanges)
    }

    func testXWritesTheExportBesideTheConfigAndShowsTheDiff() throws {
        var d = try makeDesigner(configPath: "/tmp/default.json")
        // vaul: CSS has no continuous corner curve, so the default glass sheet always loses something.
        for _ in 0..<4 { _ = d.inspectorActions(d.inspector.cycle(d.inspectorRows.last!, by: 1)) }
        XCTAssertEqual(d.exportTarget, .vaul)
        let effects = d.run([.key(.character("x"), shift: false, control: false)], at: 10)
        let expected = Exporter.export(d.setup, to: .vaul, configName: "default.json")
        XCTAssertFalse(expected.diff.isEmpty)
        guard case .writeExport(let text, let stem, let suffix, let summary)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(text, expected.code)
        XCTAssertEqual(stem + suffix, "default-vaul.tsx")
        XCTAssertEqual(effects.dropFirst().map { if case .stderr(let l) = $0 { return l } else { return "" } }, expected.diff.stderrLines)
        _ = d.run([.wrote(.export(name: "default-vaul.tsx", summary: summary))], at: 20)
        let toast = try XCTUnwrap(d.toast?.message)
        XCTAssertTrue(toast.hasPrefix("Exported default-vaul.tsx\nvaul cannot express \(expected.diff.losses.count):"), toast)
        for loss in expected.diff.losses { XCTAssertTrue(toast.contains(loss.keyPath), "\(loss.keyPath) is not shown") }
        // It stays up long enough to read.
        _ = d.run([.tick], at: 20 + Designer.toastDuration + 100)
        XCTAssertNotNil(d.toast)
    }

    func testTheDefaultExportsToUIKitWithoutLoss() throws {
        // The built-in default (glass, the regular material, the system grabber) is a plain iOS 26 sheet.
        var d = try makeDesigner(configPath: "/tmp/default.json")
        _ = d.inspectorActions(d.inspector.cycle(d.inspectorRows.last!, by: 1))
        XCTAssertEqual(d.exportTarget, .uikit)
        let effects = d.run([.key(.character("x"), shift: false, control: false)], at: 10)
        guard case .writeExport(_, _, _, let summary)? = effects.first else { return XCTFail("\(effects)") }
        _ = d.run([.wrote(.export(name: "default-uikit.swift", summary: summary))], at: 20)
        XCTAssertEqual(d.toast?.message, "Exported default-uikit.swift\nUIKit expresses every value of the config")
    }

    func testALosslessExportSaysSo() {
        var diff = CapabilityDiff(target: .gorhom)
        XCTAssertEqual(Designer.exportSummary(diff), "gorhom expresses every value of the config")
        diff.lose("sheet.material", "blur", "a tint")
        XCTAssertEqual(Designer.exportSummary(diff), "gorhom cannot express 1:\nsheet.material: a tint")
    }
}
