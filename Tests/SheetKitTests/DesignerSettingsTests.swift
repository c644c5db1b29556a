import XCTest
@testable import SheetKit

/// The inspector's Settings section: each iOS setting switched live as one undoable edit of `settings`, a badge
/// while any is not the phone's default.
final class DesignerSettingsTests: XCTestCase {
    func row(_ d: Designer, _ label: String) -> Int {
        d.inspectorRows.firstIndex {
            switch $0 {
            case .toggle(let l, _, _), .choice(let l, _, _, _): return l == label
            default: return false
            }
        }!
    }

    func click(_ d: inout Designer, row: Int, at time: Double) {
        let p = Point(393 + 150, Inspector.top + Double(row) * Inspector.rowHeight + 11 - d.inspector.scroll)
        d.run([.pointerDown(p), .pointerUp(p)], at: time)
    }

    func testTheSettingsSectionListsEverySetting() throws {
        let d = try makeDesigner()
        let header = try XCTUnwrap(d.inspectorRows.firstIndex(of: .header("Settings")))
        XCTAssertEqual(Array(d.inspectorRows[(header + 1)...(header + 6)]), InspectorRows.settingsRows(.standard))
        guard case .choice(_, let path, let options, let current) = InspectorRows.settingsRows(.standard)[0] else { return XCTFail() }
        XCTAssertEqual(path.description, "settings.textSize")
        XCTAssertEqual(options.count, 12)
        XCTAssertEqual(current, "large")
    }

    func testEachSwitchIsOneUndoableEditWithABadge() throws {
        var d = try makeDesigner()
        d.run([.key(.tab, shift: false, control: false)], at: 0)
        XCTAssertFalse(d.badges.contains { $0.contains("Bold") })
        click(&d, row: row(d, "Bold Text"), at: 10)
        XCTAssertTrue(d.workspace.config.settings.boldText)
        XCTAssertTrue(d.setup.settings.boldText, "the setup the renderer reads follows at once")
        XCTAssertEqual(d.workspace.editor.value(at: KeyPath.root / "settings" / "boldText")?.value, .bool(true))
        XCTAssertTrue(d.badges.contains("Bold"), "\(d.badges)")
        click(&d, row: row(d, "Reduce Transparency"), at: 20)
        XCTAssertTrue(d.badges.contains("Bold · No Transparency"), "\(d.badges)")
        // Text size cycles through the twelve sizes; → from large is xLarge.
        click(&d, row: row(d, "Text size"), at: 30)
        XCTAssertEqual(d.workspace.config.settings.textSize, .xLarge)
        click(&d, row: row(d, "Liquid Glass"), at: 40)
        XCTAssertEqual(d.workspace.config.settings.liquidGlass, .tinted)
        XCTAssertTrue(d.badges.contains("xLarge · Bold · No Transparency · Tinted"), "\(d.badges)")
        // One undo step each, back to the phone's defaults and no badge.
        for t in 0..<4 { d.run([.key(.character("z"), shift: false, control: true)], at: 50 + Double(t)) }
        XCTAssertEqual(d.workspace.config.settings, .standard)
        XCTAssertFalse(d.badges.contains { $0.contains("Bold") || $0.contains("Tinted") }, "\(d.badges)")
    }
}
