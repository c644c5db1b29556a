import XCTest
@testable import SheetKit

/// The window's keys with a text field in the sheet (issue 30, item 4): while a field is focused the keys type into it
/// and Esc hides the keyboard; with no focus the key table runs as before. Reducer level: no window, no SDL.
final class DesignerKeyboardTests: XCTestCase {
    /// A designer on Assets/Examples/search-sheet.json (iPhone 15, glass, a field at the top of the peek detent).
    func searchDesigner(configPath: String? = nil) throws -> Designer {
        let text = try String(contentsOf: assets.appendingPathComponent("Examples/search-sheet.json"), encoding: .utf8)
        let root = try JSONParser.parse(text)
        let derived = try deriveForTests(root)
        return Designer(workspace: Workspace(editor: ConfigEditor(document: root), document: derived.document, setup: derived.setup),
                        configPath: configPath)
    }

    /// A canvas point on the text field, found by the engine's own hit test.
    func fieldPoint(_ d: Designer) throws -> Point {
        let e = d.engine
        for y in stride(from: d.canvas.height - e.height, to: d.canvas.height, by: 1) {
            let p = Point(d.canvas.width / 2, y)
            if case .content(let target?) = HitTest.target(at: p, setup: e.setup, height: e.height, contentOffset: e.contentOffset, dim: e.dim),
               target.kind == .field { return p }
        }
        throw XCTSkip("no point on the field")
    }

    /// A tap on the field, then the keyboard's rise played out.
    func focused(_ d: inout Designer, at time: Double = 100) throws -> [DesignerEffect] {
        let p = try fieldPoint(d)
        let effects = d.run([.pointerDown(p), .pointerUp(p)], at: time)
        d.run([.tick], at: time + 2000)
        XCTAssertEqual(d.engine.focusedField, 0)
        XCTAssertTrue(d.isEditingField && d.wantsTextInput)
        return effects
    }

    func key(_ k: DesignerKey, shift: Bool = false, control: Bool = false) -> DesignerInput { .key(k, shift: shift, control: control) }

    func testFieldKeyTable() {
        let rows: [(KeyChord, KeyTable.FieldKey?, UInt)] = [
            (KeyChord(.character("h")), .typesText, #line),
            (KeyChord(.character("H"), shift: true), .typesText, #line),
            (KeyChord(.character("?"), shift: true), .typesText, #line),
            (KeyChord(.digit(1)), .typesText, #line),
            (KeyChord(.space), .typesText, #line),
            (KeyChord(.backspace), .deleteBackward, #line),
            (KeyChord(.enter), .endEditing, #line),
            (KeyChord(.escape), .endEditing, #line),
            (KeyChord(.escape, shift: true), .endEditing, #line),
            (KeyChord(.delete), .nothing, #line),
            (KeyChord(.character("z"), control: true), nil, #line),
            (KeyChord(.character("s"), control: true), nil, #line),
            (KeyChord(.f5), nil, #line),
            (KeyChord(.tab), nil, #line),
            (KeyChord(.up), nil, #line),
        ]
        for (chord, expected, line) in rows { XCTAssertEqual(KeyTable.fieldKey(for: chord), expected, "\(chord)", line: line) }
    }

    /// Focused: letters, digits and Space type (through text input) and run no shortcut; ⌫ deletes; Esc hides the
    /// keyboard and ends the focus instead of quitting; the next Esc quits.
    func testFocusedKeysTypeAndEscHidesTheKeyboard() throws {
        var d = try searchDesigner()
        let tap = try focused(&d)
        XCTAssertTrue(tap.contains { if case .log(let e) = $0 { e.contains { $0.event == .focus(0) } } else { false } }, "\(tap)")
        XCTAssertGreaterThan(d.engine.keyboard.visible, 300)
        let detent = d.engine.restingDetent
        // SDL sends the key press and then its text: the press runs no shortcut, the text types.
        for (k, text) in [(key(.character("h")), "h"), (key(.space), " "), (key(.digit(1)), "1"), (key(.character("p")), "p"),
                          (key(.character("?"), shift: true), "?")] {
            let effects = d.run([k], at: 3000)
            XCTAssertEqual(effects, [], "\(k) runs nothing")
            d.run([.text(text)], at: 3001)
        }
        XCTAssertEqual(d.engine.text(ofField: 0), "h 1p?")
        XCTAssertFalse(d.panels.hud, "H typed, not the HUD")
        XCTAssertFalse(d.panels.help, "? typed, not the help")
        XCTAssertEqual(d.engine.phase, .idle, "Space typed, not a dismiss")
        XCTAssertEqual(d.engine.restingDetent, detent, "1 typed, not a detent")
        let effects = d.run([key(.backspace), key(.backspace)], at: 3100)
        XCTAssertEqual(d.engine.text(ofField: 0), "h 1")
        XCTAssertTrue(effects.contains { if case .log(let e) = $0 { e.contains { $0.event == .text(field: 0, text: "h 1") } } else { false } })

        // Ctrl+Z and Ctrl+S still reach the table.
        XCTAssertTrue(d.run([key(.character("s"), control: true)], at: 3200).contains { if case .saveConfig = $0 { true } else { false } })
        d.run([key(.character("z"), control: true)], at: 3210)
        XCTAssertEqual(d.toast?.message, "Nothing to undo")

        // Esc: the keyboard goes down and the focus ends; the window keeps running.
        let esc = d.run([key(.escape)], at: 4000)
        XCTAssertTrue(d.running)
        XCTAssertNil(d.engine.focusedField)
        XCTAssertFalse(d.isEditingField || d.wantsTextInput)
        XCTAssertTrue(esc.contains { if case .log(let e) = $0 { e.contains { $0.event == .blur(0) } } else { false } })
        d.run([.tick], at: 6000)
        XCTAssertEqual(d.engine.keyboard.visible, 0)
        // Unfocused, text input does not type, and the keys are shortcuts again.
        d.run([.text("x")], at: 6001)
        XCTAssertEqual(d.engine.text(ofField: 0), "h 1")
        d.run([key(.character("h"))], at: 6002)
        XCTAssertTrue(d.panels.hud)
        d.run([key(.escape)], at: 6003)
        XCTAssertFalse(d.running, "Esc with no focus quits")
    }

    /// Return ends the editing as a search field's return does.
    func testReturnHidesTheKeyboard() throws {
        var d = try searchDesigner()
        _ = try focused(&d)
        d.run([.text("cafe"), key(.enter)], at: 3000)
        XCTAssertNil(d.engine.focusedField)
        XCTAssertFalse(d.engine.keyboard.shown)
        XCTAssertTrue(d.running)
        XCTAssertEqual(d.engine.text(ofField: 0), "cafe", "the text stays in the field")
    }

    /// Unfocused: Space presents and dismisses (a non-dismissible sheet only bounces, so the default config), Esc quits.
    func testUnfocusedSpaceAndEsc() throws {
        var d = try makeDesigner()
        XCTAssertFalse(d.isEditingField)
        d.run([key(.space)], at: 10)
        XCTAssertEqual(d.engine.settleTarget, .dismiss)
        d.run([.tick], at: 3000)
        XCTAssertEqual(d.engine.phase, .dismissed)
        d.run([key(.space)], at: 3010)
        XCTAssertNotEqual(d.engine.settleTarget, .dismiss)
        d.run([key(.escape)], at: 3020)
        XCTAssertFalse(d.running)
    }

    /// The field has the keys while it is focused, with an inspector row selected too: Enter ends the editing, and only
    /// then does Enter type into the row. The inspector typing takes the text; a press on the canvas that focuses the
    /// field leaves the inspector's typing, and the text goes to the field again.
    func testTheFieldAndTheInspectorShareTheKeys() throws {
        var d = try searchDesigner()
        _ = try focused(&d)
        d.run([key(.tab)], at: 3000)
        XCTAssertTrue(d.inspector.isOpen, "Tab is not a field key")
        XCTAssertEqual(d.engine.focusedField, 0)
        // The content row of the field (its placeholder) is a text row.
        let i = try XCTUnwrap(d.inspectorRows.firstIndex { if case .text(let l, _, _) = $0 { l == "text field" } else { false } })
        d.inspector.selection = i
        d.run([key(.enter)], at: 3100)
        XCTAssertNil(d.engine.focusedField, "Enter ended the field's editing")
        XCTAssertNil(d.inspector.typing)
        d.run([.tick], at: 5000)
        d.run([key(.enter)], at: 5100)
        XCTAssertEqual(d.inspector.typing, "Search Maps")
        XCTAssertTrue(d.wantsTextInput, "the inspector types through text input too")
        d.run([.text("!")], at: 5200)
        XCTAssertEqual(d.inspector.typing, "Search Maps!")
        XCTAssertEqual(d.engine.text(ofField: 0), "", "not into the field")
        let p = try fieldPoint(d)
        d.run([.pointerDown(p), .pointerUp(p)], at: 5300)
        XCTAssertEqual(d.engine.focusedField, 0)
        XCTAssertNil(d.inspector.typing, "the press on the canvas left the inspector's typing")
        d.run([.text("x")], at: 5400)
        XCTAssertEqual(d.engine.text(ofField: 0), "x")
        XCTAssertEqual(d.workspace.config.sheet.content.count, 4, "the placeholder was not edited")
    }

    /// F5 records the tap that focuses, the typing and the keyboard going down; the replay types the same text.
    func testTheRecorderRecordsTheTypingAndItReplays() throws {
        var d = try searchDesigner(configPath: "/work/search-sheet.json")
        d.run([key(.f5)], at: 50)
        _ = try focused(&d, at: 100)
        d.run([.text("caf"), .text("x"), key(.backspace), .text("e"), key(.enter)], at: 2500)
        let effects = d.run([key(.f5)], at: 5000)
        guard case .writeRecording(let scenario, _)? = effects.first else { return XCTFail("\(effects)") }
        // Through the file's text and back, as `sheetlab test` reads it: the backspace is written as \u0008.
        let file = try JSONParser.parse(JSONWriter.write(scenario))
        let script = try XCTUnwrap(TreeDecoder().decode(Script.self, from: try XCTUnwrap(file["script"])).value)
        let actions = script.steps.map(\.action)
        XCTAssertTrue(actions.contains(.type("caf")) && actions.contains(.type("\u{8}")) && actions.contains(.keyboard(false)), "\(actions)")
        var replay = SheetEngine(setup: d.setup)
        var events = replay.play(script.steps)
        events += replay.advance(to: replay.time + 2000)
        XCTAssertEqual(replay.text(ofField: 0), "cafe")
        XCTAssertTrue(events.contains { $0.event == .text(field: 0, text: "cafe") })
        XCTAssertNil(replay.focusedField)
    }

    /// A recording begun with a field already focused starts by focusing it, so that its typing replays.
    func testARecordingBegunWhileFocusedFocusesFirst() throws {
        var d = try searchDesigner(configPath: "/work/search-sheet.json")
        _ = try focused(&d)
        d.run([key(.f5)], at: 3000)
        d.run([.text("ab")], at: 3100)
        let effects = d.run([key(.f5)], at: 4000)
        guard case .writeRecording(let scenario, _)? = effects.first else { return XCTFail("\(effects)") }
        let script = try XCTUnwrap(TreeDecoder().decode(Script.self, from: try XCTUnwrap(scenario["script"])).value)
        XCTAssertEqual(script.steps.map(\.action), [.keyboard(true), .type("ab")])
        XCTAssertEqual(script.steps.map(\.at), [0, 100])
    }

    /// The caret blinks: the designer says when the screen next changes (the shell's sleep), and the tick at that edge
    /// bumps the generation; with no focus, nothing wakes the window.
    func testTheCaretWakesTheWindowAtEachBlinkEdge() throws {
        var d = try searchDesigner()
        XCTAssertNil(d.timeUntilScreenChanges(at: 0), "no focus: sleep until an event")
        _ = try focused(&d, at: 100)
        d.run([.text("a")], at: 2100)
        // Solid for 500 ms after the keystroke, then on and off every 500 ms.
        XCTAssertEqual(try XCTUnwrap(d.timeUntilScreenChanges(at: 2100)), 500, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(d.timeUntilScreenChanges(at: 2400)), 200, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(d.timeUntilScreenChanges(at: 2650)), 450, accuracy: 1e-9)
        var g = d.generation
        d.run([.tick], at: 2400)
        XCTAssertEqual(d.generation, g, "no edge crossed")
        d.run([.tick], at: 2601)
        XCTAssertGreaterThan(d.generation, g, "the caret went off")
        XCTAssertFalse(d.engine.caretVisible(at: d.engine.time))
        g = d.generation
        d.run([.tick], at: 2900)
        XCTAssertEqual(d.generation, g)
        d.run([.tick], at: 3101)
        XCTAssertGreaterThan(d.generation, g, "the caret came back")
        d.run([key(.escape)], at: 3200)
        XCTAssertNil(d.timeUntilScreenChanges(at: 3200))
        // A toast goes at a known time too: a sleep until then, not frames.
        d.run([key(.character("s"))], at: 4000)
        XCTAssertNotNil(d.toast)
        XCTAssertEqual(try XCTUnwrap(d.timeUntilScreenChanges(at: 4100)), Designer.toastDuration - 100, accuracy: 1e-9)
        d.run([.tick], at: 4000 + Designer.toastDuration + 1)
        XCTAssertNil(d.toast)
        XCTAssertFalse(d.isBusy)
    }

    /// The HUD's keyboard lines: only with a text field; the visible height of the full height and the behaviour.
    func testHUDLines() throws {
        XCTAssertEqual(try makeDesigner().keyboardHUDLines, [])
        var d = try searchDesigner()
        XCTAssertEqual(d.keyboardHUDLines, ["keyboard 0 of 353 pt", "  system (UIKit)"])
        _ = try focused(&d)
        XCTAssertEqual(d.keyboardHUDLines, ["keyboard 353 of 353 pt   field 0", "  system (UIKit)"])
    }

    /// The inspector's Keyboard row cycles `sheet.keyboard.behavior` through the feel's default (null) and every
    /// behaviour, each click one edit that one undo takes back; the HUD follows.
    func testTheInspectorKeyboardRowEditsTheBehaviour() throws {
        var d = try searchDesigner()
        d.run([key(.tab)], at: 10)
        let rows = d.inspectorRows
        let i = try XCTUnwrap(rows.firstIndex { if case .choice(let l, _, _, _) = $0 { l == "Keyboard" } else { false } })
        guard case .choice(_, let path, let options, let current) = rows[i] else { return XCTFail() }
        XCTAssertEqual(path, KeyPath.root / "sheet" / "keyboard" / "behavior")
        XCTAssertEqual(options, [nil] + KeyboardBehavior.allCases.map(\.rawValue))
        XCTAssertEqual(current, "system")
        // Rows below the panel's height are reached by scrolling it.
        d.inspector.scroll = max(0, Inspector.top + Double(i + 1) * Inspector.rowHeight - (d.canvas.height - Inspector.hintHeight))
        let at = Point(d.canvas.width + 150, Inspector.top + Double(i) * Inspector.rowHeight + 11 - d.inspector.scroll)
        d.run([.pointerDown(at), .pointerUp(at)], at: 20)
        XCTAssertEqual(d.workspace.config.sheet.keyboard.behavior, .interactive)
        XCTAssertEqual(d.setup.keyboardBehavior, .interactive)
        XCTAssertEqual(d.engine.setup.keyboardBehavior, .interactive, "the engine took the new setup")
        XCTAssertEqual(d.keyboardHUDLines.last, "  interactive (gorhom)")
        XCTAssertTrue(d.hasUnsavedChanges)
        d.run([key(.character("z"), control: true)], at: 30)
        XCTAssertEqual(d.workspace.config.sheet.keyboard.behavior, .system, "one undo step")
        XCTAssertFalse(d.hasUnsavedChanges)
        // ← from system goes to null: the feel's default, shown as such (not as the behaviour `none`).
        d.inspector.selection = i
        d.run([key(.left)], at: 40)
        XCTAssertNil(d.workspace.config.sheet.keyboard.behavior)
        XCTAssertEqual(d.setup.keyboardBehavior, .system, "UIKit's feel: system")
        guard case .choice(_, _, _, let shown) = d.inspectorRows[i] else { return XCTFail() }
        XCTAssertNil(shown)
        XCTAssertEqual(InspectorRows.shownChoice(shown, path: path, setup: d.setup), "default (system)")
        XCTAssertEqual(InspectorRows.shownChoice(nil, path: KeyPath.root / "sheet" / "dimming" / "largestUndimmedDetent", setup: d.setup), "none")
        // The Dismiss-on-drag toggle.
        let t = try XCTUnwrap(d.inspectorRows.firstIndex { if case .toggle(let l, _, _) = $0 { l == "Dismiss on drag" } else { false } })
        d.inspector.selection = t
        d.run([key(.right)], at: 50)
        XCTAssertFalse(d.workspace.config.sheet.keyboard.dismissOnDrag)
    }
}
