import Foundation
import XCTest

/// Typing with the real keyboard into a text field in the real window (issue 30, item 4): xdotool clicks the field of
/// Assets/Examples/search-sheet.json and types "cafe" through SDL's text input; the event log (`--log-events`, JSON
/// lines as `simulate` prints them) shows the focus, the keyboard and the text; A and F, letters of "cafe", run no
/// shortcut; Esc hides the keyboard and a second Esc quits.
final class KeyboardWindowTests: XvfbTestCase {
    /// A point on the search field at rest: `simulate` taps down the middle of the peek detent, and the first tap that
    /// focuses a field is on it (found by the engine's own hit test, not by a number copied from the layout).
    func fieldPoint(config: URL) throws -> (x: Double, y: Double) {
        let ys = Array(stride(from: 852 - 106, to: 852, by: 4))
        // From the sheet's top down, a tap every 1.5 s, each followed by a select of peek (a tap on the grabber or a
        // row moves the sheet): the first focus event is the first tap on the field.
        var steps: [String] = []
        for (i, y) in ys.enumerated() {
            steps.append(#"{"at": \#(i * 1500), "tap": [196, \#(y)]}"#)
            steps.append(#"{"at": \#(i * 1500 + 100), "select": "peek"}"#)
        }
        write("probe.json", #"{"steps": [\#(steps.joined(separator: ", "))]}"#)
        let result = runSheetlab(["simulate", "--config", config.path, "--script", "probe.json"], cwd: dir)
        let records = simulated(result)
        let focus = try XCTUnwrap(records.first { $0.type == "focus" && $0.number("field") == 0 }, "no tap focused the field")
        let index = Int((focus.t / 1500).rounded(.down))
        // The first hit lies within 4 pt of the field's top; the field is 36 pt tall (UIKit's search field): aim 14 pt
        // lower, well inside it.
        return (196, Double(ys[index] + 14))
    }

    func testClickTheFieldAndTypeCafe() throws {
        let config = dir.appendingPathComponent("search-sheet.json")
        let log = dir.appendingPathComponent("events.jsonl")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Assets/Examples/search-sheet.json"), to: config)
        let field = try fieldPoint(config: config)
        let app = try display.launch(sheetlabBinary!, ["run", "--config", config.path, "--log-events", log.path], cwd: dir)
        defer { if app.isRunning { app.terminate() } }
        let window: VirtualDisplay.Geometry
        do { window = try display.waitForWindow(named: "SheetLab") } catch {
            XCTFail("no window; running: \(app.isRunning); stderr: \(app.stderrText)")
            throw error
        }
        // The first frame: the map above the peek sheet.
        try waitForScreen("the first frame", window) { $0.luminance(x: 20, y: 200) > 120 }
        try app.waitUntilIdle()

        try display.click(in: window, at: field)
        try waitFor("the focus", log: log) { $0.contains(#""type": "focus""#) && $0.contains(#""field": 0"#) }
        try waitFor("the keyboard up", log: log) { $0.contains(#""type": "keyboard""#) && $0.contains(#""height": 353.0"#) }  // iOS 26's glass keyboard on the iPhone 15: 336 + 17
        // Typed through the X server's keyboard, as a person types: each key a press, its character SDL text input.
        try display.run("xdotool", ["type", "--delay", "80", "cafe"])
        try waitFor("the text cafe", log: log) { $0.contains(#""text": "cafe""#) }
        let typed = try lines(log).filter { $0["type"] as? String == "text" }.map { $0["text"] as? String ?? "" }
        XCTAssertEqual(typed, ["c", "ca", "caf", "cafe"], "one text event per character, in order")
        // A (appearance) and F (feel) typed, not run: no edit, so the title has no unsaved mark.
        let id = try XCTUnwrap(display.run("xdotool", ["search", "--onlyvisible", "--name", "SheetLab"]).split(separator: "\n").first)
        let title = try display.run("xdotool", ["getwindowname", String(id)]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(title, "SheetLab — search-sheet.json")

        // Backspace deletes one character; the screenshot shows the field focused, with the keyboard up.
        try display.run("xdotool", ["key", "BackSpace"])
        try waitFor("the text caf", log: log) { $0.contains(#""text": "caf""#) }
        try display.run("xdotool", ["type", "--delay", "80", "e"])
        try waitFor("cafe again", log: log) { $0.components(separatedBy: #""text": "cafe""#).count == 3 }
        try app.waitUntilIdle()
        let shot = ProcessInfo.processInfo.environment["SHEETLAB_KEYBOARD_SHOT"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-keyboard-window.png").path
        try display.run("import", ["-window", "root", "-crop", "\(window.width)x\(window.height)+\(window.x)+\(window.y)", shot])
        print("screenshot: \(shot)")

        // Esc hides the keyboard and ends the focus; the window stays. The next Esc quits with status 0.
        try display.run("xdotool", ["key", "Escape"])
        try waitFor("the focus to end", log: log) { $0.contains(#""type": "blur", "#) && $0.contains(#""field": 0"#) }
        try waitFor("the keyboard down", log: log) { $0.contains(#""type": "keyboard""#) && $0.contains(#""height": 0.0"#) }
        XCTAssertTrue(app.isRunning, "Esc with a focused field does not quit")
        try display.run("xdotool", ["key", "Escape"])
        XCTAssertEqual(app.waitForExit(timeout: 120), 0, "Esc with no focus quits")
        let events = try lines(log).compactMap { $0["type"] as? String }
        XCTAssertEqual(events.filter { $0 == "focus" }.count, 1, "\(events)")
        XCTAssertEqual(events.filter { $0 == "blur" }.count, 1, "\(events)")
    }

    /// The event log's lines as JSON objects; a line that is not one fails the test.
    func lines(_ log: URL) throws -> [[String: Any]] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try XCTUnwrap(object, "not a JSON object: \(line)")
        }
    }

    func waitFor(_ what: String, log: URL, timeout: TimeInterval = 120, _ condition: (String) -> Bool) throws {
        try waitForLog(what, log: log, stderrIn: dir, timeout: timeout, condition)
    }
}
