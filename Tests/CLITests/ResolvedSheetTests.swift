import Foundation
import Platform
import Raster
import XCTest

/// One resolved sheet feeds every command: a script's `reload` swaps the whole config, background and images
/// included, in `render`, `test` and `clip` alike, as it does in the window.
final class ResolvedSheetTests: CLITestCase {
    /// Config A is red, B blue; the script reloads B at 100 ms.
    func writeReload(_ b: String = ##"{"background": {"color": "#0000CC"}}"##) {
        write("a.json", ##"{"background": {"color": "#CC0000"}}"##)
        write("b.json", b)
        write("s.json", #"{"steps": [{"at": 100, "reload": "b.json"}]}"#)
    }

    /// The background at (5, 150) pt, above the sheet at medium: blue once B is in force, red before.
    func assertBackground(_ image: Pixmap, blue: Bool, scale: Int = 1, _ what: String, line: UInt = #line) {
        let p = image.pixels[150 * scale * image.width + 5 * scale]
        let r = Int(p & 0xFF), b = Int((p >> 16) & 0xFF)
        if blue { XCTAssertTrue(b > 80 && r < 20, "\(what): expected B's blue, found r \(r) b \(b)", line: line) } else {
            XCTAssertTrue(r > 80 && b < 20, "\(what): expected A's red, found r \(r) b \(b)", line: line)
        }
    }

    func read(_ name: String) throws -> Pixmap { try ImageFiles.read(dir.appendingPathComponent(name).path) }

    func testRenderAfterAReloadDrawsTheReloadedBackground() throws {
        writeReload()
        for (at, blue) in [(50, false), (500, true)] {
            let r = run("render", "--config", "a.json", "--script", "s.json", "--at", "\(at)", "--scale", "1", "--out", "f\(at).png")
            XCTAssertEqual(r.status, 0, r.stderr)
            assertBackground(try read("f\(at).png"), blue: blue, "render --at \(at)")
        }
    }

    func testAGoldenAfterAReloadShowsTheReloadedBackground() throws {
        writeReload()
        write("reload.scenario.json", #"{"config": "a.json", "script": "s.json", "snapshots": [{"at": 50, "name": "before"}, {"at": 500, "name": "after"}]}"#)
        let r = runSheetlab(["test", ".", "--update=missing", "--jobs", "1"], cwd: dir, environment: ProcessInfo.processInfo.environment.filter { $0.key != "CI" })
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        assertBackground(try read("__goldens__/reload/before.png"), blue: false, "the golden at 50 ms")
        assertBackground(try read("__goldens__/reload/after.png"), blue: true, "the golden at 500 ms")
    }

    func testAClipAcrossAReloadDrawsTheReloadedBackground() throws {
        writeReload()
        let python = try XCTUnwrap(ClipTests.python, "no Python with Pillow: apt-get install python3-pil (make test-deps)")
        let r = runSheetlab(["clip", "--config", "a.json", "--script", "s.json", "--out", "c.webp", "--from", "0", "--to", "500"], cwd: dir, timeout: 120)
        XCTAssertEqual(r.status, 0, r.stderr)
        write("read.py", ClipTests.pillowReader)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [python, "read.py", "c.webp", "c"]
        p.currentDirectoryURL = dir
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        assertBackground(try read("c-first.png"), blue: false, "the clip's first frame")
        assertBackground(try read("c-last.png"), blue: true, "the clip's last frame")
    }

    /// A clip has one frame size: a reload to another device inside it is refused before anything is written
    /// (it trapped in WebP and GIF, and wrote garbled MP4 frames).
    func testAClipAcrossAReloadThatChangesTheCanvasIsRefused() throws {
        writeReload(#"{"device": "iphone-se"}"#)
        for format in ["webp", "gif"] {
            let r = runSheetlab(["clip", "--config", "a.json", "--script", "s.json", "--out", "c.\(format)", "--from", "0", "--to", "300"],
                                cwd: dir, timeout: 120)
            XCTAssertEqual(r.status, 1, "\(format): \(r.stderr)")
            XCTAssertFalse(r.signaled, format)
            XCTAssertTrue(r.stderr.contains("sheetlab: s.json: a reload at or before 100 ms changes the canvas from 393×852 to 375×667 px"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("c.\(format)").path), format)
        }
        // Before the reload, or after it, is one size: fine.
        let before = runSheetlab(["clip", "--config", "a.json", "--script", "s.json", "--out", "c.webp", "--from", "0", "--to", "90"], cwd: dir, timeout: 120)
        XCTAssertEqual(before.status, 0, before.stderr)
    }
}
