import XCTest
@testable import SheetKit

/// The window over a stack (issue 31, item 4): the top sheet is selected; the inspector shows and edits it (its edits
/// go to `sheets.<id>`), the digit keys pick its detents, Space dismisses it and the HUD lists the stack.
final class DesignerStackTests: XCTestCase {
    func placeDesigner() throws -> Designer {
        let text = try String(contentsOf: assets.appendingPathComponent("Examples/place-card.json"), encoding: .utf8)
        let root = try JSONParser.parse(text)
        let derived = try deriveForTests(root)
        return Designer(workspace: Workspace(editor: ConfigEditor(document: root), document: derived.document, setup: derived.setup),
                        configPath: nil)
    }

    func testTheTopSheetIsSelectedEditedAndDismissedBySpace() throws {
        var d = try placeDesigner()
        XCTAssertNil(d.selectedSheet)
        XCTAssertEqual(d.selectedSheetPath.description, "sheet")
        _ = d.engine.handle(.presentSheet("place"), at: 0)
        d.run([.tick], at: 2000)
        XCTAssertEqual(d.selectedSheet, "place")
        XCTAssertEqual(d.inspectorRows.first, .note("Editing sheets.place, the top of the stack"))
        XCTAssertTrue(d.inspectorRows.contains(.detent(id: "card", height: 340)))
        XCTAssertEqual(d.stackHUDLines.first, "stack sheet → place")

        // A detent height from the inspector goes to the card's object, not the first sheet's.
        let effects = d.inspectorActions([.detentHeight(id: "card", height: 360, .single)])
        guard case .derive(let editor, _, _)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(editor.value(at: KeyPath.root / "sheets" / "place" / "detents" / 0 / "height"), .number(360))
        XCTAssertEqual(editor.value(at: KeyPath.root / "sheet" / "detents"), d.workspace.editor.value(at: KeyPath.root / "sheet" / "detents"))

        // 2 is the card's second detent, large.
        d.run([.key(.digit(2), shift: false, control: false)], at: 2100)
        d.run([.tick], at: 4000)
        XCTAssertEqual(d.engine.stack.first?.engine.restingDetent, "large")
        XCTAssertEqual(d.engine.restingDetent, "medium")

        d.run([.key(.space, shift: false, control: false)], at: 4100)
        d.run([.tick], at: 6000)
        XCTAssertTrue(d.engine.stack.isEmpty)
        XCTAssertEqual(d.engine.restingDetent, "medium", "Space dismissed only the top sheet")
        XCTAssertNil(d.selectedSheet)
    }
}
