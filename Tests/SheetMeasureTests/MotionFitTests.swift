import SheetKit
import XCTest
@testable import SheetMeasure

/// Fitting SheetLab's own settles, as `sheetlab simulate` plays them (heights on the virtual clock, no pixels), gives
/// back the motion of the config that played them.
final class MotionFitTests: XCTestCase {
    /// A drag up from medium released mid-flight (a settle with the finger's velocity), then the detents'
    /// `select` (settles from rest), down to peek and up to large, each 2.5 s after the one before: time for the most
    /// overdamped spring here (ζ 1.4) to come within 0.1 pt of its detent.
    static let script = Script(steps: [
        Step(at: 300, action: .drag(from: Point(196, 480), to: Point(196, 400), duration: 200), index: 0),
        Step(at: 2800, action: .select("peek"), index: 1),
        Step(at: 5300, action: .select("large"), index: 2),
        // The recording goes on after the last settle, so that its rest is seen.
        Step(at: 7800, action: .wait(1), index: 3),
    ])

    /// The heights `simulate` prints for `motion` on the default config, as a track at `fps`.
    static func simulatedTrack(motion: String, fps: Double = 60, script: Script = script) -> (track: [TrackedFrame], setup: SheetSetup) {
        let json = #"{"device": "iphone-15", "sheet": {"detents": [{"id": "peek", "height": 120}, "medium", "large"], "#
            + #""initialDetent": "medium", "style": "glass", "motion": \#(motion)}}"#
        guard case .success(let document) = ConfigLoader.load(text: json, file: "t.json") else { fatalError("bad config \(json)") }
        let setup = SheetSetup(config: document.config)
        var track: [TrackedFrame] = []
        Simulation(setup: setup, script: script, fps: fps).run { record in
            if case .frame(let f) = record { track.append(TrackedFrame(time: f.time / 1000, height: f.height)) }
        }
        return (track, setup)
    }

    /// Within 2 % of the response and 0.02 of the damping, 2 % of a duration; every settle of the script fitted.
    func testSimulatedSettlesGiveBackTheirConfig() throws {
        let rows: [(line: UInt, motion: String, expected: SettleModel)] = [
            (#line, #"{"curve": "spring", "response": 0.4, "dampingRatio": 1.0}"#, .spring(response: 0.4, dampingRatio: 1)),
            (#line, #"{"curve": "spring", "response": 0.55, "dampingRatio": 0.7}"#, .spring(response: 0.55, dampingRatio: 0.7)),
            (#line, #"{"curve": "spring", "response": 0.3, "dampingRatio": 0.85}"#, .spring(response: 0.3, dampingRatio: 0.85)),
            (#line, #"{"curve": "spring", "response": 0.5, "dampingRatio": 1.4}"#, .spring(response: 0.5, dampingRatio: 1.4)),
            (#line, #"{"curve": "easeInOut", "duration": 0.35}"#, .timed(curve: .easeInOut, duration: 0.35, bezier: [0.42, 0, 0.58, 1])),
            (#line, #"{"curve": "easeOut", "duration": 0.5}"#, .timed(curve: .easeOut, duration: 0.5, bezier: [0, 0, 0.58, 1])),
            (#line, #"{"curve": "linear", "duration": 0.3}"#, .timed(curve: .linear, duration: 0.3, bezier: [0, 0, 1, 1])),
            (#line, #"{"curve": "easeIn", "duration": 0.4}"#, .timed(curve: .easeIn, duration: 0.4, bezier: [0.42, 0, 1, 1])),
        ]
        for row in rows {
            let (track, setup) = Self.simulatedTrack(motion: row.motion)
            let m = try RecordingMeasurement.measure(track: track, scale: 3, canvasHeight: setup.canvas.height)
            XCTAssertEqual(m.settles.count, 3, "three settles", line: row.line)
            for settle in m.settles { Self.assertModel(settle, row.expected, line: row.line) }
            let motion = try XCTUnwrap(m.motion(), line: row.line)
            XCTAssertEqual(motion.value.curve, row.expected.curve, line: row.line)
            print("fit \(row.motion): " + m.settles.map { Self.describe($0) }.joined(separator: " | "))
        }
    }

    static func assertModel(_ settle: SettleFit, _ expected: SettleModel, line: UInt) {
        switch (settle.model, expected) {
        case (.spring(let r, let z), .spring(let er, let ez)):
            XCTAssertEqual(r, er, accuracy: 0.02 * er, "response \(describe(settle))", line: line)
            XCTAssertEqual(z, ez, accuracy: 0.02, "damping \(describe(settle))", line: line)
        case (.timed(let c, let d, _), .timed(let ec, let ed, _)):
            XCTAssertEqual(c, ec, "curve \(describe(settle))", line: line)
            XCTAssertEqual(d, ed, accuracy: 0.02 * ed, "duration \(describe(settle))", line: line)
        default:
            XCTFail("fitted \(describe(settle)), expected \(expected)", line: line)
        }
    }

    static func describe(_ s: SettleFit) -> String {
        let model: String
        switch s.model {
        case .spring(let r, let z): model = String(format: "spring %.4f s ζ %.4f", r, z)
        case .timed(let c, let d, _): model = String(format: "%@ %.4f s", c.rawValue, d)
        }
        return String(format: "%.1f→%.1f %@ rms %.3f pt conf %.2f over %d frames", s.from, s.to, model, s.residual, s.confidence, s.frames)
    }

    /// The drag before the first release is reported as a finger's motion, not a settle.
    func testTheDragBeforeTheReleaseIsAFingersMotion() throws {
        let (track, setup) = Self.simulatedTrack(motion: #"{"curve": "spring", "response": 0.4, "dampingRatio": 1.0}"#)
        let m = try RecordingMeasurement.measure(track: track, scale: 3, canvasHeight: setup.canvas.height)
        let finger = try XCTUnwrap(m.fingers.first)
        // The drag runs 300–500 ms; the release is the last frame before 500 ms.
        XCTAssertEqual(finger.start, 0.3, accuracy: 0.02)
        XCTAssertEqual(finger.end, 0.5, accuracy: 0.02)
        XCTAssertEqual(m.settles.first!.release, 0.5, accuracy: 0.02)
    }

    /// The rests are the detents the script visits.
    func testRestsAreTheDetents() throws {
        let (track, setup) = Self.simulatedTrack(motion: #"{"curve": "spring", "response": 0.4, "dampingRatio": 1.0}"#)
        let m = try RecordingMeasurement.measure(track: track, scale: 3, canvasHeight: setup.canvas.height)
        let expected = setup.detents.map(\.height).sorted()
        XCTAssertEqual(m.detents.count, expected.count)
        for (found, truth) in zip(m.detents, expected) { XCTAssertEqual(found.value, truth, accuracy: 0.01) }
    }

    /// A track that never stands still is refused, saying so.
    func testNoRestIsAnError() {
        let track = (0..<120).map { TrackedFrame(time: Double($0) / 60, height: 200 + 100 * sin(Double($0) / 10)) }
        XCTAssertThrowsError(try RecordingMeasurement.measure(track: track, scale: 3, canvasHeight: 852)) { error in
            guard case RecordingError.noRest = error else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("no resting frame"), "\(error)")
        }
        let none = (0..<10).map { TrackedFrame(time: Double($0) / 60, height: nil) }
        XCTAssertThrowsError(try RecordingMeasurement.measure(track: none, scale: 3, canvasHeight: 852)) { error in
            XCTAssertEqual(error as? RecordingError, .noSheet(frames: 10))
        }
    }
}
