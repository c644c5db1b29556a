import Foundation
import XCTest

/// Tall content in the real window: an unsaved edit, a reload to 2,500 elements, then O (landscape). The content layer
/// was as tall as all the content, so the rotation asked for 2.48 GB and the app died with the edit. Now the window
/// keeps running in bounded memory and Ctrl+S saves the edit, the reloaded content and the rotation together.
final class ContentWindowStressTests: XvfbTestCase {
    func testReloadToTallContentThenRotateKeepsTheEdit() throws {
        let config = dir.appendingPathComponent("tall.json")
        try write(#"{"sheet": {"content": [{"type": "title", "text": "Short"}]}}"#, to: config)
        let (app, window) = try open(config)
        defer { if app.isRunning { app.terminate() } }
        try app.waitUntilIdle()

        // An unsaved edit: the appearance.
        try app.settle { try display.key("a", in: window) }
        // The file grows to 2,500 elements on disk: the edit stays on top of it.
        let rows = (0..<2_500).map { #"{"type": "text", "text": "Line \#($0): the quick brown fox jumps over the lazy dog"}"# }
        try app.settle(loads: true) {
            try write(#"{"sheet": {"content": [{"type": "title", "text": "Tall"}, \#(rows.joined(separator: ", "))]}}"#, to: config)
        }
        XCTAssertTrue(app.isRunning, "after the reload: \(app.stderrText)")
        // Landscape.
        try app.settle { try display.key("o", in: window) }
        XCTAssertTrue(app.isRunning, "after O: \(app.stderrText)")
        let kB = try XCTUnwrap(WindowStressTests.rss(of: app.processIdentifier), "the app died: \(app.stderrText)")
        print("reload to 2,500 elements, then landscape: RSS \(kB / 1024) MB")
        // 1.48 GB before (the layer as tall as the content), 160 MB now at 1x.
        XCTAssertLessThan(kB, 512 * 1024, "the window's memory is bounded by what the sheet shows")

        // The edit, the reloaded content and the rotation are saved together.
        let geometry = try display.waitForWindow(named: "SheetLab")
        try display.key("ctrl+s", in: geometry)
        var saved: [String: Any] = [:]
        let deadline = Date().addingTimeInterval(120)  // a guard against a hang, not a wait
        while Date() < deadline {
            if let data = try? Data(contentsOf: config), let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
               json["appearance"] != nil { saved = json; break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertEqual(saved["appearance"] as? String, "dark", "the unsaved edit survived: \(app.stderrText)")
        XCTAssertNotNil(saved["canvas"], "the rotation is saved")
        let content = (saved["sheet"] as? [String: Any])?["content"] as? [Any]
        XCTAssertEqual(content?.count, 2_501)
        terminateAndWait(app)
    }

    func terminateAndWait(_ app: LaunchedApp) {
        app.terminate()
        XCTAssertEqual(app.waitForExit(timeout: 120), 0)
    }
}
