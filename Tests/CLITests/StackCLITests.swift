import Foundation
import XCTest

/// Sheets over sheets from the command line: `simulate` plays a stack and names each event's sheet; the commands that
/// draw (`render`, `clip`, `test`) refuse a script that stacks a sheet, naming the step, instead of drawing the first
/// sheet as if nothing were over it (stacks are not drawn yet, issue 31).
final class StackCLITests: CLITestCase {
    func testSimulatePlaysTheStackAndTheDrawingCommandsRefuseIt() {
        let place = repositoryRoot.appendingPathComponent("Assets/Examples/place-card.json").path
        write("present.json", "{\"steps\": [{\"at\": 100, \"present\": \"place\"}]}")
        let simulate = run("simulate", "--config", place, "--script", "present.json")
        XCTAssertEqual(simulate.status, 0, simulate.stderr)
        XCTAssertTrue(simulate.stdout.contains("\"type\": \"presented\", \"t\":"), simulate.stdout.suffix(400).description)
        XCTAssertTrue(simulate.stdout.contains(", \"sheet\": \"place\"}"))
        XCTAssertTrue(simulate.stdout.contains("\"stack\": [{\"sheet\": \"place\", \"top\": 512.0, \"height\": 340.0, \"detent\": \"card\", \"phase\": \"idle\"}]"))

        let render = run("render", "--config", place, "--script", "present.json", "--out", "x.png")
        XCTAssertEqual(render.status, 1, render.stderr)
        XCTAssertTrue(render.stderr.contains("steps[0].present") && render.stderr.contains("do not draw stacked sheets yet"), render.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))

        write("missing.json", "{\"steps\": [{\"at\": 100, \"present\": \"plcae\"}]}")
        let missing = run("simulate", "--config", place, "--script", "missing.json")
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no sheet \"plcae\""), missing.stderr)
    }
}
