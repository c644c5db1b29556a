import Foundation
import Platform
import Raster
import SheetKit
import SheetRender
import XCTest
@testable import SheetMeasure

/// SheetLab's own clips, written as `sheetlab clip` writes them (the renderer's frames through Platform's encoders) and
/// read back through `FrameDecoder`: the detents, the settle's motion and the glass morph come back off the pixels.
final class RecordingMotionTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    enum Format { case webp, gif, mp4 }

    /// Writes `steps` on `config` as a clip at 1× from `from` to `to` ms, frame i at from + i·1000/fps (ClipPlan's
    /// timing), and returns its path and the setup that played it.
    static func clip(_ json: String, _ steps: [Step], format: Format, fps: Double, from: Double = 0, to: Double,
                     scene: (() -> any BackgroundScene)? = nil) throws -> (path: String, setup: SheetSetup) {
        guard case .success(let document) = ConfigLoader.load(text: json, file: "t.json") else { throw PlatformError(message: "bad config") }
        let setup = SheetSetup(config: document.config, measurer: MeasuredTextMetrics(engine: text))
        let simulation = Simulation(setup: setup, script: Script(steps: steps))
        let renderer = FrameRenderer(setup: setup, scale: 1, text: text, scene: scene?() ?? ColorScene(color: StraightRGBA8(0xE9, 0x45, 0x3A)))
        let ext = format == .webp ? "webp" : format == .gif ? "gif" : "mp4"
        let path = NSTemporaryDirectory() + "sheetlab-recording-\(UUID().uuidString).\(ext)"
        let width = Int(setup.canvas.width), height = Int(setup.canvas.height)
        let encoder: any AnimationEncoder
        switch format {
        case .webp: encoder = try WebPEncoder(path: path, width: width, height: height, compression: .lossless(effort: 0))
        case .gif: encoder = try GIFEncoder(path: path, width: width, height: height)
        case .mp4:
            guard let ffmpeg = FFmpegEncoder.executable() else { throw XCTSkip("ffmpeg is not installed") }
            encoder = try FFmpegEncoder(path: path, width: width, height: height, fps: fps, ffmpeg: ffmpeg)
        }
        var cursor = simulation.cursor()
        let count = Int(((to - from) * fps / 1000).rounded(.down)) + 1
        for i in 0..<count {
            let t = from + Double(i) * 1000 / fps
            renderer.render(SheetVisual(engine: cursor.engine(at: t)))
            try encoder.add(renderer.frame, at: Double(i) * 1000 / fps)
        }
        try encoder.finish(at: Double(count) * 1000 / fps)
        return (path, setup)
    }

    static func read(_ path: String, scale: Double = 1) throws -> RecordingMeasurement {
        let source = try FrameDecoder.open(path)
        var reader = RecordingReader(scale: scale, width: source.width, height: source.height)
        while let frame = try source.next() { reader.add(frame.pixmap, at: frame.time, duration: frame.duration) }
        return try reader.finish()
    }

    /// Over a flat colour, as R-A (docs/ios-reference.md) is: the tracker reads the sheet's top on a background without
    /// streets (docs/measure-recordings.md, "Limits").
    static let glass = ##"{"device": "iphone-15", "appearance": "light", "background": {"color": "#E9453A"}, "sheet": {"style": "glass", "##
        + #""detents": [{"id": "peek", "height": 120}, "medium", "large"], "initialDetent": "medium", "motion": MOTION}}"#

    /// Up to large, then down to peek: two settles from rest, three detents.
    static let selects = [Step(at: 100, action: .select("large"), index: 0), Step(at: 1400, action: .select("peek"), index: 1)]

    func testAWebPClipGivesBackItsDetentsSpringAndGlassMorph() throws {
        let json = Self.glass.replacingOccurrences(of: "MOTION", with: #"{"curve": "spring", "response": 0.45, "dampingRatio": 0.9}"#)
        let (path, setup) = try Self.clip(json, Self.selects, format: .webp, fps: 60, to: 2700)
        defer { unlink(path) }
        let m = try Self.read(path)
        let truth = setup.detents.map(\.height).sorted()
        XCTAssertEqual(m.detents.map(\.value).count, 3, "\(m.detents)")
        for (found, expected) in zip(m.detents, truth) { XCTAssertEqual(found.value, expected, accuracy: 0.5) }
        XCTAssertEqual(m.settles.count, 2)
        for s in m.settles {
            print("webp: " + MotionFitTests.describe(s))
            MotionFitTests.assertModel(s, .spring(response: 0.45, dampingRatio: 0.9), line: #line)
        }
        if let morph = m.morph {
            for s in morph.samples where abs((s.left + s.right) / 2 - s.rule) > 1 { print("morph off: \(s)") }
        }
        let morph = try XCTUnwrap(m.morph, "a glass sheet on a rounded display floats")
        XCTAssertEqual(morph.restInset.value, SheetShape.floatingInset, accuracy: 0.5)
        XCTAssertLessThanOrEqual(morph.worst, 1, "SheetLab's own morph follows its rule within a pixel at 1×")
        print("webp morph: \(morph.samples.count) samples, inset at rest \(morph.restInset.value), worst \(morph.worst)")
    }

    func testAGIFClipGivesBackItsTimingCurve() throws {
        let json = Self.glass.replacingOccurrences(of: "MOTION", with: #"{"curve": "easeInOut", "duration": 0.4}"#)
        let (path, _) = try Self.clip(json, Self.selects, format: .gif, fps: 50, to: 2700)
        defer { unlink(path) }
        let m = try Self.read(path)
        XCTAssertEqual(m.settles.count, 2, "rests \(m.rests.map { ($0.start, $0.end, $0.height.value) })")
        for s in m.settles {
            print("gif: " + MotionFitTests.describe(s))
            MotionFitTests.assertModel(s, .timed(curve: .easeInOut, duration: 0.4, bezier: [0.42, 0, 0.58, 1]), line: #line)
        }
        let motion = try XCTUnwrap(m.motion())
        XCTAssertEqual(motion.value.curve, .easeInOut)
    }

    func testAnMP4ClipThroughFFmpegGivesBackItsSpring() throws {
        let json = Self.glass.replacingOccurrences(of: "MOTION", with: #"{"curve": "spring", "response": 0.4, "dampingRatio": 1.0}"#)
        let (path, _) = try Self.clip(json, Self.selects, format: .mp4, fps: 60, to: 2700)
        defer { unlink(path) }
        let m = try Self.read(path)
        XCTAssertEqual(m.settles.count, 2)
        for s in m.settles {
            print("mp4: " + MotionFitTests.describe(s))
            MotionFitTests.assertModel(s, .spring(response: 0.4, dampingRatio: 1), line: #line)
        }
    }

    /// A clip cut from the middle of a settle never shows the sheet still.
    func testAClipWithNoRestIsRefused() throws {
        let json = Self.glass.replacingOccurrences(of: "MOTION", with: #"{"curve": "linear", "duration": 1.0}"#)
        let (path, _) = try Self.clip(json, [Step(at: 0, action: .select("large"), index: 0)], format: .webp, fps: 30, from: 100, to: 800)
        defer { unlink(path) }
        XCTAssertThrowsError(try Self.read(path)) { error in
            guard case RecordingError.noRest = error else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("no resting frame"), "\(error)")
        }
    }

    /// A reader that stops before the last frame lets ffmpeg go: before the fix, dropping the source after one frame of
    /// a 3× clip hung for good (ffmpeg blocked writing the next frame into a full pipe, which SIGTERM does not wake).
    func testDroppingAnFFmpegReaderEarlyDoesNotHang() throws {
        let json = Self.glass.replacingOccurrences(of: "MOTION", with: #"{"curve": "spring", "response": 0.4, "dampingRatio": 1.0}"#)
        let (path, _) = try Self.clip(json, Self.selects, format: .mp4, fps: 60, to: 2700)
        defer { unlink(path) }
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                let source = try FrameDecoder.open(path)
                _ = try source.next()
            } catch {
                XCTFail("\(error)")
            }
            done.signal()
        }
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "dropping an ffmpeg reader after one frame did not return within 30 s")
    }

    /// A file that is no recording is refused, naming the file.
    func testAFileThatIsNotAVideoIsRefusedByName() throws {
        let path = NSTemporaryDirectory() + "sheetlab-not-a-video-\(UUID().uuidString).mp4"
        FileManager.default.createFile(atPath: path, contents: Data("not a video at all\n".utf8))
        defer { unlink(path) }
        XCTAssertThrowsError(try FrameDecoder.open(path)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path + ": "), "\(error)")
            XCTAssertTrue("\(error)".contains("not a video"), "\(error)")
        }
        XCTAssertThrowsError(try FrameDecoder.open(path + ".missing")) { error in
            XCTAssertTrue("\(error)".contains("cannot read"), "\(error)")
        }
        XCTAssertThrowsError(try FrameDecoder.open(path, ffmpeg: nil)) { error in
            XCTAssertTrue("\(error)".contains("ffmpeg, which is not installed"), "\(error)")
        }
    }
}
