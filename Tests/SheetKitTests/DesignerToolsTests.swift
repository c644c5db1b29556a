import XCTest
@testable import SheetKit

/// Detent handles and edits, devices and rotation, slow motion, and the gesture recorder.
final class DesignerToolsTests: XCTestCase {
    let setup = SheetSetup(config: SheetLabConfig())
    let detents = KeyPath.root / "sheet" / "detents"

    func testHandleHitTable() {
        // Handles sit 30 pt from the right edge (x 363), at each detent's top; a press within 18 pt grabs.
        let rows: [(line: UInt, at: Point, expected: String?)] = [
            (#line, Point(363, 852 - 120), "peek"),
            (#line, Point(363, 392), "medium"),
            (#line, Point(363 + 17, 392), "medium"),
            (#line, Point(363 + 19, 392), nil),
            (#line, Point(363, 59 + 10), "large"),
            (#line, Point(100, 392), nil),
        ]
        for row in rows { XCTAssertEqual(DetentHandles.hit(row.at, setup: setup), row.expected, line: row.line) }
    }

    func testHandleHeightTable() {
        let canvas = setup.canvas
        let rows: [(line: UInt, y: Double, expected: Double)] = [
            (#line, 340.5, 511.5),
            (#line, 340.3, 511.5),
            (#line, 340.2, 512),
            (#line, 900, DetentEdits.minimumHeight),
            (#line, -50, DetentEdits.rounded(canvas.maxSheetHeight)),
        ]
        for row in rows { XCTAssertEqual(DetentHandles.height(atY: row.y, canvas: canvas), row.expected, line: row.line) }
    }

    func testDetentEditsTable() throws {
        let implicit = try JSONParser.parse(#"{"sheet": {"cornerRadius": 12}}"#)
        let written = try JSONParser.parse(#"{"sheet": {"detents": [{"id": "peek", "height": 120}, "medium", "large"]}}"#)
        let rows: [(line: UInt, document: JSONNode, edits: (JSONNode) -> [ConfigEditor.Edit], expected: String)] = [
            // Default detents are written out first, so one of them can change; the others stay as they were.
            (#line, implicit, { DetentEdits.setHeight("medium", 400.3, document: $0, config: SheetLabConfig()) },
             #"[{"id":"peek","height":120},{"id":"medium","height":400.5},"large"]"#),
            (#line, written, { DetentEdits.setHeight("medium", 300, document: $0, config: SheetLabConfig()) },
             #"[{"id":"peek","height":120},{"id":"medium","height":300},"large"]"#),
            (#line, written, { DetentEdits.setHeight("peek", 99.74, document: $0, config: SheetLabConfig()) },
             #"[{"id":"peek","height":99.5},"medium","large"]"#),
            (#line, written, { DetentEdits.remove("medium", document: $0, config: SheetLabConfig()) },
             #"[{"id":"peek","height":120},"large"]"#),
            (#line, written, { DetentEdits.setHeight("nope", 300, document: $0, config: SheetLabConfig()) },
             #"[{"id":"peek","height":120},"medium","large"]"#),
            // Added halfway up the widest gap (peek 120 to medium 460).
            (#line, implicit, { DetentEdits.add(document: $0, setup: self.setup).edits },
             #"[{"id":"peek","height":120},"medium","large",{"id":"detent1","height":290}]"#),
        ]
        for row in rows {
            let result = row.edits(row.document).reduce(row.document) { $1.applied(to: $0) }
            let text = result.value(at: detents).map { JSONWriter.write($0) } ?? "(none)"
            XCTAssertEqual(text.filter { !$0.isWhitespace }, row.expected, line: row.line)
        }
    }

    func testContentTextTable() throws {
        let content = ContentEdits.path
        let written = try JSONParser.parse(#"{"sheet": {"content": [{"type": "title", "text": "Hi"}, {"type": "button", "title": "Go"}]}}"#)
        let implicit = try JSONParser.parse(#"{"sheet": {}}"#)
        let defaults = SheetLabConfig().sheet.content.count
        let rows: [(line: UInt, document: JSONNode, at: KeyPath, count: Int, expected: String)] = [
            (#line, written, content / 0 / "text", 2, "Hello"),
            (#line, written, content / 1 / "title", 2, "Hello"),
            // The default content is written out first; its elements all stay.
            (#line, implicit, content / 0 / "text", defaults, "Hello"),
        ]
        for row in rows {
            let result = ContentEdits.setText("Hello", at: row.at, document: row.document, config: SheetLabConfig())
                .reduce(row.document) { $1.applied(to: $0) }
            XCTAssertEqual(result.value(at: row.at)?.stringValue, row.expected, line: row.line)
            guard case .array(let items)? = result.value(at: content)?.value else { XCTFail(line: row.line); continue }
            XCTAssertEqual(items.count, row.count, line: row.line)
        }
    }

    func testWorkspaceAdoptsAllOrNothing() throws {
        let root = try JSONNodeEncoder.encode(SheetLabConfig())
        var workspace = Workspace(editor: ConfigEditor(document: root), document: .builtInDefault, setup: setup)
        var next = workspace.editor
        next.apply(.set(KeyPath.root / "sheet" / "cornerRadius", .number(30)))
        let failed = workspace.adopt(next) { (_: JSONNode) throws(InputError) -> Workspace.Derived<Int> in
            throw InputError([Diagnostic(file: "x", message: "the renderer failed")])
        }
        guard case .failure = failed else { return XCTFail() }
        XCTAssertFalse(workspace.editor.hasUnsavedChanges, "the edit did not land in the editor")
        XCTAssertEqual(workspace.config.sheet.cornerRadius, SheetLabConfig().sheet.cornerRadius)
        let done = workspace.adopt(next) { (root: JSONNode) throws(InputError) -> Workspace.Derived<Int> in
            let config = TreeDecoder().decode(SheetLabConfig.self, from: root).value!
            return .init(document: ConfigDocument(config: config, root: root, file: "x"), setup: SheetSetup(config: config), output: 7)
        }
        guard case .success(7) = done else { return XCTFail("\(done)") }
        XCTAssertEqual(workspace.config.sheet.cornerRadius, 30)
        XCTAssertEqual(workspace.setup.config.sheet.cornerRadius, 30)
        XCTAssertTrue(workspace.editor.hasUnsavedChanges)
    }

    func testDevicesAndRotationTable() {
        let portrait = setup.canvas
        var landscape = portrait
        (landscape.width, landscape.height) = (852, 393)
        let rows: [(line: UInt, device: String, canvas: Canvas, expected: ConfigEditor.Edit)] = [
            (#line, "iphone-15", portrait, .set(KeyPath.root / "canvas", .object(["width": .number(852), "height": .number(393),
                                                                                   "safeArea": .object(["top": .number(0), "bottom": .number(21)])]))),
            (#line, "iphone-se", portrait, .set(KeyPath.root / "canvas", .object(["width": .number(667), "height": .number(375),
                                                                                   "safeArea": .object(["top": .number(0), "bottom": .number(0)])]))),
            (#line, "iphone-15", landscape, .remove(KeyPath.root / "canvas")),
        ]
        for row in rows { XCTAssertEqual(DeviceEdits.rotation(device: row.device, canvas: row.canvas).edit, row.expected, line: row.line) }

        let names = DevicePreset.all.map(\.name)
        for (i, name) in names.enumerated() {
            XCTAssertEqual(DeviceEdits.nextDevice(after: name).name, names[(i + 1) % names.count])
        }
    }

    func testSlowMotion() {
        XCTAssertEqual(SlowMotion.toggled(1), SlowMotion.factor)
        XCTAssertEqual(SlowMotion.toggled(SlowMotion.factor), 1)
        XCTAssertEqual(SlowMotion.badge, "Slow motion 5×")
        XCTAssertEqual(SlowMotion.toast(for: SlowMotion.factor), "Slow motion: 5× slower")
        XCTAssertEqual(SlowMotion.toast(for: 1), "Normal speed")
    }

    func testARecordedFlickReplaysAtTheSameVelocity() throws {
        // A flick as the window sees it: odd times and sub-point positions, on the engine's clock.
        var engine = SheetEngine(setup: setup)
        _ = engine.advance(to: 1234.5678)
        var recorder = GestureRecorder(start: engine.time)
        let moves: [(Double, Point)] = [(1240.113, Point(196.4, 560.27)), (1256.9, Point(196.4, 531.1)), (1273.25, Point(196.9, 488.66)),
                                        (1289.71, Point(197.2, 447.09)), (1306.02, Point(197.2, 419.5))]
        func feed(_ input: SheetInput, _ t: Double) {
            recorder.record(input, at: t)
            _ = engine.handle(input, at: t)
        }
        feed(.pointerDown(moves[0].1), moves[0].0)
        for (t, p) in moves.dropFirst() { _ = engine.advance(to: t); feed(.pointerMove(p), t) }
        _ = engine.advance(to: 1310.4)
        feed(.pointerUp(moves.last!.1), 1310.4)
        let windowRelease = try XCTUnwrap(engine.lastRelease)

        // Written out and read back as `sheetlab test` and `simulate` would.
        let text = JSONWriter.write(recorder.scenario(configName: "sheet.json", end: 2000))
        let scenario = try JSONParser.parse(text)
        XCTAssertEqual(scenario["config"]?.stringValue, "sheet.json")
        let script = try XCTUnwrap(TreeDecoder().decode(Script.self, from: try XCTUnwrap(scenario["script"])).value)
        XCTAssertEqual(script, recorder.script.withIndices)
        var replay = SheetEngine(setup: setup)
        for input in Simulation(setup: setup, script: script).timeline() {
            _ = replay.advance(to: input.time)
            _ = replay.handle(input.input, at: input.time)
        }
        let replayed = try XCTUnwrap(replay.lastRelease)
        XCTAssertEqual(replayed.velocity, windowRelease.velocity, accuracy: 0.001)
        XCTAssertEqual(replayed.target, windowRelease.target)
    }
}

extension Script {
    /// Decoded steps carry their index in the file; recorded ones count the same way.
    var withIndices: Script { Script(steps: steps.enumerated().map { Step(at: $1.at, action: $1.action, index: $0) }) }
}
