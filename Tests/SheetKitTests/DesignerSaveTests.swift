import XCTest
@testable import SheetKit

/// A save the shell could not make (a read-only file) is said in the banner and on stderr, and the edits stay unsaved.
final class DesignerSaveTests: XCTestCase {
    func testRefusedConfigSaveShowsABannerAndStaysUnsaved() throws {
        var d = try makeDesigner(configPath: "/work/sheet.json")
        d.run([.key(.character("g"), shift: false, control: false), .pointerDown(Point(363, 392))])
        d.run([.pointerMove(Point(363, 400), buttonDown: true), .pointerUp(Point(363, 400))])
        XCTAssertTrue(d.hasUnsavedChanges)
        let effects = d.run([.key(.character("s"), shift: false, control: true)])
        guard case .saveConfig(_, "/work/sheet.json")? = effects.first else { return XCTFail("\(effects)") }
        let error = "/work/sheet.json: the file is read-only; not saved (make it writable, then save again)"
        let refused = d.run([.wrote(.failed(what: .config, path: "/work/sheet.json", error: error))])
        XCTAssertEqual(refused, [.stderr("sheetlab: /work/sheet.json: cannot save the config: \(error)")])
        XCTAssertTrue(d.banner?.contains("read-only") == true, d.banner ?? "no banner")
        XCTAssertTrue(d.hasUnsavedChanges)
    }

    /// A screenshot that could not be written is a toast, not a banner: the config is fine.
    func testRefusedScreenshotIsAToastOnly() throws {
        var d = try makeDesigner(configPath: "/work/sheet.json")
        _ = d.run([.wrote(.failed(what: .screenshot, path: "/work/x.png", error: "disk full"))])
        XCTAssertNil(d.banner)
        XCTAssertEqual(d.toast?.message, "Could not save the screenshot: disk full")
    }

    /// An event log that cannot be written (`run --log-events /dev/full`) is a banner: logging stopped, nothing lost.
    func testFailedEventLogWriteShowsABanner() throws {
        var d = try makeDesigner(configPath: "/work/sheet.json")
        let effects = d.run([.wrote(.failed(what: .eventLog, path: "/dev/full", error: "no space left on the device"))])
        XCTAssertEqual(effects, [.stderr("sheetlab: /dev/full: cannot save the event log: no space left on the device")])
        XCTAssertEqual(d.banner, "Cannot write the event log (logging stopped): no space left on the device")
        XCTAssertTrue(d.running)
    }

    /// What failed is decided by its kind, not its words (issue 34: the outcome was matched by string, so a recording or
    /// export whose file was named "the config" would have raised the config's banner).
    func testAFileNamedLikeTheConfigIsNotTheConfig() throws {
        var d = try makeDesigner(configPath: "/work/sheet.json")
        _ = d.run([.wrote(.failed(what: .named("the config"), path: "/work/the config", error: "disk full"))])
        XCTAssertNil(d.banner)
        XCTAssertEqual(d.toast?.message, "Could not save the config: disk full")
        XCTAssertEqual(WrittenFile.config.what, "the config")
        XCTAssertEqual(WrittenFile.named("x.tsx").what, "x.tsx")
    }
}
