import XCTest
@testable import SheetKit

/// The designer's reducer: keys, pointers, edits and their adoption, files coming and going.
final class DesignerReducerTests: XCTestCase {
    func testKeysTable() throws {
        typealias Check = (Designer) -> Bool
        let rows: [(line: UInt, keys: [(DesignerKey, Bool, Bool)], check: Check)] = [
            (#line, [(.character("g"), false, false)], { $0.panels.guides }),
            (#line, [(.character("g"), false, false), (.character("G"), false, false)], { !$0.panels.guides }),
            (#line, [(.character("v"), false, false)], { $0.panels.motion }),
            (#line, [(.character("h"), false, false)], { $0.panels.hud }),
            (#line, [(.character("?"), false, false)], { $0.panels.help }),
            (#line, [(.character("s"), false, false)], { $0.engine.timeScale == SlowMotion.factor && $0.badges == ["Slow motion 5×"] }),
            (#line, [(.character("s"), false, false), (.character("s"), false, false)], { $0.engine.timeScale == 1 }),
            (#line, [(.digit(1), false, false)], { $0.engine.settleTarget?.detentID == "peek" }),
            (#line, [(.digit(9), false, false)], { $0.engine.settleTarget == nil }),
            (#line, [(.space, false, false)], { $0.engine.settleTarget == .dismiss }),
            (#line, [(.character("q"), false, false)], { !$0.running }),
            (#line, [(.escape, false, false)], { !$0.running }),
            (#line, [(.tab, false, false)], { $0.inspector.isOpen && $0.layout.width == 393 + Inspector.width }),
            (#line, [(.character("d"), false, false)], { $0.workspace.config.device == "iphone-15-pro" && $0.title == "SheetLab — built-in default •" }),
            (#line, [(.character("o"), false, false)], { $0.canvas.width == 852 && $0.engine.setup.canvas.width == 852 }),
            (#line, [(.character("o"), false, false), (.character("o"), false, false)], { $0.canvas.width == 393 }),
            (#line, [(.character("o"), false, false), (.character("z"), false, true)], { $0.canvas.width == 393 && !$0.hasUnsavedChanges }),
            (#line, [(.character("o"), false, false), (.character("z"), false, true), (.character("z"), true, true)], { $0.canvas.width == 852 }),
            (#line, [(.character("o"), false, false), (.character("z"), false, true), (.character("y"), false, true)], { $0.canvas.width == 852 }),
            (#line, [(.character("z"), false, true)], { $0.toast?.message == "Nothing to undo" }),
            (#line, [(.character("r"), false, false)], { $0.toast?.message == "The built-in default has no file to reload" }),
            (#line, [(.f5, false, false)], { $0.recorder != nil && $0.badges == ["● Recording"] }),
        ]
        for row in rows {
            var d = try makeDesigner()
            for (key, shift, control) in row.keys {
                d.run([.key(key, shift: shift, control: control)], at: 10)
                d.run([.tick], at: 20)
            }
            XCTAssertTrue(row.check(d), "\(d.panels) \(d.toast as Any) \(d.canvas.width)", line: row.line)
        }
    }

    func testEffectsTable() throws {
        let rows: [(line: UInt, path: String?, key: (DesignerKey, Bool, Bool), expected: (DesignerEffect) -> Bool)] = [
            (#line, nil, (.character("s"), false, true), { if case .saveConfig(_, nil) = $0 { return true }; return false }),
            (#line, "/x/a.json", (.character("s"), false, true), { if case .saveConfig(_, "/x/a.json") = $0 { return true }; return false }),
            (#line, "/x/a.json", (.character("r"), false, false), { $0 == .reloadFile(reason: "reloaded") }),
            (#line, nil, (.character("p"), false, false), { $0 == .screenshot }),
        ]
        for row in rows {
            var d = try makeDesigner(configPath: row.path)
            let effects = d.run([.key(row.key.0, shift: row.key.1, control: row.key.2)])
            XCTAssertEqual(effects.count, 1, "\(effects)", line: row.line)
            XCTAssertTrue(effects.first.map(row.expected) ?? false, "\(effects)", line: row.line)
        }
    }

    func testHandleDragUndoesInOneStepAndSaves() throws {
        var d = try makeDesigner()
        d.run([.key(.character("g"), shift: false, control: false), .pointerDown(Point(363, 392))])
        XCTAssertEqual(d.handleDrag?.detentID, "medium")
        XCTAssertFalse(d.engine.isPointerDown, "a handle press does not reach the sheet")
        d.run([.pointerMove(Point(363, 400), buttonDown: true), .pointerMove(Point(363, 340.5), buttonDown: true), .pointerUp(Point(363, 340.5))])
        XCTAssertEqual(d.setup.detent("medium")?.height, 511.5)
        XCTAssertEqual(d.engine.setup.detent("medium")?.height, 511.5, "the engine follows the workspace")
        XCTAssertEqual(d.toast?.message, "medium: 511.5 pt")
        d.run([.key(.character("z"), shift: false, control: true)])
        XCTAssertEqual(d.setup.detent("medium")?.height, 460, "the whole drag undoes in one step")
        d.run([.key(.character("z"), shift: true, control: true)])
        let effects = d.run([.key(.character("s"), shift: false, control: true)])
        guard case .saveConfig(let text, nil)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertTrue(text.contains("511.5"))
        // The shell wrote ./sheet.json: the default becomes that file, watched, no longer unsaved.
        let saved = d.run([.wrote(.config(path: "/work/sheet.json"))])
        XCTAssertEqual(saved, [.stdout("saved /work/sheet.json"), .watch("/work/sheet.json")])
        XCTAssertEqual(d.title, "SheetLab — sheet.json")
        XCTAssertFalse(d.hasUnsavedChanges)
    }

    func testInspectorEditsThroughThePanel() throws {
        var d = try makeDesigner()
        d.run([.key(.tab, shift: false, control: false)])
        func row(_ i: Int) -> Point { Point(393 + 150, Inspector.top + Double(i) * Inspector.rowHeight + 11) }
        d.run([.pointerDown(row(10)), .pointerUp(row(10))])
        d.run([.key(.enter, shift: false, control: false), .key(.digit(2), shift: false, control: false),
               .key(.digit(4), shift: false, control: false), .key(.enter, shift: false, control: false)])
        XCTAssertEqual(d.workspace.config.sheet.cornerRadius, 24)
        d.run([.pointerDown(row(4)), .pointerUp(row(4))])
        XCTAssertEqual(d.setup.detents.map(\.id), ["peek", "detent1", "medium", "large"], "added in the widest gap, peek 120 to medium 460")
        XCTAssertEqual(d.toast?.message, "Added detent1")
        d.run([.pointerDown(row(2)), .pointerUp(row(2)), .key(.delete, shift: false, control: false)])
        XCTAssertEqual(d.setup.detents.map(\.id), ["peek", "medium", "large"])
        // A refused value says why and changes nothing.
        d.run([.pointerDown(row(10)), .pointerUp(row(10)), .key(.enter, shift: false, control: false),
               .key(.character("-"), shift: false, control: false), .key(.digit(3), shift: false, control: false),
               .key(.enter, shift: false, control: false)])
        XCTAssertEqual(d.workspace.config.sheet.cornerRadius, 24)
        XCTAssertTrue(d.toast?.message.hasPrefix("Refused: sheet.cornerRadius") ?? false, d.toast?.message ?? "")
    }

    func testAFailedAdoptionKeepsTheLastGoodConfigEverywhere() throws {
        // The renderer cannot be built (say, an undecodable image): nothing of the edit may land.
        var d = try makeDesigner()
        let before = d.workspace.editor.document
        var next = d.workspace.editor
        XCTAssertEqual(next.apply(DetentEdits.setHeight("peek", 300, document: next.document, config: SheetLabConfig())), [])
        let failure = InputError([Diagnostic(file: "x.json", path: KeyPath.root / "sheet" / "content" / 0 / "path", message: "x.png: cannot read the image")])
        let effects = d.handle(.derived(next, overrides: .none, .failure(failure), message: "Config saved"), at: 0)
        XCTAssertEqual(effects, [.stderr(failure.description)])
        XCTAssertEqual(d.banner, failure.description.replacingOccurrences(of: "sheetlab: ", with: ""))
        XCTAssertNil(d.toast, "no \"Config saved\"")
        XCTAssertEqual(d.workspace.editor.document, before, "the edit did not land in the workspace")
        XCTAssertEqual(d.setup.detent("peek")?.height, 120)
        XCTAssertEqual(d.engine.setup.detent("peek")?.height, 120, "the engine stays on the last good config")
        XCTAssertFalse(d.hasUnsavedChanges)
        // The same edit, when it can be built, lands in the workspace and the engine together.
        _ = d.handle(.derived(next, overrides: .none, Result { () throws(InputError) in try deriveForTests(next.document) }, message: "Config saved"), at: 0)
        XCTAssertNil(d.banner)
        XCTAssertEqual(d.engine.setup.detent("peek")?.height, 300)
        XCTAssertNotEqual(d.workspace.editor.document, before)
    }

    func testFilesFromDiskTable() throws {
        let external = try JSONParser.parse(#"{"sheet": {"cornerRadius": 30}}"#)
        let loaded = FileLoad.loaded(ConfigDocument(config: SheetLabConfig(), root: external, file: "a.json"))
        // No local edits: the file's version replaces the document.
        var d = try makeDesigner(configPath: "a.json")
        d.run([.fileLoaded(loaded, reason: "saved")])
        XCTAssertEqual(d.workspace.config.sheet.cornerRadius, 30)
        XCTAssertEqual(d.toast?.message, "Config saved")
        // With a local edit: merged under it, still unsaved.
        d = try makeDesigner(configPath: "a.json")
        d.run([.key(.character("d"), shift: false, control: false), .fileLoaded(loaded, reason: "saved")])
        XCTAssertEqual(d.workspace.config.sheet.cornerRadius, 30)
        XCTAssertEqual(d.workspace.config.device, "iphone-15-pro")
        XCTAssertTrue(d.hasUnsavedChanges)
        // A broken file: banner and stderr, the last good config stays.
        let broken = Diagnostic(file: "a.json", path: KeyPath.root / "sheet" / "cornerRadious", message: "unknown key")
        let effects = d.run([.fileLoaded(.failed([broken]), reason: "saved")])
        XCTAssertEqual(effects, [.stderr(broken.description)])
        XCTAssertNotNil(d.banner)
        XCTAssertEqual(d.workspace.config.sheet.cornerRadius, 30)
    }

    func testAnExternalChangeThatConflictsKeepsBothAndSaysSo() throws {
        var d = try makeDesigner(configPath: "a.json")
        // Locally the sheet opens at peek; on disk peek was removed meanwhile.
        d.run([.key(.tab, shift: false, control: false)])
        let initial = d.inspectorRows.firstIndex { if case .choice("Initial detent", _, _, _) = $0 { return true }; return false }!
        d.run([.pointerDown(Point(393 + 150, Inspector.top + Double(initial) * Inspector.rowHeight + 11)), .key(.left, shift: false, control: false),
               .key(.left, shift: false, control: false)])
        XCTAssertEqual(d.workspace.config.sheet.initialDetent, "peek")
        let external = try JSONParser.parse(#"{"sheet": {"detents": ["medium", "large"], "cornerRadius": 30}}"#)
        let effects = d.run([.fileLoaded(.loaded(ConfigDocument(config: SheetLabConfig(), root: external, file: "a.json")), reason: "saved")])
        XCTAssertEqual(effects.count, 2, "\(effects)")
        guard case .stderr(let line)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertTrue(line.contains("a.json: changed on disk") && line.contains("sheet.initialDetent"), line)
        XCTAssertTrue(d.toast?.message.hasPrefix("The file changed on disk and your edits do not apply") ?? false)
        XCTAssertEqual(d.workspace.config.sheet.initialDetent, "peek", "the window keeps its version")
        XCTAssertEqual(d.workspace.editor.saved["sheet"]?["cornerRadius"]?.value, .number(30), "and knows the file's")
        XCTAssertTrue(d.hasUnsavedChanges)
    }

    func testF5RecordsAScenarioThatReplays() throws {
        var d = try makeDesigner(configPath: "/work/flick.json")
        d.run([.key(.f5, shift: false, control: false)], at: 1000)
        d.run([.pointerDown(Point(196, 560))], at: 1100)
        d.run([.pointerMove(Point(196, 500), buttonDown: true)], at: 1116)
        d.run([.pointerMove(Point(196, 420), buttonDown: true)], at: 1132)
        d.run([.pointerUp(Point(196, 420))], at: 1140)
        let effects = d.run([.key(.f5, shift: false, control: false)], at: 3000)
        guard case .writeRecording(let scenario, let steps)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(steps, 4)
        XCTAssertNil(d.recorder)
        XCTAssertEqual(scenario["config"]?.stringValue, "flick.json")
        let script = try XCTUnwrap(TreeDecoder().decode(Script.self, from: try XCTUnwrap(scenario["script"])).value)
        XCTAssertEqual(script.steps.map(\.at), [100, 116, 132, 140], "times from the start of the recording")
        guard case .array(let snapshots)? = scenario["snapshots"]?.value, case .number(let end)? = snapshots.first?["at"]?.value else { return XCTFail() }
        XCTAssertEqual(end, Simulation(setup: d.setup, script: script).endTime())
        d.run([.wrote(.recording(name: "recording-x.scenario.json", steps: steps))], at: 3001)
        XCTAssertEqual(d.toast?.message, "Recorded 4 steps into recording-x.scenario.json")
    }

    func testRedrawIsDerived() throws {
        var d = try makeDesigner()
        var g = d.generation
        d.run([.pointerMove(Point(10, 10), buttonDown: false)])
        XCTAssertEqual(d.generation, g, "a hover changes nothing")
        d.run([.tick], at: 5)
        XCTAssertEqual(d.generation, g, "nor does time at rest")
        d.run([.key(.character("h"), shift: false, control: false)], at: 6)
        XCTAssertGreaterThan(d.generation, g)
        g = d.generation
        d.run([.key(.character("s"), shift: false, control: false)], at: 7)
        XCTAssertNotNil(d.toast)
        g = d.generation
        d.run([.tick], at: 7 + Designer.toastDuration + 1)
        XCTAssertNil(d.toast)
        XCTAssertGreaterThan(d.generation, g, "the toast going away redraws")
    }

    func testWheelDragLetsGoAfterAPause() throws {
        var d = try makeDesigner()
        d.run([.wheel(dy: 3, at: Point(196, 600))], at: 100)
        d.run([.wheel(dy: 3, at: Point(196, 600))], at: 110)
        XCTAssertTrue(d.engine.isPointerDown)
        d.run([.tick], at: 150)
        XCTAssertTrue(d.engine.isPointerDown, "still within the pause")
        d.run([.tick], at: 110 + Designer.wheelReleaseAfter + 1)
        XCTAssertFalse(d.engine.isPointerDown)
        XCTAssertNil(d.wheel)
    }
}

/// A designer on the built-in default (iPhone 15: 393 × 852; detents peek 120, medium 460, large 793).
func makeDesigner(configPath: String? = nil) throws -> Designer {
    let root = try JSONNodeEncoder.encode(SheetLabConfig())
    let workspace = Workspace(editor: ConfigEditor(document: root), document: .builtInDefault, setup: SheetSetup(config: SheetLabConfig()))
    return Designer(workspace: workspace, configPath: configPath)
}

/// Loads and resolves a document as the shell does, with estimated text metrics and no renderer.
func deriveForTests(_ root: JSONNode, overrides: ConfigOverrides = .none) throws(InputError) -> Workspace.Derived<Void> {
    switch ConfigLoader.load(root: root, file: "test") {
    case .success(let document):
        let shown = overrides.applied(to: document)
        return .init(document: shown, setup: SheetSetup(config: shown.config), output: ())
    case .failure(let error): throw error
    }
}

extension Designer {
    /// Feeds inputs and carries out adoptions as the shell would; returns the other effects.
    @discardableResult
    mutating func run(_ inputs: [DesignerInput], at time: Double = 0) -> [DesignerEffect] {
        var out: [DesignerEffect] = []
        for input in inputs {
            for effect in handle(input, at: time) {
                if case .derive(let next, let overrides, let message) = effect {
                    let outcome = Result { () throws(InputError) in try deriveForTests(next.document, overrides: overrides) }
                    out += handle(.derived(next, overrides: overrides, outcome, message: message), at: time)
                } else { out.append(effect) }
            }
        }
        return out
    }
}
