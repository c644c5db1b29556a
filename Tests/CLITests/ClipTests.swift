import Foundation
import Platform
import Raster
import XCTest

/// `sheetlab clip` end to end, read back by independent decoders: Pillow for WebP and GIF, ffprobe and
/// ffmpeg for MP4. Frame counts, durations, and the first and last frames against `sheetlab render`.
final class ClipTests: CLITestCase {
    /// A 200 ms drag that starts at 50 ms and flings the sheet up; from 100 to 400 ms the sheet moves
    /// at every frame (the drag, then the settle), so no two frames are alike and none merge.
    static let script = #"{"steps": [{"at": 50, "drag": {"from": [196, 500], "to": [196, 300], "duration": 200}}]}"#
    static let from = 100.0, to = 400.0

    /// What Pillow read from a clip: its frame count, each frame's duration (ms), and where it wrote
    /// the first and last frames as PNGs.
    struct Decoded: Decodable {
        var frames: Int
        var durations: [Int]
        var width: Int
        var height: Int
    }

    /// A Python with Pillow: Debian's (`python3-pil`, installed by `make test-deps`) before any other on PATH.
    static let python: String? = {
        for candidate in ["/usr/bin/python3", "python3"] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = [candidate, "-c", "import PIL"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { continue }
            p.waitUntilExit()
            if p.terminationStatus == 0 { return candidate }
        }
        return nil
    }()

    static let pillowReader = """
    import json, sys
    from PIL import Image
    im = Image.open(sys.argv[1])
    durations = []
    n = getattr(im, "n_frames", 1)
    for i in range(n):
        im.seek(i)
        im.load()  # WebP fills in the duration on load
        durations.append(im.info.get("duration", 0))
        if i in (0, n - 1):
            im.convert("RGB").save(sys.argv[2] + ("-first.png" if i == 0 else "-last.png"))
    print(json.dumps({"frames": n, "durations": durations, "width": im.size[0], "height": im.size[1]}))
    """

    /// Runs a tool and returns its stdout; fails the test when it does not exit 0.
    func tool(_ args: [String], line: UInt = #line) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = args
        p.currentDirectoryURL = dir
        let out = Pipe(), err = dir.appendingPathComponent("tool-stderr")
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        p.standardOutput = out
        p.standardError = try FileHandle(forWritingTo: err)
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let said = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        XCTAssertEqual(p.terminationStatus, 0, "\(args.joined(separator: " ")): \(said)", line: line)
        return String(decoding: data, as: UTF8.self)
    }

    func pillow(_ clip: String, line: UInt = #line) throws -> Decoded {
        let python = try XCTUnwrap(Self.python, "no Python with Pillow: apt-get install python3-pil (make test-deps)", line: line)
        write("read.py", Self.pillowReader)
        let json = try tool([python, "read.py", clip, clip], line: line)
        return try JSONDecoder().decode(Decoded.self, from: Data(json.utf8))
    }

    /// `sheetlab render` of the test script at `at` ms, 1×.
    func render(at: Double, line: UInt = #line) throws -> Pixmap {
        let out = "render-\(at).png"
        let r = run("render", "--script", "drag.json", "--at", String(at), "--scale", "1", "--out", out)
        XCTAssertEqual(r.status, 0, r.stderr, line: line)
        return try ImageFiles.read(dir.appendingPathComponent(out).path)
    }

    func read(_ name: String) throws -> Pixmap { try ImageFiles.read(dir.appendingPathComponent(name).path) }

    /// Largest channel difference, and PSNR in dB over RGB (infinity when equal).
    func difference(_ a: Pixmap, _ b: Pixmap, line: UInt = #line) -> (max: Int, psnr: Double) {
        guard a.width == b.width && a.height == b.height else {
            XCTFail("sizes differ: \(a.width)×\(a.height) and \(b.width)×\(b.height)", line: line)
            return (255, 0)
        }
        var worst = 0, squares = 0.0
        for (p, q) in zip(a.pixels, b.pixels) {
            for shift in [0, 8, 16] as [UInt32] {
                let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                worst = max(worst, d)
                squares += Double(d * d)
            }
        }
        let mse = squares / Double(a.pixels.count * 3)
        return (worst, mse == 0 ? .infinity : 10 * log10(255 * 255 / mse))
    }

    func clip(_ out: String, _ extra: [String] = [], line: UInt = #line) -> RunResult {
        write("drag.json", Self.script)
        let r = runSheetlab(["clip", "--script", "drag.json", "--out", out, "--from", "100", "--to", "400"] + extra, cwd: dir, timeout: 120)
        XCTAssertEqual(r.status, 0, r.stderr, line: line)
        return r
    }

    // MARK: - Formats

    /// Lossless WebP: 19 frames (100 to 400 ms at 60 fps), 16–17 ms each with no drift, and the first and
    /// last frames are `render`'s to the byte.
    func testWebPFramesAreRenderExactly() throws {
        let r = clip("drag.webp")
        XCTAssertTrue(r.stdout.contains("19 frames at 60 fps"), r.stdout)
        let decoded = try pillow("drag.webp")
        XCTAssertEqual([decoded.width, decoded.height], [393, 852])
        XCTAssertEqual(decoded.frames, 19)
        XCTAssertEqual(decoded.durations.reduce(0, +), 317, "19 frames of 1000/60 ms, rounded once: \(decoded.durations)")
        XCTAssertTrue(decoded.durations.allSatisfy { $0 == 16 || $0 == 17 }, "\(decoded.durations)")
        XCTAssertEqual(try read("drag.webp-first.png"), try render(at: Self.from))
        XCTAssertEqual(try read("drag.webp-last.png"), try render(at: Self.to))
    }

    /// GIF: 50 fps by default (2 cs a frame), and frames within the palette's error of `render`'s.
    /// Measured: PSNR 44–47 dB, largest channel error about 30 (a dithered pixel in a gradient).
    func testGIFFramesAreRenderWithinThePalettesError() throws {
        let r = clip("drag.gif")
        XCTAssertTrue(r.stdout.contains("16 frames at 50 fps"), r.stdout)
        let decoded = try pillow("drag.gif")
        XCTAssertEqual(decoded.frames, 16)
        XCTAssertEqual(decoded.durations, [Int](repeating: 20, count: 16))
        for (name, at) in [("drag.gif-first.png", Self.from), ("drag.gif-last.png", Self.to)] {
            let d = difference(try read(name), try render(at: at))
            XCTAssertGreaterThanOrEqual(d.psnr, 40, "\(name) against render --at \(at): \(d)")
            XCTAssertLessThanOrEqual(d.max, 64, "\(name) against render --at \(at): \(d)")
        }
    }

    /// A frame rate that is not a whole number of centiseconds: delays alternate so the total keeps time.
    func testGIFDelaysKeepTimeAtThirtyFPS() throws {
        _ = clip("slow.gif", ["--fps", "30"])
        let decoded = try pillow("slow.gif")
        XCTAssertEqual(decoded.frames, 10)
        XCTAssertEqual(decoded.durations.reduce(0, +), 330, "10 frames of 33.3 ms: \(decoded.durations)")
        XCTAssertTrue(decoded.durations.allSatisfy { $0 == 30 || $0 == 40 }, "\(decoded.durations)")
    }

    /// MP4 through ffmpeg: H.264, yuv420p, even size (393 px wide → 394), 19 frames at 60 fps, and the
    /// first and last frames decode to `render`'s within 4:2:0's error: measured PSNR 34.6 dB, where even
    /// lossless H.264 (crf 0) in yuv420p reaches only 38 dB on this map (its chroma is halved both ways).
    func testMP4HasEveryFrameAtTheRate() throws {
        _ = clip("drag.mp4")
        let probe = try tool(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                              "stream=codec_name,pix_fmt,width,height,nb_read_frames,r_frame_rate:format=duration",
                              "-of", "json", "drag.mp4"])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(probe.utf8)) as? [String: Any])
        let stream = try XCTUnwrap((json["streams"] as? [[String: Any]])?.first)
        XCTAssertEqual(stream["codec_name"] as? String, "h264")
        XCTAssertEqual(stream["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(stream["width"] as? Int, 394)
        XCTAssertEqual(stream["height"] as? Int, 852)
        XCTAssertEqual(stream["nb_read_frames"] as? String, "19")
        XCTAssertEqual(stream["r_frame_rate"] as? String, "60/1")
        let duration = try XCTUnwrap(Double(((json["format"] as? [String: Any])?["duration"] as? String) ?? ""))
        XCTAssertEqual(duration, 19.0 / 60, accuracy: 0.002)

        for (index, at) in [(0, Self.from), (18, Self.to)] {
            let png = "mp4-\(index).png"
            _ = try tool(["ffmpeg", "-v", "error", "-i", "drag.mp4", "-vf", "select=eq(n\\,\(index)),format=rgb24,crop=393:852:0:0",
                          "-frames:v", "1", "-y", png])
            let d = difference(try read(png), try render(at: at))
            XCTAssertGreaterThanOrEqual(d.psnr, 32, "MP4 frame \(index) against render --at \(at): \(d)")
        }
    }

    /// Without ffmpeg on PATH, an MP4 is refused before any work, naming the package; nothing is written.
    func testMP4WithoutFFmpegNamesThePackage() {
        write("drag.json", Self.script)
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = dir.path
        let r = runSheetlab(["clip", "--script", "drag.json", "--out", "x.mp4"], cwd: dir, environment: env)
        assertFailure(r, file: "x.mp4", position: nil, keyPath: nil, message: "apt-get install ffmpeg", line: #line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.mp4").path))
    }

    /// `--touches`: the frame differs from `render` only inside a 44 pt disc around the finger.
    func testTouchesDrawTheFingerWhereItIs() throws {
        write("drag.json", Self.script)
        // At 150 ms the drag has moved half way: the finger is at (196, 400).
        let r = run("clip", "--script", "drag.json", "--out", "touch.webp", "--from", "150", "--to", "151", "--touches")
        XCTAssertEqual(r.status, 0, r.stderr)
        _ = try pillow("touch.webp")
        let clipped = try read("touch.webp-first.png"), rendered = try render(at: 150)
        var box = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
        for y in 0..<clipped.height {
            for x in 0..<clipped.width where clipped.pixels[y * clipped.width + x] != rendered.pixels[y * rendered.width + x] {
                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            }
        }
        XCTAssertLessThanOrEqual(box.minX, box.maxX, "the finger is drawn")
        XCTAssertEqual(Double(box.minX + box.maxX) / 2, 196, accuracy: 1.5)
        XCTAssertEqual(Double(box.minY + box.maxY) / 2, 400, accuracy: 1.5)
        XCTAssertEqual(Double(box.maxX - box.minX + 1), 44, accuracy: 2)
        // After the drag, the finger is gone.
        let after = run("clip", "--script", "drag.json", "--out", "after.webp", "--from", "300", "--to", "301", "--touches")
        XCTAssertEqual(after.status, 0, after.stderr)
        _ = try pillow("after.webp")
        XCTAssertEqual(try read("after.webp-first.png"), try render(at: 300))
    }

    // MARK: - Bad input

    func testBadArgumentsAreClearErrors() {
        write("drag.json", Self.script)
        let rows: [(line: UInt, args: [String], file: String, message: String)] = [
            (#line, ["--out", "x.avi"], "x.avi", "--out must name a .webp, .gif or .mp4 file"),
            (#line, ["--out", "x"], "x", "--out must name a .webp, .gif or .mp4 file"),
            (#line, ["--out", "no/such/x.webp"], "no/such/x.webp", "the folder no/such does not exist"),
            (#line, ["--out", "x.webp", "--fps", "0"], "--fps", "must be more than 0 and at most 120, found 0"),
            (#line, ["--out", "x.webp", "--fps", "-5"], "--fps", "must be more than 0"),
            (#line, ["--out", "x.webp", "--fps", "121"], "--fps", "at most 120, found 121"),
            (#line, ["--out", "x.webp", "--fps", "abc"], "--fps", "must be a number of frames per second"),
            (#line, ["--out", "x.gif", "--fps", "60"], "--fps", "at most 50 for GIF, found 60"),
            (#line, ["--out", "x.webp", "--from", "500", "--to", "500"], "--from", "must be before --to (500 ms), found 500 ms"),
            (#line, ["--out", "x.webp", "--from", "900", "--to", "100"], "--from", "must be before --to"),
            (#line, ["--out", "x.webp", "--to", "-1"], "--to", "must be a time in milliseconds"),
            (#line, ["--out", "x.webp", "--to", "3600000"], "--to", "a clip has at most 7200 frames"),
            (#line, ["--out", "x.gif", "--quality", "80"], "--quality", "applies to WebP only, not GIF"),
            (#line, ["--out", "x.webp", "--quality", "0"], "--quality", "must be a number from 1 to 100"),
            (#line, ["--out", "x.webp", "--scale", "4"], "--scale", "must be 1, 2 or 3"),
            (#line, ["--out", "x.webp", "--effort", "10"], "--effort", "must be a whole number from 0 to 9"),
            (#line, ["--out", "x.gif", "--effort", "3"], "--effort", "applies to WebP only, not GIF"),
            (#line, ["--out", "x.webp", "--effort", "3", "--quality", "80"], "--effort", "applies to lossless WebP"),
        ]
        for row in rows {
            let r = runSheetlab(["clip", "--script", "drag.json"] + row.args, cwd: dir)
            assertFailure(r, file: row.file, position: nil, keyPath: nil, message: row.message, line: row.line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.webp").path), line: row.line)
        }
        let noScript = run("clip", "--out", "x.webp")
        assertFailure(noScript, file: "clip", position: nil, keyPath: nil, message: "--script S is required", line: #line)
        let noOut = run("clip", "--script", "drag.json")
        assertFailure(noOut, file: "clip", position: nil, keyPath: nil, message: "--out X.webp|.gif|.mp4 is required", line: #line)
    }
}

/// Shift+F5 in the real window (under Xvfb): a clip of a drag, written as WebP beside the config,
/// that Pillow reads with the frames of the motion.
final class WindowClipTests: XvfbTestCase {
    func testShiftF5RecordsAClipOfADrag() throws {
        let config = dir.appendingPathComponent("live.json")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Assets/Examples/default.json"), to: config)
        // A dark material over the light map, so that the first frame is told by luminance.
        let text = try String(contentsOf: config, encoding: .utf8)
        let dark = text.replacingOccurrences(of: #""material": "regular""#, with: ##""material": {"blur": 30, "tint": "#1C1C1EB3", "saturation": 1.8}"##)
        XCTAssertNotEqual(text, dark)
        try dark.write(to: config, atomically: false, encoding: .utf8)
        let app = try display.launch(sheetlabBinary!, ["run", "--config", config.path], cwd: dir)
        defer { if app.isRunning { app.terminate() } }
        let window = try display.waitForWindow(named: "SheetLab")
        try waitForScreen("the first frame", window) { $0.luminance(x: 20, y: 600) < 110 && $0.luminance(x: 20, y: 200) > 120 }

        // The clip holds the whole settle: the recording stops once the app is idle (the sheet at rest).
        let started = Date()
        try app.settle { try display.key("shift+F5", in: window) }
        let pressed = Date()
        try app.settle { try display.drag(in: window, from: (196, 520), to: (196, 330), steps: 8, stepMS: 12) }
        try display.key("shift+F5", in: window)
        let stopped = Date()

        let deadline = Date().addingTimeInterval(180)  // encoding off the UI thread; a guard against a hang
        var clips: [String] = []
        while Date() < deadline {
            clips = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".webp") }
            // The name is reserved (empty) at the stop; the encoded clip replaces it whole.
            if let name = clips.first, let size = try? FileManager.default.attributesOfItem(
                atPath: dir.appendingPathComponent(name).path)[.size] as? Int, size > 0 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let written = Date()  // the app saw the second key before it wrote the clip
        XCTAssertEqual(clips.count, 1, "one clip beside the config; stderr: \(app.stderrText)")
        let name = try XCTUnwrap(clips.first)
        XCTAssertTrue(name.hasPrefix("sheetlab-"), name)

        let python = try XCTUnwrap(ClipTests.python, "no Python with Pillow: apt-get install python3-pil (make test-deps)")
        write("read.py", ClipTests.pillowReader)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [python, "read.py", name, "window"]
        p.currentDirectoryURL = dir
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let decoded = try JSONDecoder().decode(ClipTests.Decoded.self, from: data)
        XCTAssertEqual([decoded.width, decoded.height], [393, 852])
        XCTAssertGreaterThan(decoded.frames, 5, "the drag and the settle are frames of their own: \(decoded.durations)")
        let total = decoded.durations.reduce(0, +)
        // From key to key on the real clock: at least from the drag to the stop (the test waited that long after the
        // app saw the first key), at most from before the first key to the clip written, and a frame's worth more
        // for the last frame's own duration.
        let least = stopped.timeIntervalSince(pressed) * 1000, most = written.timeIntervalSince(started) * 1000
        XCTAssertGreaterThanOrEqual(Double(total), least - 100, "the clip lasts from key to key on the real clock: \(decoded.durations)")
        XCTAssertLessThanOrEqual(Double(total), most + 500, "\(decoded.durations)")
        // It begins with the sheet at rest where it was, and ends on large, where the flick took it.
        let first = try ImageFiles.read(dir.appendingPathComponent("window-first.png").path)
        let last = try ImageFiles.read(dir.appendingPathComponent("window-last.png").path)
        XCTAssertNotEqual(first, last)
    }
}
