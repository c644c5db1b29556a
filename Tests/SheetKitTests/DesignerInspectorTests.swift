import XCTest
@testable import SheetKit

/// The inspector's reducer on the built-in default's rows: 0 Detents, 1 peek, 2 medium, 3 large,
/// 4 add, 5 initial detent, 6 transition, 7 dismissible, 8 tap outside, 9 Shape, 10 corner radius.
final class DesignerInspectorTests: XCTestCase {
    let rows = InspectorRows.rows(for: SheetLabConfig(), setup: SheetSetup(config: SheetLabConfig()))
    let sheet = KeyPath.root / "sheet"

    func y(_ row: Int) -> Double { Inspector.top + Double(row) * Inspector.rowHeight + Inspector.rowHeight / 2 }

    func testRows() {
        XCTAssertEqual(rows[1], .detent(id: "peek", height: 120))
        XCTAssertEqual(rows[4], .addDetent)
        guard case .number(let label, let path, let value, _, _) = rows[10] else { return XCTFail("\(rows[10])") }
        XCTAssertEqual([label, path.description], ["Corner radius", "sheet.cornerRadius"])
        XCTAssertEqual(value, SheetLabConfig().sheet.cornerRadius)
    }

    func testKeysTable() {
        // A row selected with a click, then keys; the actions of the last key.
        typealias K = (DesignerKey, Bool)
        let radius = SheetLabConfig().sheet.cornerRadius
        let rows: [(line: UInt, row: Int, keys: [K], expected: [Inspector.Action]?)] = [
            (#line, 10, [(.up, false)], [.edit(.set(sheet / "cornerRadius", .number(radius + 1)), .single)]),
            (#line, 10, [(.down, true)], [.edit(.set(sheet / "cornerRadius", .number(radius - 10)), .single)]),
            (#line, 10, [(.enter, false), (.digit(2), false), (.digit(4), false), (.enter, false)],
             [.edit(.set(sheet / "cornerRadius", .number(24)), .single)]),
            (#line, 10, [(.enter, false), (.digit(2), false), (.backspace, false), (.digit(8), false), (.enter, false)],
             [.edit(.set(sheet / "cornerRadius", .number(8)), .single)]),
            (#line, 10, [(.enter, false), (.character("x"), false), (.enter, false)], [.toast("“” is not a number")]),
            (#line, 10, [(.enter, false), (.digit(2), false), (.escape, false)], []),
            (#line, 1, [(.up, true)], [.detentHeight(id: "peek", height: 130, .single)]),
            (#line, 2, [(.delete, false)], [.removeDetent("medium")]),
            (#line, 4, [(.enter, false)], [.addDetent]),
            (#line, 6, [(.right, false)], [.edit(.set(sheet / "transition", .string("slideAndFade")), .single)]),
            (#line, 6, [(.left, false)], [.edit(.set(sheet / "transition", .string("slideAndFade")), .single)]),
            (#line, 7, [(.left, false)], [.edit(.set(sheet / "dismissible", .bool(!SheetLabConfig().sheet.dismissible)), .single)]),
            // Keys the inspector does not take fall through to the window.
            (#line, 10, [(.character("g"), false)], nil),
            (#line, 10, [(.left, false)], nil),
        ]
        for row in rows {
            var inspector = Inspector()
            inspector.toggle()
            _ = inspector.press(at: Point(150, y(row.row)), rows: self.rows)
            inspector.release()
            var last: [Inspector.Action]?
            for (key, shift) in row.keys { last = inspector.key(key, shift: shift, rows: self.rows) }
            XCTAssertEqual(last, row.expected, line: row.line)
        }
    }

    func testColoursAndTextTable() {
        let fill = rows.firstIndex { if case .color("Fill", _, _) = $0 { return true }; return false }!
        let tint = rows.firstIndex { if case .color("Tint", _, _) = $0 { return true }; return false }!
        let rows: [(line: UInt, row: Int, typed: [DesignerKey], expected: [Inspector.Action])] = [
            (#line, tint, [.character("f"), .character("f"), .digit(0), .digit(0), .digit(0), .digit(0)],
             [.edit(.set(sheet / "material" / "tint", .string("#FF0000")), .single)]),
            // Clearing the fill removes it: no fill.
            (#line, fill, [], [.edit(.remove(sheet / "fill"), .single)]),
        ]
        for row in rows {
            var inspector = Inspector()
            inspector.toggle()
            inspector.selection = row.row
            _ = inspector.key(.enter, shift: false, rows: self.rows)
            for key in row.typed { _ = inspector.key(key, shift: false, rows: self.rows) }
            XCTAssertEqual(inspector.key(.enter, shift: false, rows: self.rows), row.expected, line: row.line)
        }
    }

    func testScrubTable() {
        // Sideways drags: 4 pt per step on numbers, 2 pt per point on detents; the first move begins the gesture.
        let radius = SheetLabConfig().sheet.cornerRadius
        let rows: [(line: UInt, row: Int, moves: [Double], expected: Inspector.Action)] = [
            (#line, 10, [8], .edit(.set(sheet / "cornerRadius", .number(radius + 2)), .begins)),
            (#line, 10, [8, -12], .edit(.set(sheet / "cornerRadius", .number(radius - 3)), .continues)),
            (#line, 1, [20], .detentHeight(id: "peek", height: 130, .begins)),
            (#line, 1, [20, 21], .detentHeight(id: "peek", height: 131, .continues)),
        ]
        for row in rows {
            var inspector = Inspector()
            inspector.toggle()
            _ = inspector.press(at: Point(150, y(row.row)), rows: self.rows)
            var last: [Inspector.Action] = []
            for dx in row.moves { last = inspector.drag(toX: 150 + dx, rows: self.rows) }
            XCTAssertEqual(last, [row.expected], line: row.line)
        }
    }

    func testPressAndScroll() {
        var inspector = Inspector()
        inspector.toggle()
        XCTAssertEqual(inspector.press(at: Point(150, y(4)), rows: rows), [.addDetent])
        XCTAssertEqual(inspector.press(at: Point(150, y(7)), rows: rows),
                       [.edit(.set(sheet / "dismissible", .bool(!SheetLabConfig().sheet.dismissible)), .single)])
        XCTAssertEqual(inspector.press(at: Point(150, 5000), rows: rows), [])
        // The wheel scrolls a row's height per unit, never past the top or the last row.
        inspector.scroll(by: -1, rowCount: rows.count, canvasHeight: 852)
        XCTAssertEqual(inspector.scroll, Inspector.rowHeight)
        XCTAssertEqual(inspector.row(atY: y(0), count: rows.count), 1)
        inspector.scroll(by: 5, rowCount: rows.count, canvasHeight: 852)
        XCTAssertEqual(inspector.scroll, 0)
        inspector.scroll(by: -1000, rowCount: rows.count, canvasHeight: 852)
        XCTAssertEqual(inspector.scroll, Inspector.top + Double(rows.count) * Inspector.rowHeight - (852 - Inspector.hintHeight))
    }

    func testTabTogglesExceptWhileTyping() throws {
        var inspector = Inspector()
        XCTAssertNil(inspector.key(.tab, shift: false, rows: rows), "Tab is the key table's, not the inspector's")
        var d = try makeDesigner()
        d.run([.key(.tab, shift: false, control: false)])
        XCTAssertTrue(d.inspector.isOpen)
        d.run([.key(.character("I"), shift: true, control: false)])
        XCTAssertFalse(d.inspector.isOpen, "I, either case, toggles too")
        inspector.toggle()
        inspector.selection = rows.firstIndex { if case .text = $0 { return true }; return false }
        _ = inspector.key(.enter, shift: false, rows: rows)
        inspector.text("abc", rows: rows)
        XCTAssertEqual(inspector.key(.character("i"), shift: false, rows: rows), [], "letters while typing go to the text")
        XCTAssertTrue(inspector.isOpen)
        XCTAssertTrue(inspector.typing?.hasSuffix("abc") ?? false)
    }

    /// Every row edits a key the schema has: its value written at its path in the default config's file loads with no
    /// warning (a misspelt key is reported as unknown) and reads back as the row shows it.
    func testEveryRowPathIsASchemaKey() throws {
        let config = SheetLabConfig()
        let document = try JSONNodeEncoder.encode(config)
        var checked = 0
        for row in InspectorRows.rows(for: config, setup: SheetSetup(config: config)) {
            let edit: (KeyPath, JSONNode)
            switch row {
            case .number(_, let path, let value, _, _): edit = (path, .number(value))
            case .toggle(_, let path, let value): edit = (path, .bool(value))
            case .text(_, let path, let value): edit = (path, .string(value))
            case .choice(_, let path, _, let current) where path != InspectorRows.exportTargetPath:
                edit = (path, current.map { .string($0) } ?? .null)
            case .color(_, let path, let hex) where hex != "none": edit = (path, .string(hex))
            default: continue
            }
            let edited = ConfigEditor.Edit.set(edit.0, edit.1).applied(to: document)
            switch ConfigLoader.load(root: edited, file: "inspector.json") {
            case .success(let loaded): XCTAssertEqual(loaded.warnings.map(\.message), [], "\(edit.0)")
            case .failure(let error): XCTFail("\(edit.0): \(error)")
            }
            XCTAssertEqual(edited.value(at: edit.0)?.value, edit.1.value, "\(edit.0)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 40)
    }
}
