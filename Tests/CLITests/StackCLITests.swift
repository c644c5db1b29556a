import Foundation
import XCTest

/// Sheets over sheets from the command line: `simulate` plays a stack and names each event's sheet; `render` draws it
/// (the sheet over the first one, which has slid down behind it: the `system` rule below large).
final class StackCLITests: CLITestCase {
    func testSimulatePlaysTheStackAndRenderDrawsIt() {
        let place = repositoryRoot.appendingPathComponent("Assets/Examples/place-card.json").path
        write("present.json", "{\"steps\": [{\"at\": 100, \"present\": \"place\"}]}")
        let simulate = run("simulate", "--config", place, "--script", "present.json")
        XCTAssertEqual(simulate.status, 0, simulate.stderr)
        XCTAssertTrue(simulate.stdout.contains("\"type\": \"presented\", \"t\":"), simulate.stdout.suffix(400).description)
        XCTAssertTrue(simulate.stdout.contains(", \"sheet\": \"place\"}"))
        XCTAssertTrue(simulate.stdout.contains("\"stack\": [{\"sheet\": \"place\", \"top\": 512.0, \"height\": 340.0, \"detent\": \"card\", \"phase\": \"idle\"}]"))

        let render = run("render", "--config", place, "--script", "present.json", "--scale", "1", "--out", "stacked.png")
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stdout.contains("idle on medium; place over it, idle on card"), render.stdout)
        write("none.json", "{\"steps\": [{\"at\": 100, \"select\": \"medium\"}]}")
        let plain = run("render", "--config", place, "--script", "none.json", "--at", "1100", "--scale", "1", "--out", "plain.png")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let stacked = try? Data(contentsOf: dir.appendingPathComponent("stacked.png"))
        let alone = try? Data(contentsOf: dir.appendingPathComponent("plain.png"))
        XCTAssertNotNil(stacked)
        XCTAssertNotEqual(stacked, alone, "the sheet over the first one is drawn")

        write("missing.json", "{\"steps\": [{\"at\": 100, \"present\": \"plcae\"}]}")
        let missing = run("simulate", "--config", place, "--script", "missing.json")
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no sheet \"plcae\""), missing.stderr)
    }

    func testMapDrawsAStackedSheetsDecisionMapAndNamesAMissingOne() {
        let place = repositoryRoot.appendingPathComponent("Assets/Examples/place-card.json").path
        let first = run("map", "--config", place, "--out", "first.png")
        XCTAssertEqual(first.status, 0, first.stderr)
        let stacked = run("map", "--config", place, "--sheet", "place", "--out", "place.png")
        XCTAssertEqual(stacked.status, 0, stacked.stderr)
        XCTAssertNotEqual(try? Data(contentsOf: dir.appendingPathComponent("first.png")),
                          try? Data(contentsOf: dir.appendingPathComponent("place.png")), "the place card's detents, not the search sheet's")
        let missing = run("map", "--config", place, "--sheet", "plcae", "--out", "x.png")
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no sheet \"plcae\"") && missing.stderr.contains("did you mean place?"), missing.stderr)
    }
}
