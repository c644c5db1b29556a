import Foundation
import Platform
import Raster
import XCTest

/// `sheetlab measure IMAGE --against CONFIG` end to end, and the same comparison as a scenario snapshot's `matches`:
/// a render against its own config passes with every delta 0; a changed detent, radius or dimming fails naming exactly
/// that feature; `--tolerance` widens it; every bad input is one clear error with exit 1. All at 1×.
final class MeasureAgainstCLITests: GoldenTestCase {
    static let base = #"{"sheet": {"content": []}}"#
    static let detent = #"{"sheet": {"content": [], "detents": [{"id": "peek", "height": 120}, {"id": "m", "height": 400}, "large"], "initialDetent": "m"}}"#

    func testAgainstItsConfigAndAChangedOne() throws {
        write("sheet.json", Self.base)
        write("detent.json", Self.detent)
        write("radius.json", #"{"sheet": {"content": [], "cornerRadius": 30}}"#)
        write("dimming.json", ##"{"sheet": {"content": [], "dimming": {"color": "#000000", "opacity": 0.35, "largestUndimmedDetent": "peek"}}}"##)
        XCTAssertEqual(runSheetlab(["render", "--config", "sheet.json", "--scale", "1", "--out", "sheet.png"], cwd: dir, timeout: 120).status, 0)

        let same = runSheetlab(["measure", "sheet.png", "--against", "sheet.json", "--side-by-side", "sbs.png", "--diff", "diff.png"], cwd: dir, timeout: 300)
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
        XCTAssertTrue(same.stdout.contains("compared features within tolerance"), same.stdout)
        XCTAssertFalse(same.stdout.contains("BEYOND"), same.stdout)
        XCTAssertTrue(same.stdout.contains("visible height"), same.stdout)
        let sbs = try ImageFiles.read(dir.appendingPathComponent("sbs.png").path)
        let diff = try ImageFiles.read(dir.appendingPathComponent("diff.png").path)
        XCTAssertEqual(diff.width, 393)
        XCTAssertGreaterThan(sbs.width, 3 * 393)

        let table: [(line: UInt, config: String, beyond: [String], tolerance: String?)] = [
            (#line, "detent.json", ["visible height"], nil),
            (#line, "radius.json", ["top corners radius"], nil),
            (#line, "dimming.json", ["dimming"], nil),
            (#line, "detent.json", [], "pt=61"),
            (#line, "dimming.json", [], "alpha=0.2"),
        ]
        let features = ["visible height", "top corners radius", "dimming", "left inset", "grabber width", "style", "appearance"]
        for row in table {
            let r = runSheetlab(["measure", "sheet.png", "--against", row.config] + (row.tolerance.map { ["--tolerance", $0] } ?? []), cwd: dir, timeout: 300)
            XCTAssertEqual(r.status, row.beyond.isEmpty ? 0 : 1, r.stdout + r.stderr, line: row.line)
            for name in features {
                // The closing error names each feature beyond tolerance, and no other.
                XCTAssertEqual(r.stderr.contains(name + " ("), row.beyond.contains(name), "\(name): \(r.stderr)", line: row.line)
            }
        }
    }

    func testBadInputsFailClearly() {
        write("sheet.json", Self.base)
        write("none.json", #"{"sheet": {"presented": false}}"#)
        write("se.json", #"{"device": "iphone-se", "sheet": {"content": []}}"#)
        write("broken.json", #"{"sheet": {"cornerRadious": 12}}"#)
        XCTAssertEqual(runSheetlab(["render", "--config", "sheet.json", "--scale", "1", "--out", "sheet.png"], cwd: dir, timeout: 120).status, 0)
        XCTAssertEqual(runSheetlab(["render", "--config", "none.json", "--scale", "1", "--out", "none.png"], cwd: dir, timeout: 120).status, 0)
        let table: [(line: UInt, args: [String], message: String)] = [
            (#line, ["--against", "missing.json"], "missing.json"),
            (#line, ["--against", "broken.json"], "broken.json:1:12: sheet.cornerRadious: unknown key"),
            (#line, ["--against", "se.json"], "the config's device iphone-se"),
            (#line, ["--against", "none.json"], "no sheet found in the render of none.json"),
            (#line, ["--against", "sheet.json", "--tolerance", "px=2"], "--tolerance: unknown key 'px'"),
            (#line, ["--against", "sheet.json", "--tolerance", "alpha=2"], "alpha must be between 0 and 1"),
            (#line, ["--against", "sheet.json", "--diff", "diff.txt"], "--diff must name a .png file"),
            (#line, ["--against", "sheet.json", "--out", "x.json"], "--out: writes a measured config"),
            (#line, ["--tolerance", "pt=1"], "--tolerance: goes with --against"),
            (#line, ["--against", "sheet.json", "--device", "iphone-se"], "sheet.json: draws on iphone-15, not --device iphone-se"),
        ]
        for row in table {
            let r = runSheetlab(["measure", "sheet.png"] + row.args, cwd: dir, timeout: 300)
            XCTAssertEqual(r.status, 1, r.stdout + r.stderr, line: row.line)
            XCTAssertTrue(r.stderr.contains(row.message), r.stderr, line: row.line)
        }
        let gone = runSheetlab(["measure", "gone.png", "--against", "sheet.json"], cwd: dir, timeout: 300)
        XCTAssertEqual(gone.status, 1)
        XCTAssertTrue(gone.stderr.contains("gone.png: no such file"), gone.stderr)
        let none = runSheetlab(["measure", "none.png", "--against", "sheet.json"], cwd: dir, timeout: 300)
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("no sheet found in none.png"), none.stderr)
    }

    /// A snapshot's `matches`: the frame the scenario reaches, against a reference, passes when it is true to it and
    /// fails naming the features when it is not (the golden passing or not).
    func testScenarioMatchesAReference() throws {
        try put(Self.base, "suite/sheet.json")
        XCTAssertEqual(runSheetlab(["render", "--config", "suite/sheet.json", "--scale", "1", "--out", "suite/ref.png"], cwd: dir, timeout: 120).status, 0)
        try put(#"""
        {"config": "sheet.json", "scale": 1,
         "snapshots": [{"at": 0, "name": "medium", "matches": "ref.png"}]}
        """#, "suite/true.scenario.json")
        try put(#"""
        {"config": "sheet.json", "scale": 1,
         "script": {"steps": [{"at": 0, "select": "peek"}]},
         "snapshots": [{"at": 1500, "name": "peek", "matches": {"image": "ref.png", "tolerance": {"pt": 3}}}]}
        """#, "suite/moved.scenario.json")
        // A reference that is no image, and one of another size: each fails its snapshot with a clear line.
        try put("not a picture", "suite/notes.txt")
        try ImageFiles.writePNG(Pixmap(width: 100, height: 100, fill: .white), to: dir.appendingPathComponent("suite/small.png").path)
        try put(#"{"config": "sheet.json", "scale": 1, "snapshots": [{"at": 0, "name": "a", "matches": "notes.txt"}]}"#, "suite/unreadable.scenario.json")
        try put(#"{"config": "sheet.json", "scale": 1, "snapshots": [{"at": 0, "name": "a", "matches": "small.png"}]}"#, "suite/small.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 1, "the moved scenario fails its match even while recording")
        let r = runSheetlab(["test", "suite"], cwd: dir, timeout: 300)
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("ok   true/medium"), r.stdout)
        XCTAssertTrue(r.stdout.contains("matches ref.png: all"), r.stdout)
        XCTAssertTrue(r.stdout.contains("FAIL moved/peek: does not match ref.png"), r.stdout)
        XCTAssertTrue(r.stdout.contains("visible height ("), r.stdout)
        XCTAssertTrue(r.stdout.contains("±3 pt"), r.stdout)
        XCTAssertTrue(exists("suite/__failures__/moved/peek.match.png"))
        XCTAssertFalse(exists("suite/__failures__/true"))
        XCTAssertTrue(r.stdout.contains("FAIL unreadable/a: matches notes.txt: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("not an image SheetLab can read"), r.stdout)
        XCTAssertTrue(r.stdout.contains("FAIL small/a: matches small.png: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("is 100×100 px, the frame 393×852 px"), r.stdout)
        XCTAssertEqual(r.stdoutLines.last, "1 passed, 3 failed")
    }
}
