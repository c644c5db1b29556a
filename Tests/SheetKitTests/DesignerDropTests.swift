import XCTest
@testable import SheetKit

/// A file dropped on the window (issue 37): the designer's decisions, with the shell's measuring played by the test.
/// The real drop, measured and drawn, is `DropWindowTests` under Xvfb.
final class DesignerDropTests: XCTestCase {
    /// A measured config as `sheetlab measure` writes it: one detent, no content.
    let measuredRoot = JSONNode.object([
        ("device", .string("iphone-15")), ("canvas", .object([("scale", .number(1))])),
        ("sheet", .object([("detents", .array([.object([("id", .string("measured")), ("height", .number(300))])])),
                           ("initialDetent", .string("measured")), ("fill", .string("#34C759")), ("content", .array([]))])),
    ])

    func measured(_ picture: String, into path: String, overrides: ConfigOverrides) -> DesignerInput {
        let outcome = Result { () throws(InputError) in try deriveForTests(measuredRoot, overrides: overrides) }
        return .measured(.measured(picture: picture, configPath: path, ConfigEditor(document: measuredRoot), overrides: overrides,
                                   outcome, summary: "report"))
    }

    func testADropIsMeasuredThenBecomesTheWatchedConfigWithTheReference() throws {
        var d = try makeDesigner(configPath: "/work/sheet.json")
        let asked = d.run([.dropped("/shots/maps.png")])
        XCTAssertEqual(asked, [.measure(path: "/shots/maps.png", overrides: ConfigOverrides(device: nil))])
        XCTAssertEqual(d.measuring, "/shots/maps.png")
        XCTAssertEqual(d.toast?.message, "Measuring maps.png…")
        XCTAssertNil(d.reference, "nothing changes until the measurement is back")

        let effects = d.run([measured("/shots/maps.png", into: "/shots/maps.sheetlab.json", overrides: ConfigOverrides(device: nil))])
        XCTAssertTrue(effects.contains(.watch("/shots/maps.sheetlab.json")), "\(effects)")
        XCTAssertTrue(effects.contains(.stdout("measured /shots/maps.png into /shots/maps.sheetlab.json, now the live config")), "\(effects)")
        XCTAssertEqual(d.configPath, "/shots/maps.sheetlab.json")
        XCTAssertEqual(d.title, "SheetLab — maps.sheetlab.json")
        XCTAssertEqual(d.reference, Reference(path: "/shots/maps.png", view: .onionSkin))
        XCTAssertNil(d.measuring)
        XCTAssertFalse(d.hasUnsavedChanges, "the config is on disk as measured")
        XCTAssertEqual(d.setup.detents.map(\.id), ["measured"])
        XCTAssertEqual(d.toast?.message, "Measured maps.png\nNow watching maps.sheetlab.json · C: side by side")
        XCTAssertEqual(d.badges, ["Reference: onion skin"])
    }

    /// Not an image, no sheet, a size no device has: the banner says why, and everything else stays.
    func testAFailedDropKeepsTheConfigAndSaysWhy() throws {
        var d = try makeDesigner(configPath: "/work/sheet.json")
        d.run([.dropped("/shots/notes.txt")])
        let effects = d.run([.measured(.failed(picture: "/shots/notes.txt", reason: "not an image SheetLab can read (PNG or JPEG): bad"))])
        XCTAssertEqual(effects, [.stderr("sheetlab: /shots/notes.txt: cannot measure it: not an image SheetLab can read (PNG or JPEG): bad")])
        XCTAssertEqual(d.banner, "Cannot measure notes.txt: not an image SheetLab can read (PNG or JPEG): bad. The config stays as it was.")
        XCTAssertEqual(d.configPath, "/work/sheet.json")
        XCTAssertNil(d.reference)
        XCTAssertNil(d.measuring)
        XCTAssertEqual(d.setup.detents.map(\.id), ["peek", "medium", "large"])
    }

    /// A measured config that would not derive (a renderer that cannot be built) is refused all or nothing.
    func testAMeasuredConfigThatDoesNotDeriveChangesNothing() throws {
        var d = try makeDesigner(configPath: "/work/sheet.json")
        d.run([.dropped("/shots/maps.png")])
        let failure = InputError([Diagnostic(file: "/shots/maps.sheetlab.json", message: "cannot build it")])
        let effects = d.run([.measured(.measured(picture: "/shots/maps.png", configPath: "/shots/maps.sheetlab.json",
                                                 ConfigEditor(document: measuredRoot), overrides: .none, .failure(failure), summary: ""))])
        XCTAssertFalse(effects.contains(.watch("/shots/maps.sheetlab.json")))
        XCTAssertEqual(d.configPath, "/work/sheet.json")
        XCTAssertNil(d.reference)
        XCTAssertTrue(d.banner?.contains("cannot build it") == true, d.banner ?? "no banner")
    }

    /// Unsaved edits are never dropped silently; of files dropped together (one SDL event each), the first is measured.
    func testDropsThatAreRefused() throws {
        var d = try makeDesigner(configPath: "/work/sheet.json")
        d.run([.key(.character("a"), shift: false, control: false)])
        XCTAssertTrue(d.hasUnsavedChanges)
        XCTAssertEqual(d.run([.dropped("/shots/maps.png")]), [])
        XCTAssertEqual(d.toast?.message, "Unsaved edits: save them (Ctrl+S) or undo them before dropping maps.png")

        var e = try makeDesigner()
        e.run([.dropped("/shots/a.png")])
        XCTAssertEqual(e.run([.dropped("/shots/b.png")]), [], "the second drop waits")
        XCTAssertEqual(e.toast?.message, "Still measuring a.png; drop b.png again when it is done")
    }

    /// A `--device` override ends with a drop: the measured config names the device the picture was taken on.
    func testADropEndsTheDeviceOverride() throws {
        let root = try JSONNodeEncoder.encode(SheetLabConfig())
        let overrides = ConfigOverrides(device: "iphone-se")
        let derived = try deriveForTests(root, overrides: overrides)
        var d = Designer(workspace: Workspace(editor: ConfigEditor(document: root), document: derived.document, setup: derived.setup),
                         configPath: nil, overrides: overrides)
        guard case .measure(_, let asked)? = d.run([.dropped("/shots/maps.png")]).first else { return XCTFail("no measure") }
        XCTAssertNil(asked.device)
        d.run([measured("/shots/maps.png", into: "/shots/maps.sheetlab.json", overrides: asked)])
        XCTAssertNil(d.overrides.device)
        XCTAssertEqual(d.canvas.width, 393)
    }

    /// C cycles the views; side by side widens the layout by a canvas and a gap on the left, whose presses reach nothing.
    func testCCyclesTheReferenceViews() throws {
        var d = try makeDesigner()
        let c = DesignerInput.key(.character("c"), shift: false, control: false)
        d.run([c])
        XCTAssertEqual(d.toast?.message, "No reference: drop a screenshot on the window to measure it")
        d.run([.dropped("/shots/maps.png"), measured("/shots/maps.png", into: "/shots/maps.sheetlab.json", overrides: .none)])
        let rows: [(line: UInt, view: Reference.View, layoutWidth: Double, badges: [String])] = [
            (#line, .sideBySide, 798, ["Reference: side by side"]),
            (#line, .hidden, 393, []),
            (#line, .onionSkin, 393, ["Reference: onion skin"]),
        ]
        for row in rows {
            d.run([c])
            XCTAssertEqual(d.reference?.view, row.view, line: row.line)
            XCTAssertEqual(d.layout.width, row.layoutWidth, line: row.line)
            XCTAssertEqual(d.badges, row.badges, line: row.line)
            XCTAssertEqual(d.toast?.message, "Reference: \(row.view.title)", line: row.line)
        }

        d.run([c])
        XCTAssertEqual(d.layout.point(windowX: 100, y: 400, window: (798, 852)), Point(-305, 400), "on the reference")
        XCTAssertEqual(d.layout.point(windowX: 505, y: 400, window: (798, 852)), Point(100, 400), "on the canvas")
        XCTAssertEqual(d.run([.pointerDown(Point(-305, 400))]), [])
        XCTAssertFalse(d.engine.isPointerDown, "a press on the reference reaches nothing")
    }
}
