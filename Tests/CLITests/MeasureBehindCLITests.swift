import Foundation
import Platform
import Raster
import XCTest

/// `sheetlab measure IMAGE --behind PICTURE`: a screenshot over the user's own background, given as the same screen with
/// the sheet closed. A sheet one or two levels from that background is found where the picture leaves it, the dimming
/// is solved over it, and the config draws the picture as its background, so that it renders the screenshot again. A
/// recording over it gives back its rests and its motion the same way.
final class MeasureBehindCLITests: CLITestCase {
    /// Blocks of grey 48–72 levels over (58, 60, 66), as a dark app's content might be, on the iPhone 15 at 1×.
    func behindPicture() -> Pixmap {
        var p = Pixmap(width: 393, height: 852, fill: PremultipliedRGBA8(58, 60, 66, 255))
        var seed: UInt64 = 3
        func next(_ n: Int) -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int((seed >> 33) % UInt64(n)) }
        for _ in 0..<70 {
            let c = UInt8(48 + next(25))
            p.fill(PixelRect(x: next(393), y: next(852), width: 15 + next(85), height: 10 + next(60)), with: PremultipliedRGBA8(c, c &+ 2, c &+ 6, 255))
        }
        return p
    }

    func testAFaintSheetOverTheUsersOwnBackground() throws {
        try ImageFiles.writePNG(behindPicture(), to: dir.appendingPathComponent("behind.png").path)
        // The sheet's fill (61, 63, 69) is 3 levels off the base and within the blocks' range: no edge to see.
        func config(fill: String, opacity: Double) -> String {
            ##"{"device": "iphone-15", "appearance": "dark", "background": {"image": "behind.png"}, "sheet": {"style": "classic", "##
                + ##""detents": [{"id": "half", "height": 410}], "initialDetent": "half", "cornerRadius": 16, "fill": "\##(fill)", "##
                + ##""shadow": null, "dimming": {"color": "#000000", "opacity": \##(opacity), "largestUndimmedDetent": null}, "##
                + ##""grabber": {"visible": false}, "content": []}}"##
        }
        write("faint.json", config(fill: "#3D3F45", opacity: 0))
        write("dimmed.json", config(fill: "#3C3E44", opacity: 0.25))
        for name in ["faint", "dimmed"] {
            let r = runSheetlab(["render", "--config", "\(name).json", "--scale", "1", "--out", "\(name).png"], cwd: dir, timeout: 120)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        // Without the picture behind: the faint sheet is not found, and the dimming is not measurable.
        let alone = runSheetlab(["measure", "faint.png"], cwd: dir, timeout: 300)
        XCTAssertEqual(alone.status, 1)
        XCTAssertTrue(alone.stderr.contains("no sheet found in faint.png"), alone.stderr)
        let dimmedAlone = runSheetlab(["measure", "dimmed.png"], cwd: dir, timeout: 300)
        XCTAssertTrue(dimmedAlone.stderr.contains("dimming         not measurable"), dimmedAlone.stderr)

        // With it: found, exact, the dimming solved, and the picture is the config's background.
        for (name, alpha) in [("faint", "0"), ("dimmed", "0.2")] {
            let r = runSheetlab(["measure", "\(name).png", "--behind", "behind.png", "--out", "\(name)-m.json"], cwd: dir, timeout: 300)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("visible height  410 pt"), r.stdout)
            XCTAssertTrue(r.stdout.contains("top corners     16") || r.stdout.contains("top corners     15.9"), r.stdout)
            XCTAssertTrue(r.stdout.contains("dimming         α \(alpha)"), r.stdout)
            XCTAssertTrue(r.stdout.contains("background      the picture behind, "), r.stdout)
            let measured = try String(contentsOf: dir.appendingPathComponent("\(name)-m.json"), encoding: .utf8)
            XCTAssertTrue(measured.contains(#""image": ""#) && measured.contains("behind.png"), measured)
            // The measured config draws the screenshot again, to the level.
            let again = runSheetlab(["render", "--config", "\(name)-m.json", "--scale", "1", "--out", "\(name)-again.png"], cwd: dir, timeout: 120)
            XCTAssertEqual(again.status, 0, again.stderr)
            let a = try ImageFiles.read(dir.appendingPathComponent("\(name).png").path)
            let b = try ImageFiles.read(dir.appendingPathComponent("\(name)-again.png").path)
            // Exactly where nothing is dimmed; within two levels where the dimming is (α reads 0.253 for 0.25: 0.003 of a
            // white status bar is a level, and each render rounds).
            var largest = 0
            for (p, q) in zip(a.pixels, b.pixels) where p != q {
                for shift in [0, 8, 16] { largest = max(largest, abs(Int(p >> UInt32(shift) & 0xFF) - Int(q >> UInt32(shift) & 0xFF))) }
            }
            XCTAssertLessThanOrEqual(largest, alpha == "0" ? 0 : 2, "\(name): the measured config renders the screenshot again")
        }

        // A recording over it: the faint sheet moved between two detents by the config's curve; with the picture behind,
        // both rests, the motion and the background are read.
        write("moves.json", ##"{"device": "iphone-15", "appearance": "dark", "background": {"image": "behind.png"}, "sheet": {"style": "classic", "##
              + ##""detents": [{"id": "low", "height": 300}, {"id": "high", "height": 600}], "initialDetent": "low", "cornerRadius": 16, "##
              + ##""fill": "#3D3F45", "shadow": null, "dimming": {"largestUndimmedDetent": "high"}, "grabber": {"visible": false}, "##
              + ##""motion": {"curve": "easeInOut", "duration": 0.35}, "content": []}}"##)
        write("moves.script.json", #"{"steps": [{"at": 100, "select": "high"}]}"#)
        let clip = runSheetlab(["clip", "--config", "moves.json", "--script", "moves.script.json", "--out", "moves.webp", "--scale", "1",
                                "--fps", "30", "--to", "1200", "--effort", "0"], cwd: dir, timeout: 300)
        XCTAssertEqual(clip.status, 0, clip.stderr)
        let recording = runSheetlab(["measure", "moves.webp", "--behind", "behind.png", "--out", "moves-m.json"], cwd: dir, timeout: 300)
        XCTAssertEqual(recording.status, 0, recording.stderr)
        let read = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("moves-m.json"))) as? [String: Any])
        let sheet = try XCTUnwrap(read["sheet"] as? [String: Any])
        let heights = ((sheet["detents"] as? [[String: Any]]) ?? []).compactMap { $0["height"] as? Double }.sorted()
        XCTAssertEqual(heights.count, 2, recording.stdout)
        for (h, t) in zip(heights, [300.0, 600]) { XCTAssertEqual(h, t, accuracy: 0.5, recording.stdout) }
        let motion = try XCTUnwrap(sheet["motion"] as? [String: Any], recording.stdout)
        XCTAssertEqual(motion["curve"] as? String, "easeInOut", recording.stdout)
        XCTAssertEqual(motion["duration"] as? Double ?? 0, 0.35, accuracy: 0.007, recording.stdout)
        XCTAssertTrue(((read["background"] as? [String: Any])?["image"] as? String ?? "").hasSuffix("behind.png"), recording.stdout)

        // Bad input: the picture behind of another size, missing, not an image; a recording; with --against.
        try ImageFiles.writePNG(Pixmap(width: 786, height: 1704, fill: .white), to: dir.appendingPathComponent("big.png").path)
        write("text.png", "not a picture")
        let table: [(line: UInt, args: [String], message: String)] = [
            (#line, ["measure", "faint.png", "--behind", "big.png"], "big.png: the picture behind is 786×1704 px; the screen measured is 393×852 px"),
            (#line, ["measure", "faint.png", "--behind", "missing.png"], "missing.png"),
            (#line, ["measure", "faint.png", "--behind", "text.png"], "text.png: not an image"),
            (#line, ["measure", "faint.png", "--behind", "behind.png", "--against", "faint.json"], "--behind: does not go with --against"),
        ]
        for row in table {
            let r = runSheetlab(row.args, cwd: dir, timeout: 300)
            XCTAssertEqual(r.status, 1, r.stderr, line: row.line)
            XCTAssertTrue(r.stderr.contains(row.message), r.stderr, line: row.line)
        }
    }
}
