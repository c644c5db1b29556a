import Foundation
import Platform
import Raster
import SheetKit
import XCTest

/// Tolerances where they belong and masks: per snapshot, per scenario and a suite default,
/// a perceptual YIQ `threshold`, messages that name the tolerance in force and never say "0 pixels differ" when some did.
final class GoldenToleranceTests: GoldenTestCase {
    /// The scenario with `keys` added at its top level and `snapshotKeys` on its "moving" snapshot.
    func scenario(keys: String = "", moving snapshotKeys: String = "") -> String {
        var text = scenario
        if !keys.isEmpty { text = text.replacingOccurrences(of: "\"snapshots\"", with: "\(keys), \"snapshots\"") }
        if !snapshotKeys.isEmpty {
            text = text.replacingOccurrences(of: #""name": "moving"}"#, with: #""name": "moving", \#(snapshotKeys)}"#)
        }
        return text
    }

    func testTheInnermostLevelSettingAKeyWins() {
        let suite = ToleranceSettings(maxChannelDelta: 4, maxDiffPixels: 10)
        let scenario = ToleranceSettings(maxChannelDelta: 2, threshold: 0.1)
        let snapshot = ToleranceSettings(maxDiffPixels: 0)
        let rows: [(line: UInt, levels: [(String, ToleranceSettings)], expected: Tolerance, says: String)] = [
            (#line, [], Tolerance(), "exact match"),
            (#line, [("suite", suite)], Tolerance(channelDelta: 4, diffPixels: 10), "maxChannelDelta 4 (suite), maxDiffPixels 10 (suite)"),
            (#line, [("scenario", scenario), ("suite", suite)], Tolerance(channelDelta: 2, threshold: 0.1, diffPixels: 10),
             "maxChannelDelta 2 (scenario), threshold 0.1 (scenario), maxDiffPixels 10 (suite)"),
            (#line, [("snapshot", snapshot), ("scenario", scenario), ("suite", suite)],
             Tolerance(channelDelta: 2, threshold: 0.1, diffPixels: 0),
             "maxChannelDelta 2 (scenario), threshold 0.1 (scenario), maxDiffPixels 0 (snapshot)"),
        ]
        for row in rows {
            var t = Tolerance(levels: row.levels.map { (name: $0.0, settings: $0.1) })
            XCTAssertEqual(t.description, row.says, line: row.line)
            t.inForce = []
            XCTAssertEqual(t, row.expected, line: row.line)
        }
    }

    func testPerceptualDistanceIsPixelmatchs() {
        let rows: [(line: UInt, a: StraightRGBA8, b: StraightRGBA8, expected: Double)] = [
            (#line, StraightRGBA8(0, 0, 0), StraightRGBA8(255, 255, 255), 0.5053 * 255 * 255),  // Y only: I and Q cancel
            (#line, StraightRGBA8(10, 20, 30), StraightRGBA8(10, 20, 30), 0),
            (#line, StraightRGBA8(0, 0, 0, 0), StraightRGBA8(255, 255, 255), 0),  // transparent is white, blended over white
            // Y, I and Q of pure red minus pure blue, weighted 0.5053, 0.299, 0.1957.
            (#line, StraightRGBA8(255, 0, 0), StraightRGBA8(0, 0, 255),
             0.5053 * pow(255 * (0.29889531 - 0.11448223), 2) + 0.299 * pow(255 * (0.59597799 + 0.32180189), 2)
                + 0.1957 * pow(255 * (0.21147017 - 0.31114694), 2)),
        ]
        for row in rows {
            XCTAssertEqual(PerceptualDelta.between(row.a, row.b), row.expected, accuracy: row.expected * 0.001 + 1, line: row.line)
        }
    }

    /// Which pixels differ under each per-pixel rule: a grey step of 3 (perceptually tiny) and a red-to-blue swap.
    func testWhichPixelsDifferUnderEachRule() {
        let expected = Pixmap(width: 2, height: 1, pixels: [StraightRGBA8(100, 100, 100).premultiplied.packed,
                                                            StraightRGBA8(255, 0, 0).premultiplied.packed])
        let actual = Pixmap(width: 2, height: 1, pixels: [StraightRGBA8(103, 103, 103).premultiplied.packed,
                                                          StraightRGBA8(0, 0, 255).premultiplied.packed])
        let rows: [(line: UInt, delta: Int?, threshold: Double?, differing: Int)] = [
            (#line, nil, nil, 2),
            (#line, 3, nil, 1),
            (#line, 255, nil, 0),
            (#line, nil, 0.1, 1),
            (#line, nil, 0, 2),
            (#line, nil, 1, 0),
            (#line, 255, 0.1, 1),  // both set: beyond either is a difference
        ]
        for row in rows {
            let c = ImageComparison(expected: expected, actual: actual, channelDelta: row.delta, threshold: row.threshold)
            XCTAssertEqual(c.differing, row.differing, line: row.line)
            XCTAssertEqual(c.changed, 2, "changed counts every pixel not equal", line: row.line)
            XCTAssertEqual(c.largestDelta, 255, line: row.line)
        }
    }

    /// A touched golden (one pixel, red channel by 64) against each tolerance, at each level.
    func testEachLevelAndTheMessagesNameTheToleranceInForce() throws {
        let rows: [(line: UInt, settings: String?, scenario: String, passes: Bool, says: String)] = [
            (#line, nil, scenario(), false, "1 of 38400 pixels differ (0.0026 %; 0 allowed); largest channel delta 64"),
            (#line, nil, scenario(keys: #""maxChannelDelta": 255"#), true,
             "ok   a/moving (1 pixel differs by up to 64, none beyond the per-pixel tolerance; within maxChannelDelta 255 (scenario))"),
            (#line, nil, scenario(moving: #""maxDiffPixels": 1"#), true,
             "ok   a/moving (1 pixel differs by up to 64, 1 beyond the per-pixel tolerance (0.0026 %; 1 allowed); within maxDiffPixels 1 (snapshot))"),
            (#line, #"{"maxDiffPixels": 1}"#, scenario(), true, "within maxDiffPixels 1 (suite)"),
            (#line, #"{"maxDiffPixels": 1}"#, scenario(keys: #""maxDiffPixels": 0"#), false, "tolerance: maxDiffPixels 0 (scenario)"),
            (#line, #"{"threshold": 0.5}"#, scenario(), true, "within threshold 0.5 (suite)"),
            (#line, #"{"threshold": 0.5}"#, scenario(moving: #""threshold": 0.01"#), false, "tolerance: threshold 0.01 (snapshot)"),
            (#line, nil, scenario(moving: #""mask": [[30, 40, 20, 20]]"#), true, "ok   a/moving"),
            (#line, nil, scenario(moving: #""mask": [[0, 0, 20, 20]]"#), false, "1 of 38400 pixels differ"),
        ]
        for row in rows {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("suite"))
            try put(row.scenario, "suite/a.scenario.json")
            if let settings = row.settings { try put(settings, "suite/sheetlab-test.json") }
            XCTAssertEqual(recording(["suite", "--update"]).status, 0, line: row.line)
            try touch("suite/__goldens__/a/moving.png")
            let r = runSheetlab(["test", "suite"], cwd: dir)
            XCTAssertEqual(r.status, row.passes ? 0 : 1, r.stdout, line: row.line)
            let line = r.stdoutLines.first { $0.contains("a/moving") } ?? ""
            XCTAssertTrue(line.contains(row.says), "\(row.says)\nin: \(line)", line: row.line)
            XCTAssertFalse(r.stdout.contains(" 0 pixels differ"), r.stdout, line: row.line)
        }
    }

    func testBadTolerancesAndMasksAreErrorsWithTheirPlaces() throws {
        let rows: [(line: UInt, json: String, keyPath: String, message: String)] = [
            (#line, #"{"snapshots": [{"at": 0, "name": "a", "mask": ‸[[1, 2, 3]]}]}"#, "snapshots[0].mask", "[x, y, width, height]"),
            (#line, #"{"snapshots": [{"at": 0, "name": "a", "mask": ‸[[1, 2, 0, 4]]}]}"#, "snapshots[0].mask", "positive width"),
            (#line, #"{"snapshots": [{"at": 0, "name": "a", "threshold": ‸-0.5}]}"#, "snapshots[0].threshold", "0"),
            (#line, #"{"snapshots": [{"at": 0, "name": "a", ‸"maxDifPixels": 3}]}"#, "snapshots[0].maxDifPixels", "unknown key"),
            (#line, #"{"threshold": ‸"low", "snapshots": [{"at": 0, "name": "a"}]}"#, "threshold", "number"),
        ]
        for row in rows {
            let (text, position) = stripCaret(row.json)
            try put(text, "bad/s.scenario.json")
            let r = runSheetlab(["check", "bad/s.scenario.json"], cwd: dir)
            assertFailure(r, file: "bad/s.scenario.json", position: position, keyPath: row.keyPath, message: row.message, line: row.line)
        }
    }
}
