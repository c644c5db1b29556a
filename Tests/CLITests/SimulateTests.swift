import Foundation
import XCTest

/// `sheetlab simulate` output on the built-in default: an iPhone 15 canvas, H = 852, T = 59, glass,
/// so M = H − T − 0 = 793; detents peek 120 (top 732), medium H/2 + B = 460 (top 392) and large 793 (top 59);
/// the sheet rests on medium at t = 0, dimmed at 0.2 (light glass), and is undimmed at peek.
final class SimulateTests: CLITestCase {
    static let canvasHeight = 852.0
    static let detentTops = ["peek": 732.0, "medium": 392.0, "large": 59]
    static let frameKeys: Set<String> = ["type", "t", "top", "height", "phase", "detent", "dim", "alpha", "scroll", "keyboard"]

    /// Runs `simulate` on a script (and optionally a config) written to the test directory.
    func simulate(_ script: String, config: String? = nil, fps: String? = nil,
                  file: StaticString = #filePath, line: UInt = #line) -> [Record] {
        var args = ["simulate", "--script", write("s.script.json", script)]
        if let config { args += ["--config", write("c.json", config)] }
        if let fps { args += ["--fps", fps] }
        return simulated(runSheetlab(args, cwd: dir), file: file, line: line)
    }

    func frames(_ records: [Record]) -> [Record] { records.filter { $0.type == "frame" } }
    func events(_ records: [Record], _ type: String) -> [Record] { records.filter { $0.type == type } }

    /// The raw text of `"t": …` in a line, as printed.
    func rawTime(_ raw: String) -> String? {
        guard let r = raw.range(of: "\"t\": ") else { return nil }
        return String(raw[r.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" })
    }

    /// Frames carry exactly the documented keys; t steps by 1000/fps and is printed with at most 3 decimals;
    /// every line is in time order; the run lasts at least 1 s after the last step and ends at rest on a detent.
    func assertWellFormed(_ records: [Record], fps: Double, lastStepEnd: Double,
                          file: StaticString = #filePath, line: UInt = #line) {
        let list = frames(records)
        XCTAssertFalse(list.isEmpty, "no frames", file: file, line: line)
        var previous = -Double.infinity
        for r in records {
            XCTAssertNotNil(r.number("t"), "no numeric t: \(r.raw)", file: file, line: line)
            XCTAssertGreaterThanOrEqual(r.t, previous, "out of time order: \(r.raw)", file: file, line: line)
            previous = r.t
        }
        for (k, frame) in list.enumerated() {
            XCTAssertEqual(Set(frame.object.keys), Self.frameKeys, frame.raw, file: file, line: line)
            let expected = (Double(k) * 1000 / fps * 1000).rounded() / 1000
            XCTAssertEqual(frame.t, expected, accuracy: 1e-9, "frame \(k): \(frame.raw)", file: file, line: line)
            let text = rawTime(frame.raw) ?? ""
            let decimals = text.split(separator: ".", omittingEmptySubsequences: false)
            XCTAssertTrue(decimals.count == 2 && (1...3).contains(decimals[1].count),
                          "t must be printed with a point and up to 3 decimals: \(text)", file: file, line: line)
            XCTAssertTrue(["idle", "dragging", "settling", "dismissed"].contains(frame.string("phase") ?? ""), frame.raw,
                          file: file, line: line)
            XCTAssertTrue(frame.object["detent"] is String || frame.object["detent"] is NSNull, frame.raw, file: file, line: line)
            let top = frame.number("top") ?? .nan, height = frame.number("height") ?? .nan, dim = frame.number("dim") ?? .nan
            XCTAssertEqual(top + height, Self.canvasHeight, accuracy: 0.002, "top = H − h: \(frame.raw)", file: file, line: line)
            XCTAssertTrue((0...1).contains(dim), frame.raw, file: file, line: line)
        }
        guard let last = list.last else { return }
        XCTAssertGreaterThanOrEqual(last.t, lastStepEnd + 1000 - 1e-6, "runs 1 s past the last step", file: file, line: line)
        XCTAssertLessThan(last.t, lastStepEnd + 1000 + 1000 / fps + 1e-6 + 2000, "ran on too long", file: file, line: line)
        let phase = last.string("phase")
        XCTAssertTrue(phase == "idle" || phase == "dismissed", "ends at rest: \(last.raw)", file: file, line: line)
        if phase == "idle", let id = last.string("detent"), let top = Self.detentTops[id] {
            XCTAssertEqual(last.number("top") ?? .nan, top, accuracy: 0.5, "at rest on \(id): \(last.raw)", file: file, line: line)
        }
    }

    func testOutputIsWellFormedJSONLines() {
        let out = simulate(#"{"steps": [{"at": 0, "drag": {"from": [196, 500], "to": [196, 560], "duration": 200}}, {"at": 300, "select": "large"}]}"#)
        assertWellFormed(out, fps: 60, lastStepEnd: 300)
        let list = frames(out)
        XCTAssertEqual(rawTime(list[1].raw), "16.667")
        XCTAssertEqual(rawTime(list[0].raw), "0.0")
        XCTAssertEqual(rawTime(list[3].raw), "50.0")
        // At t = 0 the sheet is at rest on the initial detent, with no animation.
        XCTAssertEqual(list[0].string("phase"), "idle")
        XCTAssertEqual(list[0].string("detent"), "medium")
        XCTAssertEqual(list[0].number("top") ?? .nan, 392, accuracy: 0.001)
        XCTAssertEqual(list[0].number("dim") ?? .nan, 0.2, accuracy: 0.001)
        // It drags, then settles, then ends on large.
        XCTAssertTrue(list.contains { $0.string("phase") == "dragging" })
        XCTAssertTrue(list.contains { $0.string("phase") == "settling" })
        XCTAssertEqual(list.last?.string("detent"), "large")
    }

    func testFpsChangesTheFrameSpacing() {
        let script = #"{"steps": [{"at": 0, "select": "large"}]}"#
        let at30 = simulate(script, fps: "30")
        assertWellFormed(at30, fps: 30, lastStepEnd: 0)
        XCTAssertEqual(rawTime(frames(at30)[1].raw), "33.333")
        let at60 = simulate(script)
        XCTAssertEqual(rawTime(frames(at60)[1].raw), "16.667")
        XCTAssertGreaterThan(frames(at60).count, frames(at30).count * 3 / 2)
        let at24 = simulate(script, fps: "24")
        assertWellFormed(at24, fps: 24, lastStepEnd: 0)
        XCTAssertEqual(rawTime(frames(at24)[1].raw), "41.667")
    }

    /// The run goes on past 1 s after the last step until the sheet is at rest.
    func testRunWaitsForRest() {
        let out = simulate(#"{"steps": [{"at": 0, "select": "large"}]}"#,
                           config: #"{"sheet": {"motion": {"curve": "linear", "duration": 2.5}}}"#)
        assertWellFormed(out, fps: 60, lastStepEnd: 0)
        let last = frames(out).last!
        XCTAssertGreaterThanOrEqual(last.t, 2500 - 1e-6)
        XCTAssertEqual(last.string("detent"), "large")
        XCTAssertEqual(events(out, "detent").map { $0.string("detent") }, ["large"])
    }

    func testFlickUpFromMediumEndsOnLarge() {
        let out = simulate(#"{"steps": [{"at": 100, "drag": {"from": [196, 500], "to": [196, 400], "duration": 60}}]}"#)
        assertWellFormed(out, fps: 60, lastStepEnd: 160)
        let detents = events(out, "detent")
        XCTAssertEqual(detents.last?.string("detent"), "large", "\(detents.map(\.raw))")
        XCTAssertGreaterThan(detents.last?.t ?? 0, 160)
        XCTAssertEqual(frames(out).last?.string("detent"), "large")
        XCTAssertEqual(frames(out).last?.number("top") ?? .nan, 59, accuracy: 0.5)
    }

    func testTapOnTheMapAtPeekReachesTheBackground() {
        let out = simulate(#"{"steps": [{"at": 0, "tap": [196, 300]}]}"#, config: #"{"sheet": {"initialDetent": "peek"}}"#)
        assertWellFormed(out, fps: 60, lastStepEnd: 50)
        XCTAssertEqual(frames(out).first?.number("dim"), 0)
        let taps = events(out, "backgroundTap")
        XCTAssertEqual(taps.count, 1, "\(out.filter { $0.type != "frame" }.map(\.raw))")
        XCTAssertEqual(taps.first?.number("x"), 196)
        XCTAssertEqual(taps.first?.number("y"), 300)
        XCTAssertEqual(taps.first?.t ?? 0, 50, accuracy: 1e-6, "a tap is a down and an up 50 ms apart")
        XCTAssertTrue(events(out, "dismissed").isEmpty)
        XCTAssertEqual(frames(out).last?.string("detent"), "peek")
    }

    /// After a programmatic move to peek, the map is live again.
    func testTapAfterSelectingPeekReachesTheBackground() {
        let out = simulate(#"{"steps": [{"at": 0, "select": "peek"}, {"at": 1000, "tap": [100, 400]}]}"#)
        assertWellFormed(out, fps: 60, lastStepEnd: 1050)
        XCTAssertEqual(events(out, "detent").map { $0.string("detent") }, ["peek"])
        let taps = events(out, "backgroundTap")
        XCTAssertEqual(taps.count, 1)
        XCTAssertEqual(taps.first?.number("x"), 100)
        XCTAssertEqual(taps.first?.number("y"), 400)
    }

    /// At medium the default is dimmed: a tap outside is not forwarded, and it dismisses
    /// (the default is dismissible with tapOutsideToDismiss).
    func testTapWhileDimmedDoesNotReachTheBackground() {
        let out = simulate(#"{"steps": [{"at": 0, "tap": [196, 300]}]}"#)
        assertWellFormed(out, fps: 60, lastStepEnd: 50)
        XCTAssertTrue(events(out, "backgroundTap").isEmpty, "\(out.filter { $0.type != "frame" }.map(\.raw))")
        XCTAssertEqual(events(out, "dismissed").count, 1)
        XCTAssertEqual(frames(out).last?.string("phase"), "dismissed")

        let kept = simulate(#"{"steps": [{"at": 0, "tap": [196, 300]}]}"#, config: #"{"sheet": {"tapOutsideToDismiss": false}}"#)
        XCTAssertTrue(events(kept, "backgroundTap").isEmpty)
        XCTAssertTrue(events(kept, "dismissed").isEmpty)
        XCTAssertEqual(frames(kept).last?.string("detent"), "medium")
    }

    /// A Dismiss button in the content: tapping it reports the action, then the dismissal; present brings it back.
    func testDismissButton() {
        // One medium detent (top 392) holding only the button, which sits just below the grabber band (412…462).
        let config = #"{"sheet": {"detents": ["medium"], "content": [{"type": "button", "title": "Dismiss", "action": "dismiss"}]}}"#
        let out = simulate(#"{"steps": [{"at": 0, "tap": [196, 437]}, {"at": 1500, "present": true}]}"#, config: config)
        assertWellFormed(out, fps: 60, lastStepEnd: 1500)
        let actions = events(out, "action")
        XCTAssertEqual(actions.map { $0.string("action") }, ["dismiss"], "\(out.filter { $0.type != "frame" }.map(\.raw))")
        let dismissed = events(out, "dismissed")
        XCTAssertEqual(dismissed.count, 1)
        let actionIndex = out.firstIndex { $0.type == "action" } ?? .max
        let dismissedIndex = out.firstIndex { $0.type == "dismissed" } ?? -1
        XCTAssertLessThan(actionIndex, dismissedIndex, "the action comes before the dismissal")
        XCTAssertLessThan(dismissed.first?.t ?? .infinity, 1500)
        XCTAssertTrue(frames(out).contains { $0.string("phase") == "dismissed" && $0.number("height") == 0 })
        XCTAssertEqual(events(out, "presented").count, 1)
        XCTAssertEqual(frames(out).last?.string("detent"), "medium")
        XCTAssertTrue(events(out, "backgroundTap").isEmpty)
    }

    /// The shipped demo plays on the shipped default config.
    func testDemoScript() {
        let examples = repositoryRoot.appendingPathComponent("Assets/Examples")
        let result = runSheetlab(["simulate", "--config", examples.appendingPathComponent("default.json").path,
                                  "--script", examples.appendingPathComponent("demo.script.json").path], cwd: dir)
        let out = simulated(result)
        assertWellFormed(out, fps: 60, lastStepEnd: 6500)
        for type in ["detent", "backgroundTap", "dismissed", "presented"] {
            XCTAssertFalse(events(out, type).isEmpty, "no \(type) event")
        }
        XCTAssertEqual(result.stderr, "")
    }

    /// A reload swaps in another config (relative to the script); a later select may name its detents.
    func testReloadSwapsTheConfig() {
        write("scripts/other.json", #"{"sheet": {"detents": [{"id": "low", "height": 200}, "large"], "initialDetent": "large"}}"#)
        write("scripts/r.script.json", #"{"steps": [{"at": 100, "reload": "other.json"}, {"at": 200, "select": "low"}]}"#)
        let out = simulated(run("simulate", "--script", "scripts/r.script.json"))
        assertWellFormed(out, fps: 60, lastStepEnd: 200)
        XCTAssertEqual(events(out, "detent").last?.string("detent"), "low")
        XCTAssertEqual(frames(out).last?.number("height") ?? .nan, 200, accuracy: 0.5)
    }

    /// A tap is a down and an up within 10 pt of each other and 300 ms apart. At peek the map is live.
    func testWhatCountsAsATap() {
        let rows: [(line: UInt, steps: String, isTap: Bool)] = [
            (#line, #"{"at": 0, "down": [196, 300]}, {"at": 50, "up": [196, 300]}"#, true),
            (#line, #"{"at": 0, "down": [196, 300]}, {"at": 290, "up": [196, 308]}"#, true),
            (#line, #"{"at": 0, "down": [196, 300]}, {"at": 400, "up": [196, 300]}"#, false),
            (#line, #"{"at": 0, "down": [196, 300]}, {"at": 100, "up": [196, 320]}"#, false),
            (#line, #"{"at": 0, "down": [196, 300]}, {"at": 100, "up": [220, 300]}"#, false),
        ]
        for row in rows {
            let out = simulate(#"{"steps": [\#(row.steps)]}"#, config: #"{"sheet": {"initialDetent": "peek"}}"#, line: row.line)
            XCTAssertEqual(events(out, "backgroundTap").count, row.isTap ? 1 : 0,
                           "\(out.filter { $0.type != "frame" }.map(\.raw))", line: row.line)
        }
    }

    /// A small drag that settles back on the same detent reports no `detent` event.
    func testNoDetentEventWhenSettlingBackOnTheSameDetent() {
        let out = simulate(#"{"steps": [{"at": 0, "drag": {"from": [196, 500], "to": [196, 510], "duration": 200}}]}"#)
        assertWellFormed(out, fps: 60, lastStepEnd: 200)
        XCTAssertTrue(frames(out).contains { $0.string("phase") == "settling" || $0.string("phase") == "dragging" })
        XCTAssertTrue(events(out, "detent").isEmpty, "\(events(out, "detent").map(\.raw))")
        XCTAssertEqual(frames(out).last?.string("detent"), "medium")
    }

    // MARK: - The slowest springs still come to rest

    /// Simulate runs until everything is at rest. The config bounds response (≤ 5 s) and
    /// dampingRatio (0.1…10) so that even the slowest allowed spring settles within the run's patience.
    func testSlowestAllowedSpringsStillEndAtRest() {
        for motion in [#"{"response": 5, "dampingRatio": 0.1}"#, #"{"response": 5, "dampingRatio": 10}"#] {
            let out = simulate(#"{"steps": [{"at": 0, "select": "large"}]}"#, config: #"{"sheet": {"motion": \#(motion)}}"#)
            let last = frames(out).last
            XCTAssertEqual(last?.string("phase"), "idle", "\(motion) ends while moving: \(last?.raw ?? "")")
            XCTAssertEqual(events(out, "detent").last?.string("detent"), "large", motion)
        }
    }
}
