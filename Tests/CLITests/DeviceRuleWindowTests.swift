import Foundation
import XCTest

/// The device rule in the real window: `--device` wins over the config's own `device` at launch, after an edit and
/// after a reload from disk, is never saved, and ends when a device is picked in the window (D).
final class DeviceRuleWindowTests: XvfbTestCase {
    func size(_ display: VirtualDisplay) throws -> (Int, Int) {
        let w = try display.waitForWindow(named: "SheetLab")
        return (w.width, w.height)
    }

    /// The window's size once it is `expected`, or as it last was after `timeout` seconds.
    func waitForSize(_ expected: (Int, Int), timeout: TimeInterval = 120) throws -> (Int, Int) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try size(display)
        while Date() < deadline && last != expected {
            Thread.sleep(forTimeInterval: 0.1)
            last = try size(display)
        }
        return last
    }

    func testDeviceFlagWinsUntilADeviceIsPickedInTheWindow() throws {
        let config = dir.appendingPathComponent("dev.json")
        try Data(#"{"device": "iphone-se"}"#.utf8).write(to: config)
        let app = try display.launch(sheetlabBinary!, ["run", "--config", config.path, "--device", "iphone-13-mini"], cwd: dir)
        defer { if app.isRunning { app.terminate() } }
        let window = try display.waitForWindow(named: "SheetLab")
        XCTAssertEqual(window.width, 375)
        XCTAssertEqual(window.height, 812, "--device iphone-13-mini at launch")

        // An unrelated edit (the appearance) keeps the device asked for; it used to jump to the file's iphone-se (375×667).
        try app.settle { try display.key("a", in: window) }
        let afterEdit = try size(display)
        XCTAssertEqual(afterEdit.0, 375)
        XCTAssertEqual(afterEdit.1, 812, "after A: \(app.stderrText)")

        // Saving writes the edit, not the override.
        try app.settle { try display.key("ctrl+s", in: window) }
        let deadline = Date().addingTimeInterval(120)  // a guard against a hang, not a wait
        var saved: [String: Any] = [:]
        while Date() < deadline {
            if let data = try? Data(contentsOf: config), let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
               json["appearance"] != nil { saved = json; break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertEqual(saved["appearance"] as? String, "dark")
        XCTAssertEqual(saved["device"] as? String, "iphone-se", "--device is never saved")

        // A change on disk keeps it too.
        try app.settle(loads: true) {
            try Data(#"{"device": "iphone-se", "appearance": "dark", "sheet": {"cornerRadius": 20}}"#.utf8).write(to: config)
        }
        let afterReload = try size(display)
        XCTAssertEqual(afterReload.1, 812, "after a reload from disk: \(app.stderrText)")

        // D picks the device after the one shown (iphone-13-mini → iphone-17e, 390×844) and ends the override.
        try display.key("d", in: window)
        let afterD = try waitForSize((390, 844))
        XCTAssertEqual(afterD.0, 390)
        XCTAssertEqual(afterD.1, 844, "after D")
    }
}
