import XCTest
@testable import SheetKit

final class ConfigEditorTests: XCTestCase {
    let source = """
    {
      "device": "iphone-15",
      "designerNote": "ignored by nobody",
      "sheet": {
        "detents": [{"id": "peek", "height": 120}, "medium", "large"],
        "cornerRadius": 16,
        "motion": {"curve": "spring", "response": 0.4}
      }
    }
    """

    func editor() throws -> ConfigEditor {
        ConfigEditor(document: try JSONParser.parse(source.replacingOccurrences(of: "\"designerNote\": \"ignored by nobody\",\n", with: "")))
    }

    func testApplyUndoRedo() throws {
        var e = try editor()
        XCTAssertFalse(e.hasUnsavedChanges)
        XCTAssertEqual(e.apply(.init(path: KeyPath.root / "sheet" / "cornerRadius", value: JSONNode(.number(24)), label: "corner")), [])
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "cornerRadius")?.value, .number(24))
        XCTAssertTrue(e.hasUnsavedChanges)
        e.apply(.init(path: KeyPath.root / "sheet" / "motion" / "dampingRatio", value: JSONNode(.number(0.8)), label: "damping"))
        XCTAssertTrue(e.undo())
        XCTAssertNil(e.value(at: KeyPath.root / "sheet" / "motion" / "dampingRatio"))
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "cornerRadius")?.value, .number(24))
        XCTAssertTrue(e.redo())
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "motion" / "dampingRatio")?.value, .number(0.8))
        XCTAssertTrue(e.undo())
        XCTAssertTrue(e.undo())
        XCTAssertFalse(e.hasUnsavedChanges, "undoing everything is back to the file")
        XCTAssertFalse(e.undo())
    }

    func testInvalidEditsAreRefusedWithTheirReason() throws {
        var e = try editor()
        let errors = e.apply(.init(path: KeyPath.root / "sheet" / "cornerRadius", value: JSONNode(.number(-3)), label: "corner"))
        XCTAssertEqual(errors.first?.path?.description, "sheet.cornerRadius")
        XCTAssertTrue(errors.first?.message.contains("must not be negative") ?? false)
        XCTAssertFalse(e.canUndo)
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "cornerRadius")?.value, .number(16))
    }

    func testSaveKeepsWhatWasNotChanged() throws {
        // Keys the editor never touched keep their values and their order.
        let reordered = ##"{"sheet": {"motion": {"response": 0.4, "curve": "spring"}, "detents": [{"id": "peek", "height": 120}, "medium", "large"], "cornerRadius": 16}, "device": "iphone-15", "background": {"color": "#102030"}}"##
        var e = ConfigEditor(document: try JSONParser.parse(reordered))
        _ = e.apply(.init(path: KeyPath.root / "sheet" / "detents" / 0 / "height", value: JSONNode(.number(150)), label: "peek"))
        let saved = try JSONParser.parse(e.text)
        XCTAssertEqual(saved["background"]?["color"]?.value, .string("#102030"))
        XCTAssertEqual(saved["device"]?.value, .string("iphone-15"))
        guard case .object(let members) = saved.value else { return XCTFail() }
        XCTAssertEqual(members.map(\.key), ["sheet", "device", "background"])
        guard case .object(let motion)? = saved["sheet"]?["motion"]?.value else { return XCTFail() }
        XCTAssertEqual(motion.map(\.key), ["response", "curve"])
        XCTAssertEqual(saved["sheet"]?["motion"]?["response"]?.value, .number(0.4))
        guard case .array(let detents)? = saved["sheet"]?["detents"]?.value else { return XCTFail() }
        XCTAssertEqual(detents[0]["height"]?.value, .number(150))
        XCTAssertEqual(detents[1].value, .string("medium"))
        e.markSaved()
        XCTAssertFalse(e.hasUnsavedChanges)
    }

    func testAddingAndRemovingDetents() throws {
        var e = try editor()
        e.apply(.init(path: KeyPath.root / "sheet" / "detents" / 3, value: try JSONParser.parse(#"{"id": "tall", "height": 700}"#), label: "add"))
        XCTAssertEqual(SheetSetup(config: config(e.text)).detents.map(\.id), ["peek", "medium", "tall", "large"])
        e.apply(.init(path: KeyPath.root / "sheet" / "detents" / 1, value: nil, label: "remove"))
        XCTAssertEqual(SheetSetup(config: config(e.text)).detents.map(\.id), ["peek", "tall", "large"])
    }

    func testExternalReloadKeepsLocalEditsOnTop() throws {
        var e = try editor()
        e.apply(.init(path: KeyPath.root / "sheet" / "cornerRadius", value: JSONNode(.number(30)), label: "corner"))
        // Someone else changed the response in the file meanwhile.
        let external = try JSONParser.parse(#"{"device": "iphone-15", "sheet": {"detents": [{"id": "peek", "height": 120}, "medium", "large"], "cornerRadius": 16, "motion": {"curve": "spring", "response": 0.6}}}"#)
        XCTAssertTrue(e.adoptExternal(external))
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "cornerRadius")?.value, .number(30), "the local edit is kept")
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "motion" / "response")?.value, .number(0.6), "and the file's change is taken")
        XCTAssertTrue(e.hasUnsavedChanges)
    }
}
