import XCTest
@testable import SheetKit

/// `--tolerance` and a snapshot's `matches`: every key parses over the defaults, a bad key or value is named.
final class MatchToleranceTests: XCTestCase {
    func testParse() {
        let table: [(line: UInt, text: String, expect: (Double, Double, Double, Double)?, key: String?)] = [
            (#line, "pt=3", (3, 1, 0.03, 8), nil),
            (#line, "pt=2.5,radius=0.5,alpha=0.05,levels=12", (2.5, 0.5, 0.05, 12), nil),
            (#line, " alpha = 0.1 ", (2, 1, 0.1, 8), nil),
            (#line, "px=2", nil, "px"),
            (#line, "radius=-1", nil, "radius"),
            (#line, "alpha=2", nil, "alpha"),
            (#line, "levels=300", nil, "levels"),
            (#line, "pt=abc", nil, "pt"),
            (#line, "pt", nil, "pt"),
            (#line, "pt=2,", nil, ""),
        ]
        for row in table {
            switch MatchTolerance.parse(row.text) {
            case .success(let t):
                guard let e = row.expect else { XCTFail("\(row.text) parsed", line: row.line); continue }
                XCTAssertEqual([t.points, t.radius, t.alpha, t.levels], [e.0, e.1, e.2, e.3], line: row.line)
            case .failure(let problem):
                XCTAssertNil(row.expect, problem.message, line: row.line)
                XCTAssertEqual(problem.key, row.key, problem.message, line: row.line)
                if let key = row.key, !key.isEmpty { XCTAssertTrue(problem.message.contains(key), problem.message, line: row.line) }
            }
        }
    }

    func testScenarioMatches() {
        func load(_ snapshot: String) -> Result<Scenario, InputError> {
            DocumentLoader.load(Scenario.self, text: #"{"snapshots": [\#(snapshot)]}"#, file: "s.scenario.json").map(\.value)
        }
        guard case .success(let plain) = load(#"{"at": 0, "name": "a", "matches": "ref.png"}"#) else { return XCTFail() }
        XCTAssertEqual(plain.snapshots[0].matches, ReferenceMatch(image: "ref.png"))
        guard case .success(let tuned) = load(#"{"at": 0, "name": "a", "matches": {"image": "ref.png", "tolerance": {"pt": 4, "alpha": 0.05}}}"#) else {
            return XCTFail()
        }
        var t = MatchTolerance()
        t.points = 4; t.alpha = 0.05
        XCTAssertEqual(tuned.snapshots[0].matches, ReferenceMatch(image: "ref.png", tolerance: t))
        let bad: [(line: UInt, snapshot: String, says: String)] = [
            (#line, #"{"at": 0, "name": "a", "matches": {"image": "r.png", "tolerance": {"px": 2}}}"#, "snapshots[0].matches.tolerance.px"),
            (#line, #"{"at": 0, "name": "a", "matches": {"image": "r.png", "tolerance": {"alpha": 3}}}"#, "snapshots[0].matches.tolerance.alpha"),
            (#line, #"{"at": 0, "name": "a", "matches": 3}"#, "snapshots[0].matches"),
            (#line, #"{"at": 0, "name": "a", "matches": ""}"#, "snapshots[0].matches"),
            (#line, #"{"at": 0, "name": "a", "matches": {"tolerance": {}}}"#, "snapshots[0].matches.image"),
            (#line, #"{"at": 0, "name": "a", "crop": [0, 0, 10, 10], "matches": "r.png"}"#, "crop or matches"),
        ]
        for row in bad {
            guard case .failure(let error) = load(row.snapshot) else { XCTFail("accepted \(row.snapshot)", line: row.line); continue }
            XCTAssertTrue(error.description.contains(row.says), error.description, line: row.line)
        }
    }
}
