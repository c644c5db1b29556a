@testable import sheetlab
import XCTest

/// The rules behind `sheetlab test`, as tables: which goldens each record mode writes, what `CI` refuses,
/// and the name a misnamed scenario file was meant to have.
final class GoldenRulesTests: XCTestCase {
    func testWhichGoldensEachModeWrites() {
        typealias S = RecordMode.Standing
        let rows: [(line: UInt, option: String, writes: [S])] = [
            (#line, "missing", [.missing]),
            (#line, "changed", [.unreadable, .failing]),
            (#line, "", [.missing, .unreadable, .failing]),
            (#line, "all", [.missing, .unreadable, .failing, .withinTolerance]),
        ]
        let every: [S] = [.missing, .unreadable, .failing, .withinTolerance, .identical]
        for row in rows {
            guard let mode = RecordMode(row.option) else { XCTFail("'\(row.option)' is a mode", line: row.line); continue }
            XCTAssertEqual(every.filter(mode.writes), row.writes, line: row.line)
            XCTAssertEqual(mode.description, row.option.isEmpty ? "--update" : "--update=\(row.option)", line: row.line)
        }
        XCTAssertNil(RecordMode("sometimes"))
    }

    func testCIRefusesWrites() {
        let rows: [(line: UInt, environment: [String: String], refused: Bool)] = [
            (#line, [:], false),
            (#line, ["CI": ""], false),
            (#line, ["CI": "true"], true),
            (#line, ["CI": "1"], true),
            (#line, ["CI": "false"], true),
        ]
        for row in rows {
            XCTAssertEqual(RecordMode.refusal(environment: row.environment) != nil, row.refused, line: row.line)
        }
    }

    func testTheNameAMisnamedScenarioWasMeantToHave() {
        let rows: [(line: UInt, name: String, meant: String?)] = [
            (#line, "a.scenarios.json", "a.scenario.json"),
            (#line, "a.scenario.jsn", "a.scenario.json"),
            (#line, "A.Scenario.JSON", "A.scenario.json"),
            (#line, "a.scenario", "a.scenario.json"),
            (#line, "a.scenario.json", nil),
            (#line, "a.json", nil),
            (#line, ".scenario.json.bak", nil),
            (#line, "notes.txt", nil),
        ]
        for row in rows {
            XCTAssertEqual(LoadedScenario.meantName(row.name), row.meant, line: row.line)
        }
    }

    func testAGoldenThatIsNotAPNGSaysWhy() {
        let rows: [(line: UInt, bytes: [UInt8], says: String?)] = [
            (#line, [], "empty (0 bytes)"),
            (#line, Array("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 3\n".utf8), "git lfs pull"),
            (#line, Array("GIF89a".utf8), "no PNG signature"),
            (#line, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], nil),
        ]
        for row in rows {
            let problem = GoldenFile.problem(with: Data(row.bytes))
            if let says = row.says {
                XCTAssertTrue(problem?.contains(says) ?? false, problem ?? "nil", line: row.line)
            } else {
                XCTAssertNil(problem, line: row.line)
            }
        }
    }
}
