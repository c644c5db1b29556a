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
        XCTAssertEqual(e.apply(.set(KeyPath.root / "sheet" / "cornerRadius", JSONNode(.number(24)))), [])
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "cornerRadius")?.value, .number(24))
        XCTAssertTrue(e.hasUnsavedChanges)
        e.apply(.set(KeyPath.root / "sheet" / "motion" / "dampingRatio", JSONNode(.number(0.8))))
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
        let errors = e.apply(.set(KeyPath.root / "sheet" / "cornerRadius", JSONNode(.number(-3))))
        XCTAssertEqual(errors.first?.path?.description, "sheet.cornerRadius")
        XCTAssertTrue(errors.first?.message.contains("must not be negative") ?? false)
        XCTAssertFalse(e.canUndo)
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "cornerRadius")?.value, .number(16))
    }

    func testSaveKeepsWhatWasNotChanged() throws {
        // Keys the editor never touched keep their values and their order.
        let reordered = ##"{"sheet": {"motion": {"response": 0.4, "curve": "spring"}, "detents": [{"id": "peek", "height": 120}, "medium", "large"], "cornerRadius": 16}, "device": "iphone-15", "background": {"color": "#102030"}}"##
        var e = ConfigEditor(document: try JSONParser.parse(reordered))
        _ = e.apply(.set(KeyPath.root / "sheet" / "detents" / 0 / "height", JSONNode(.number(150))))
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
        e.apply(.set(KeyPath.root / "sheet" / "detents" / 3, try JSONParser.parse(#"{"id": "tall", "height": 700}"#)))
        XCTAssertEqual(SheetSetup(config: config(e.text)).detents.map(\.id), ["peek", "medium", "tall", "large"])
        e.apply(.remove(KeyPath.root / "sheet" / "detents" / 1))
        XCTAssertEqual(SheetSetup(config: config(e.text)).detents.map(\.id), ["peek", "tall", "large"])
    }

    func testExternalReloadKeepsLocalEditsOnTop() throws {
        var e = try editor()
        e.apply(.set(KeyPath.root / "sheet" / "cornerRadius", JSONNode(.number(30))))
        // Someone else changed the response in the file meanwhile.
        let external = try JSONParser.parse(#"{"device": "iphone-15", "sheet": {"detents": [{"id": "peek", "height": 120}, "medium", "large"], "cornerRadius": 16, "motion": {"curve": "spring", "response": 0.6}}}"#)
        XCTAssertEqual(e.adoptExternal(external), .merged)
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "cornerRadius")?.value, .number(30), "the local edit is kept")
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "motion" / "response")?.value, .number(0.6), "and the file's change is taken")
        XCTAssertTrue(e.hasUnsavedChanges)
    }

    func testAFailedMergeKeepsBothVersionsAndSaysSo() throws {
        var e = try editor()
        // Locally, peek becomes 500 pt; on disk, someone removed the canvas room for it: large is now 300.
        e.apply(.set(KeyPath.root / "sheet" / "initialDetent", .string("peek")))
        let external = try JSONParser.parse(#"{"device": "iphone-15", "sheet": {"detents": ["medium", "large"], "cornerRadius": 12}}"#)
        guard case .conflict(let problems) = e.adoptExternal(external) else { return XCTFail("a merge naming a removed detent must conflict") }
        XCTAssertEqual(problems.first?.path?.description, "sheet.initialDetent")
        XCTAssertEqual(e.value(at: KeyPath.root / "sheet" / "initialDetent")?.value, .string("peek"), "the local version stays current")
        XCTAssertEqual(e.saved["sheet"]?["cornerRadius"]?.value, .number(12), "the file's version is kept as saved")
        XCTAssertTrue(e.hasUnsavedChanges)
    }

    func testEditsTable() throws {
        let base = try JSONParser.parse(#"{"canvas": {"width": 300}, "sheet": {"detents": ["medium", "large"]}}"#)
        let rows: [(line: UInt, edit: ConfigEditor.Edit, path: KeyPath, expected: JSONNode?)] = [
            (#line, .set(KeyPath.root / "canvas" / "width", .number(320)), KeyPath.root / "canvas" / "width", .number(320)),
            (#line, .set(KeyPath.root / "a" / "b", .bool(true)), KeyPath.root / "a" / "b", .bool(true)),
            (#line, .remove(KeyPath.root / "canvas"), KeyPath.root / "canvas", nil),
            (#line, .set(KeyPath.root / "sheet" / "detents" / 2, .object(["id": .string("x"), "height": .number(10)])),
             KeyPath.root / "sheet" / "detents" / 2 / "height", .number(10)),
            (#line, .remove(KeyPath.root / "sheet" / "detents" / 0), KeyPath.root / "sheet" / "detents" / 0, .string("large")),
            // A set never removes: the landscape canvas is a value, not text that might fail to parse.
            (#line, .set(KeyPath.root / "canvas", .object(["width": .number(852), "height": .number(393)])),
             KeyPath.root / "canvas" / "height", .number(393)),
        ]
        for row in rows {
            let result = row.edit.applied(to: base).value(at: row.path)
            XCTAssertEqual(result.map { JSONWriter.write($0) }, row.expected.map { JSONWriter.write($0) }, line: row.line)
        }
    }

    func testEncodedNodesMatchTheDecodedValues() throws {
        // The built-in default as a document: every key, in the encoder's order, decoding back to the same config.
        let node = try JSONNodeEncoder.encode(SheetLabConfig())
        XCTAssertEqual(TreeDecoder().decode(SheetLabConfig.self, from: node).value, SheetLabConfig())
        let detents = try JSONNodeEncoder.encode(SheetLabConfig().sheet.detents)
        guard case .array(let items) = detents.value else { return XCTFail() }
        XCTAssertEqual(items.count, SheetLabConfig().sheet.detents.count)
        let reparsed = try JSONParser.parse(JSONWriter.write(node))
        XCTAssertTrue(reparsed.sameValue(as: node))
    }
}
