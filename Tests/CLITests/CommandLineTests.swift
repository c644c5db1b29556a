import Foundation
import XCTest

/// The command line itself: help, unknown commands and options, and the shipped examples.
final class CommandLineTests: CLITestCase {
    func testBinaryIsFound() throws {
        let binary = try XCTUnwrap(sheetlabBinary)
        XCTAssertEqual(binary.lastPathComponent, "sheetlab")
        let version = run("--version")
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("sheetlab "), version.stdout)
    }

    func testHelpOnEveryCommand() {
        let rows: [(line: UInt, args: [String], usage: String, options: [String])] = [
            (#line, ["--help"], "usage: sheetlab <command>", ["run", "render", "simulate", "check", "test", "bench"]),
            (#line, ["-h"], "usage: sheetlab <command>", ["simulate"]),
            (#line, ["help"], "usage: sheetlab <command>", ["check"]),
            (#line, ["run", "--help"], "usage: sheetlab run", ["--config", "--device", "--zoom", "--log-events"]),
            (#line, ["render", "--help"], "usage: sheetlab render", ["--config", "--script", "--at", "--scale", "--out"]),
            (#line, ["simulate", "--help"], "usage: sheetlab simulate", ["--config", "--script", "--fps"]),
            (#line, ["check", "--help"], "usage: sheetlab check", ["--config"]),
            (#line, ["test", "--help"], "usage: sheetlab test", ["--update", "--shard"]),
            (#line, ["bench", "--help"], "usage: sheetlab bench", ["--json"]),
            (#line, ["check", "-h"], "usage: sheetlab check", ["--config"]),
            // --help wins over missing or bad arguments.
            (#line, ["simulate", "--fps", "0", "--help"], "usage: sheetlab simulate", ["--script"]),
            (#line, ["render", "-h"], "usage: sheetlab render", ["--help"]),
            // Issue 35: `help COMMAND` is that command's help (it printed the top-level help); --version is listed.
            (#line, ["help", "export"], "usage: sheetlab export", ["--to", "--out"]),
            (#line, ["help", "test"], "usage: sheetlab test", ["--update", "--shard"]),
            (#line, ["--help"], "usage: sheetlab <command>", ["--version", "help [COMMAND]"]),
        ]
        for row in rows {
            let result = runSheetlab(row.args, cwd: dir)
            XCTAssertEqual(result.status, 0, result.stderr, line: row.line)
            XCTAssertFalse(result.signaled, line: row.line)
            XCTAssertTrue(result.stdout.hasPrefix(row.usage), result.stdout, line: row.line)
            for option in row.options {
                XCTAssertTrue(result.stdout.contains(option), "\(option) not in:\n\(result.stdout)", line: row.line)
            }
            XCTAssertEqual(result.stderr, "", line: row.line)
        }
    }

    func testUnknownCommandsAndOptions() {
        let rows: [(line: UInt, args: [String], message: String)] = [
            (#line, ["frobnicate"], "sheetlab: unknown command 'frobnicate'"),
            (#line, ["chek", "x.json"], "did you mean check?"),
            (#line, ["simulte"], "did you mean simulate?"),
            (#line, ["check", "x.json", "--bogus"], "sheetlab: check: unknown option --bogus"),
            (#line, ["simulate", "--scirpt", "s.json"], "did you mean --script?"),
            (#line, ["simulate", "--script=s.json", "--fsp", "30"], "did you mean --fps?"),
            (#line, ["bench", "--json=yes"], "--json takes no value"),
            (#line, ["check"], "missing argument"),
            (#line, ["check", "a.json", "b.json"], "unexpected argument 'b.json'"),
            (#line, ["simulate", "extra"], "unexpected argument 'extra'"),
            (#line, ["simulate", "--config"], "--config needs a value"),
            (#line, ["--bogus"], "unknown option --bogus"),
        ]
        for row in rows {
            let result = runSheetlab(row.args, cwd: dir)
            XCTAssertEqual(result.status, 1, "\(row.args)", line: row.line)
            XCTAssertFalse(result.signaled, line: row.line)
            XCTAssertEqual(result.stdout, "", line: row.line)
            XCTAssertTrue(result.stderr.hasPrefix("sheetlab: "), result.stderr, line: row.line)
            XCTAssertTrue(result.stderr.contains(row.message), "expected \(row.message) in:\n\(result.stderr)", line: row.line)
        }
    }

    /// Every shipped example, config or script, is valid.
    func testExamplesPassCheck() throws {
        let folder = repositoryRoot.appendingPathComponent("Assets/Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 6, "\(names)")
        for preset in ["default", "dynamic-sheet", "multi-height", "half-screen-cover", "blur-sheet"] {
            XCTAssertTrue(names.contains("\(preset).json"), "missing example \(preset).json")
        }
        XCTAssertTrue(names.contains { $0.hasSuffix(".script.json") }, "no example script")
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let result = runSheetlab(["check", path], cwd: dir)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(name) has warnings")
            let kind = name.hasSuffix(".script.json") ? "valid script" : "valid config"
            XCTAssertTrue(result.stdout.hasPrefix("\(path): \(kind)"), "\(name): \(result.stdout)")
            // Each config also simulates a tap and a drag without errors.
            if kind == "valid config" {
                write("s.script.json", #"{"steps": [{"at": 0, "tap": [196, 300]}, {"at": 200, "drag": {"from": [196, 700], "to": [196, 500], "duration": 100}}]}"#)
                let sim = runSheetlab(["simulate", "--config", path, "--script", "s.script.json"], cwd: dir)
                let out = simulated(sim)
                XCTAssertEqual(out.last.map { $0.type }, "frame", name)
            }
        }
    }

    /// An empty config is the built-in default, and `check` describes it.
    func testEmptyObjectIsTheDefault() {
        write("empty.json", "{}")
        let result = run("check", "empty.json")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "empty.json: valid config; canvas 393×852 pt @3x; detents: peek 120 pt, medium 460 pt, large 793 pt\n")
    }

    /// `--` ends the options (issue 35): a file whose name starts with `-` can be named after it; before, `--` was an
    /// unknown option. `help` of an unknown command is an error that suggests the nearest.
    func testDoubleDashEndsTheOptionsAndHelpNamesUnknownCommands() {
        write("--odd.json", #"{"sheet": {"detents": ["medium", "large"]}}"#)
        let checked = runSheetlab(["check", "--", "--odd.json"], cwd: dir)
        XCTAssertEqual(checked.status, 0, checked.stderr)
        XCTAssertTrue(checked.stdout.hasPrefix("--odd.json: valid config"), checked.stdout)
        let without = runSheetlab(["check", "--odd.json"], cwd: dir)
        XCTAssertEqual(without.status, 1)
        XCTAssertTrue(without.stderr.contains("unknown option --odd.json"), without.stderr)
        let unknown = runSheetlab(["help", "exprot"], cwd: dir)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("help: unknown command 'exprot'; did you mean export?"), unknown.stderr)
        XCTAssertEqual(unknown.stdout, "")
    }
}
