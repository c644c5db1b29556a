import Foundation
@testable import sheetlab
import SheetRender
import XCTest

/// Goldens that say what made them: recording writes a fingerprint beside the goldens, a run on a
/// machine with other fonts or another renderer says so in one line before any pixel talk, and a `goldenDir`
/// template keeps one set of goldens per platform.
final class GoldenFingerprintTests: GoldenTestCase {
    func fingerprint(_ path: String) throws -> [String: Any] {
        let data = try XCTUnwrap(bytes(path), "no \(path)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testRecordingWritesTheFingerprintOfTheFontsAndRenderer() throws {
        try put(scenario, "suite/a.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        let json = try fingerprint("suite/__goldens__/fingerprint.json")
        XCTAssertEqual(json["renderer"] as? Int, RendererVersion.current)
        let fonts = try XCTUnwrap(json["fonts"] as? [[String: Any]])
        XCTAssertEqual(fonts.count, 10, "one entry per Inter face the text engine loads (five weights, Text and Display cuts)")
        for font in fonts {
            let path = try XCTUnwrap(font["path"] as? String)
            let data = try XCTUnwrap(FileManager.default.contents(atPath: path), path)
            XCTAssertEqual(font["bytes"] as? Int, data.count, path)
            XCTAssertEqual(font["fnv1a64"] as? String, RenderFingerprint.fnv1a64(data), path)
        }
        XCTAssertEqual(runSheetlab(["test", "suite"], cwd: dir).stdoutLines.filter { $0.hasPrefix("fingerprint:") }, [],
                       "no word about fingerprints on the machine that recorded")
    }

    /// Goldens from another fonts-inter (another hash) or another renderer version: the first line says what differs and what to do.
    func testAForeignFingerprintIsNamedFirst() throws {
        let rows: [(line: UInt, edit: (inout [String: Any]) -> Void, says: [String])] = [
            (#line, { json in
                var fonts = json["fonts"] as! [[String: Any]]
                fonts[0]["fnv1a64"] = "ab12cd34ef560000"
                json["fonts"] = fonts
                json["fontsPackage"] = "3.19+ds-2"
            }, ["fonts-inter 3.19+ds-2", "ab12cd34…", "--update=all", "goldenDir"]),
            (#line, { json in json["renderer"] = RendererVersion.current + 7 },
             ["renderer version \(RendererVersion.current + 7), this build has \(RendererVersion.current)", "--update=all"]),
        ]
        for row in rows {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("suite"))
            try put(scenario, "suite/a.scenario.json")
            XCTAssertEqual(recording(["suite", "--update"]).status, 0, line: row.line)
            try touch("suite/__goldens__/a/moving.png")
            var json = try fingerprint("suite/__goldens__/fingerprint.json")
            row.edit(&json)
            try JSONSerialization.data(withJSONObject: json).write(to: dir.appendingPathComponent("suite/__goldens__/fingerprint.json"))

            let r = runSheetlab(["test", "suite"], cwd: dir)
            XCTAssertEqual(r.status, 1, line: row.line)
            let first = try XCTUnwrap(r.stdoutLines.first, line: row.line)
            XCTAssertTrue(first.hasPrefix("fingerprint: the goldens in suite/__goldens__ were recorded with "), first, line: row.line)
            for words in row.says { XCTAssertTrue(first.contains(words), "\(words) in: \(first)", line: row.line) }
            XCTAssertEqual(r.stdoutLines.filter { $0.hasPrefix("fingerprint:") }.count, 1, "one line", line: row.line)

            // Re-recording everything on this machine makes the goldens this machine's.
            XCTAssertEqual(recording(["suite", "--update=all"]).status, 0, line: row.line)
            let again = runSheetlab(["test", "suite"], cwd: dir)
            XCTAssertEqual(again.status, 0, again.stdout, line: row.line)
            XCTAssertFalse(again.stdout.contains("fingerprint:"), again.stdout, line: row.line)
        }
    }

    /// A renderer version bump whose pixels do not move in this suite: `--update=all`, as the mismatch line says, stamps
    /// this build's fingerprint though no golden is rewritten. Before, it wrote nothing and the line stayed.
    func testUpdateAllStampsTheFingerprintWhenNoPixelMoved() throws {
        try put(scenario, "suite/a.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        var json = try fingerprint("suite/__goldens__/fingerprint.json")
        json["renderer"] = RendererVersion.current - 1
        try JSONSerialization.data(withJSONObject: json).write(to: dir.appendingPathComponent("suite/__goldens__/fingerprint.json"))
        XCTAssertTrue(runSheetlab(["test", "suite"], cwd: dir).stdout.contains("fingerprint:"))
        let all = recording(["suite", "--update=all"])
        XCTAssertEqual(all.status, 0, all.stdout)
        XCTAssertEqual(try fingerprint("suite/__goldens__/fingerprint.json")["renderer"] as? Int, RendererVersion.current)
        let again = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(again.status, 0, again.stdout)
        XCTAssertFalse(again.stdout.contains("fingerprint:"), again.stdout)
    }

    func testAGoldenDirTemplateKeepsGoldensPerPlatform() throws {
        try put(scenario, "suite/a.scenario.json")
        try put(#"{"goldenDir": "__goldens__/{platform}"}"#, "suite/sheetlab-test.json")
        var r = recording(["suite", "--update"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let platform = RenderFingerprint.platformName()
        XCTAssertTrue(exists("suite/__goldens__/\(platform)/a/initial.png"), r.stdout)
        XCTAssertTrue(exists("suite/__goldens__/\(platform)/fingerprint.json"))
        XCTAssertFalse(exists("suite/__goldens__/a"))
        r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.stdoutLines.last, "2 passed, 0 failed", r.stdout)
        // One scenario file given: the settings are found in its folder.
        r = runSheetlab(["test", "suite/a.scenario.json"], cwd: dir)
        XCTAssertEqual(r.stdoutLines.last, "2 passed, 0 failed", r.stdout)
    }

    func testABadSettingsFileIsAnErrorWithItsPlace() throws {
        try put(scenario, "suite/a.scenario.json")
        let rows: [(line: UInt, json: String, key: String, message: String)] = [
            (#line, "{\"maxChannelDelta\": 2, ‸\"treshold\": 0.1}", "treshold", "unknown key"),
            (#line, "{\"threshold\": ‸1.5}", "threshold", "1"),
            (#line, "{\"goldenDir\": ‸\"__goldens__/{os}\"}", "goldenDir", "placeholders"),
            (#line, "{\"goldenDir\": ‸\"../elsewhere\"}", "goldenDir", ".."),
        ]
        for row in rows {
            let (text, position) = stripCaret(row.json)
            try put(text, "suite/sheetlab-test.json")
            let r = runSheetlab(["test", "suite"], cwd: dir)
            assertFailure(r, file: "suite/sheetlab-test.json", position: position, keyPath: row.key, message: row.message, line: row.line)
        }
    }

    func testFingerprintRules() {
        let me = RenderFingerprint(renderer: 1, fontsPackage: "4.0", fonts: [.init(path: "/f/Inter-Regular.otf", bytes: 10, fnv1a64: "aa")],
                                   platform: "debian-12-x86_64")
        var samePixels = me
        samePixels.fontsPackage = "4.0-1"; samePixels.platform = "ubuntu-24.04-x86_64"; samePixels.fonts[0].path = "/g/Inter-Regular.otf"
        var otherFont = me
        otherFont.fonts[0].fnv1a64 = "bb"
        var missingFont = me
        missingFont.fonts = []
        let rows: [(line: UInt, recorded: RenderFingerprint, differs: Bool)] = [
            (#line, me, false),
            (#line, samePixels, false),
            (#line, otherFont, true),
            (#line, missingFont, true),
        ]
        for row in rows {
            XCTAssertEqual(me.differences(from: row.recorded) != nil, row.differs, line: row.line)
            XCTAssertEqual(me.id == row.recorded.id, !row.differs, line: row.line)
        }
        XCTAssertEqual(RenderFingerprint.fnv1a64(Data("a".utf8)), "af63dc4c8601ec8c", "FNV-1a 64 test vector")
    }
}
