import Foundation
import XCTest

/// Files dropped on the real window under Xvfb (issue 37): a real XDND drop (`scripts/xdnd-drop.py`, the protocol a
/// file manager speaks) reaches SDL's SDL_DROPFILE, so the whole path runs as for a person's drop: the screenshot is
/// measured, its config written beside it becomes the live, watched config, and the screenshot shows as an onion skin
/// or side by side (C). Bad drops say why in the banner and on stderr, and the last good config stays.
final class DropWindowTests: XvfbTestCase {
    /// Debian's Python, which python3-xlib installs into.
    static let python = "/usr/bin/python3"

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard (try? display.run(Self.python, ["-c", "import Xlib; print('ok')"]))?.contains("ok") == true else {
            XCTFail("python3-xlib is missing: `make test` installs it (scripts/xdnd-drop.py drops files on the window)")
            throw XCTSkip("no python3-xlib")
        }
    }

    /// Drops `file` on the window named SheetLab, as a file manager would.
    func drop(_ file: URL) throws {
        let id = try XCTUnwrap(try display.run("xdotool", ["search", "--onlyvisible", "--name", "SheetLab"]).split(separator: "\n").first)
        try display.run(Self.python, [repositoryRoot.appendingPathComponent("scripts/xdnd-drop.py").path, String(id), file.path])
    }

    /// The PNG's pixels, as a screenshot of its size.
    func pixels(of png: URL) throws -> Screenshot {
        let size = try display.run("identify", ["-format", "%w %h", png.path]).split(separator: " ").compactMap { Int($0) }
        let raw = try display.runData("convert", [png.path, "-depth", "8", "rgb:-"])
        return Screenshot(width: size[0], height: size[1], rgb: [UInt8](raw))
    }

    /// The mean absolute difference, in levels per channel, between `a` at (x, y) and `expected(x, y)` over the rows and
    /// columns given.
    func meanDifference(_ a: Screenshot, rows: Range<Int>, columns: Range<Int>, dx: Int = 0,
                        _ expected: (Int, Int) -> (r: Int, g: Int, b: Int)) -> Double {
        var total = 0, count = 0
        for y in rows {
            for x in columns {
                let p = a.pixel(x: x + dx, y: y), e = expected(x, y)
                total += abs(p.r - e.r) + abs(p.g - e.g) + abs(p.b - e.b)
                count += 3
            }
        }
        return Double(total) / Double(count)
    }

    /// The window once xdotool finds it under `name` with `width`.
    func waitForWindow(_ name: String, width: Int) throws -> VirtualDisplay.Geometry {
        let deadline = Date().addingTimeInterval(120)  // a guard against a hang, not a wait
        var window = try display.waitForWindow(named: name)
        while window.width != width && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            window = try display.waitForWindow(named: name)
        }
        XCTAssertEqual(window.width, width, "the window named \(name)")
        return window
    }

    func testADroppedScreenshotBecomesTheLiveConfigBesideItsReference() throws {
        // The reference: SheetLab's own classic page sheet at 1× (393 × 852, iPhone 15), its content a settings list
        // that the measured config does not carry (measure writes no content): only the onion skin can show it.
        let reference = dir.appendingPathComponent("page sheet.png")
        let rendered = runSheetlab(["render", "--config", repositoryRoot.appendingPathComponent("Assets/Examples/classic-page-sheet.json").path,
                                    "--scale", "1", "--out", reference.path], cwd: dir)
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let ref = try pixels(of: reference)

        let app = try display.launch(sheetlabBinary!, ["run"], cwd: dir)
        defer { if app.isRunning { app.terminate() } }
        var window = try display.waitForWindow(named: "SheetLab")
        try app.waitUntilIdle()
        // Rows 200–380 are the background above the sheet: the built-in default's map, not the reference's list.
        let background = 200..<380, canvas = 0..<393
        let before = try display.screenshot(of: window)
        XCTAssertGreaterThan(meanDifference(before, rows: background, columns: canvas) { ref.pixel(x: $0, y: $1) }, 20,
                             "the built-in default is not the reference to begin with")

        try app.settle { try drop(reference) }
        window = try waitForWindow("page sheet.sheetlab.json", width: 393)
        try app.waitUntilIdle()
        let written = dir.appendingPathComponent("page sheet.sheetlab.json")
        let config = try String(contentsOf: written, encoding: .utf8)
        XCTAssertTrue(config.contains(#""initialDetent": "measured""#), config)
        XCTAssertTrue(config.contains(#""scene": "list""#), config)

        // Onion skin, then C: side by side (the window widens by a canvas, the reference on the left), then C: hidden.
        let onion = try display.screenshot(of: window)
        try app.settle { try display.key("c", in: window) }
        window = try waitForWindow("page sheet.sheetlab.json", width: 393 + 12 + 393)
        try app.waitUntilIdle()
        let side = try display.screenshot(of: window)
        try app.settle { try display.key("c", in: window) }
        window = try waitForWindow("page sheet.sheetlab.json", width: 393)
        try app.waitUntilIdle()
        let live = try display.screenshot(of: window)

        // The measured config is live: the list scene, dimmed as in the screenshot, and the sheet's top and fill.
        XCTAssertLessThan(meanDifference(live, rows: background, columns: canvas) { ref.pixel(x: $0, y: $1) }, 3,
                          "the live background is the reference's")
        XCTAssertLessThan(meanDifference(live, rows: 386..<398, columns: 20..<170) { ref.pixel(x: $0, y: $1) }, 4,
                          "the sheet's top edge at 392 pt and its corner")
        // Side by side: the reference on the left, pixel for pixel; the live canvas on the right, as hidden.
        // (Between the display's rounded corners, which it gets as the live frames do: black outside them.)
        XCTAssertLessThan(meanDifference(side, rows: 60..<792, columns: canvas) { ref.pixel(x: $0, y: $1) }, 1,
                          "the reference, left of the canvas")
        XCTAssertLessThan(meanDifference(side, rows: 0..<4, columns: 0..<4) { _, _ in (0, 0, 0) }, 1, "with the display's corners")
        XCTAssertLessThan(meanDifference(side, rows: background, columns: canvas, dx: 393 + 12) { live.pixel(x: $0, y: $1) }, 1,
                          "the live canvas, right of it")
        XCTAssertLessThan(meanDifference(side, rows: 0..<852, columns: 393..<405) { _, _ in (0, 0, 0) }, 1, "a black gap between")
        // The onion skin: the reference at 50 % over the live render, where they differ most (the content).
        let content = 500..<680, inside = 10..<383
        XCTAssertGreaterThan(meanDifference(live, rows: content, columns: inside) { ref.pixel(x: $0, y: $1) }, 8,
                             "the content differs: the measured config has none")
        XCTAssertLessThan(meanDifference(onion, rows: content, columns: inside) { x, y in
            let r = ref.pixel(x: x, y: y), l = live.pixel(x: x, y: y)
            return ((r.r + l.r) / 2, (r.g + l.g) / 2, (r.b + l.b) / 2)
        }, 2, "onion skin: half the reference over the live sheet")
        XCTAssertTrue(app.stderrText.isEmpty, app.stderrText)

        // Bad drops: not an image, a screenshot with no sheet, a size no device has. Each says why in the red banner
        // and on stderr, and the measured config stays live.
        let notes = dir.appendingPathComponent("notes.txt")
        try Data("not a picture".utf8).write(to: notes)
        let empty = dir.appendingPathComponent("no-sheet.png")
        let noSheet = dir.appendingPathComponent("no-sheet.json")
        try Data(#"{"background": {"scene": "list"}, "sheet": {"presented": false}}"#.utf8).write(to: noSheet)
        XCTAssertEqual(runSheetlab(["render", "--config", noSheet.path, "--scale", "1", "--out", empty.path], cwd: dir).status, 0)
        let small = dir.appendingPathComponent("small.png")
        try display.run("convert", [empty.path, "-crop", "300x500+0+0", "+repage", small.path])
        let rows: [(line: UInt, file: URL, says: String)] = [
            (#line, notes, "notes.txt: cannot measure it: not an image SheetLab can read (PNG or JPEG)"),
            (#line, empty, "no-sheet.png: cannot measure it: no sheet found: "),
            (#line, small, "small.png: cannot measure it: the image is 300×500 px, the size of no device"),
        ]
        for row in rows {
            try app.settle { try drop(row.file) }
            try waitFor("stderr to say why", row.says, in: app)
            let shot = try waitForScreen("the red banner", window) { $0.pixel(x: 30, y: 70).r > 150 && $0.pixel(x: 30, y: 70).g < 110 }
            XCTAssertLessThan(meanDifference(shot, rows: background, columns: canvas) { ref.pixel(x: $0, y: $1) }, 3,
                              "the measured config stays", line: row.line)
            XCTAssertNoThrow(try display.waitForWindow(named: "page sheet.sheetlab.json", timeout: 5), line: row.line)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("notes.sheetlab.json").path))
        kill(app.processIdentifier, SIGTERM)
        XCTAssertEqual(app.waitForExit(timeout: 120), 0)
    }

    /// A dropped recording: a clip of a glass sheet going from medium to large and down to a custom detent, measured
    /// as `sheetlab measure VIDEO` measures it; its config (three detents, the fitted spring) becomes the live one, and
    /// the still its look was read from is the reference (its PNG written beside the config). A recording with no
    /// resting frame says so in the banner.
    func testADroppedRecordingBecomesTheLiveConfigWithItsDetentsAndMotion() throws {
        try Data(##"{"device": "iphone-15", "background": {"color": "#E9453A"}, "sheet": {"style": "glass", "detents": [{"id": "peek", "height": 150}, "medium", "large"], "initialDetent": "medium", "motion": {"curve": "spring", "response": 0.5, "dampingRatio": 0.85}}}"##.utf8)
            .write(to: dir.appendingPathComponent("glass.json"))
        try Data(#"{"steps": [{"at": 100, "select": "large"}, {"at": 1400, "select": "peek"}]}"#.utf8).write(to: dir.appendingPathComponent("moves.json"))
        let clip = dir.appendingPathComponent("sheet clip.webp")
        let made = runSheetlab(["clip", "--config", "glass.json", "--script", "moves.json", "--out", clip.path, "--scale", "1",
                                "--fps", "30", "--to", "2900", "--effort", "0"], cwd: dir)
        XCTAssertEqual(made.status, 0, made.stderr)
        try Data(##"{"device": "iphone-15", "background": {"color": "#E9453A"}, "sheet": {"style": "glass", "motion": {"curve": "linear", "duration": 1.0}}}"##.utf8)
            .write(to: dir.appendingPathComponent("linear.json"))
        try Data(#"{"steps": [{"at": 0, "select": "large"}]}"#.utf8).write(to: dir.appendingPathComponent("up.json"))
        let moving = dir.appendingPathComponent("moving.webp")
        XCTAssertEqual(runSheetlab(["clip", "--config", "linear.json", "--script", "up.json", "--out", moving.path, "--scale", "1",
                                    "--fps", "30", "--from", "100", "--to", "800", "--effort", "0"], cwd: dir).status, 0)

        let app = try display.launch(sheetlabBinary!, ["run"], cwd: dir)
        defer { if app.isRunning { app.terminate() } }
        _ = try display.waitForWindow(named: "SheetLab")
        try app.waitUntilIdle()
        try app.settle { try drop(clip) }
        let window = try waitForWindow("sheet clip.sheetlab.json", width: 393)
        try app.waitUntilIdle()
        let config = try String(contentsOf: dir.appendingPathComponent("sheet clip.sheetlab.json"), encoding: .utf8)
        XCTAssertTrue(config.contains(#""medium""#) && config.contains(#""large""#), config)
        XCTAssertTrue(config.contains(#""curve": "spring""#), config)
        XCTAssertTrue(config.contains(#""initialDetent": "medium""#), config)
        let still = dir.appendingPathComponent("sheet clip.sheetlab.png")
        XCTAssertTrue(FileManager.default.fileExists(atPath: still.path), "the still the look was read from, beside the config")
        // The live config rests at medium like the still the look came from, over the clip's red and its dimming: the
        // onion skin of the two is the still, above the sheet and across its top edge at 392 pt.
        let live = try display.screenshot(of: window)
        let reference = try pixels(of: still)
        XCTAssertLessThan(meanDifference(live, rows: 200..<400, columns: 0..<393) { reference.pixel(x: $0, y: $1) }, 3,
                          "the live config over its reference, the still at medium")

        try app.settle { try drop(moving) }
        try waitFor("stderr to say why", "moving.webp: cannot measure it: no resting frame", in: app)
        XCTAssertNoThrow(try display.waitForWindow(named: "sheet clip.sheetlab.json", timeout: 5))
        kill(app.processIdentifier, SIGTERM)
        XCTAssertEqual(app.waitForExit(timeout: 120), 0)
    }

    /// Waits until the app's stderr holds `text`; `timeout` guards against a hang only.
    func waitFor(_ what: String, _ text: String, in app: LaunchedApp, timeout: TimeInterval = 120) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !app.stderrText.contains(text) {
            guard Date() < deadline else {
                XCTFail("timed out waiting for \(what) (\(text)): \(app.stderrText)")
                throw XCTSkip("timed out")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }
}
