import Foundation
import XCTest

/// `sheetlab schema` (issue 35): the JSON Schemas editors read, checked with a real validator, Debian's
/// python3-jsonschema (`make test-deps` installs it), through scripts/check-json-schema.py.
final class SchemaCLITests: CLITestCase {
    static let root = ShellIntegrationTests.root
    static let python = "/usr/bin/python3"

    /// Validates `files` against the schema of `kind` as printed by `sheetlab schema`; the validator's status and output.
    func validate(_ kind: String, _ files: [String]) throws -> (status: Int32, output: String) {
        let schema = run("schema", kind)
        XCTAssertEqual(schema.status, 0, schema.stderr)
        let schemaFile = write("\(kind).schema.json", schema.stdout)
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            XCTFail("no \(Self.python): `make test-deps` installs python3 and python3-jsonschema"); return (-1, "")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [Self.root.appendingPathComponent("scripts/check-json-schema.py").path, schemaFile] + files
        process.currentDirectoryURL = dir
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        XCTAssertFalse(output.contains("No module named"), "python3-jsonschema is missing: `make test-deps` installs it\n\(output)")
        return (process.terminationStatus, output)
    }

    /// Every JSON file of the tree by the schema it follows: the examples, the scenario suite, its configs and the export
    /// test configs.
    func treeFiles() throws -> [String: [String]] {
        var byKind: [String: [String]] = [:]
        for folder in ["Assets/Examples", "Assets/Scenarios", "Tests/ExportGoldens/configs"] {
            let url = Self.root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".json") {
                let kind = name.hasSuffix(".scenario.json") ? "scenario" : name.hasSuffix(".script.json") ? "script"
                    : name == "sheetlab-test.json" ? "suite" : "config"
                byKind[kind, default: []].append(url.appendingPathComponent(name).path)
            }
        }
        return byKind
    }

    func testEveryExampleAndScenarioOfTheTreeValidates() throws {
        let byKind = try treeFiles()
        XCTAssertGreaterThanOrEqual(byKind["scenario"]?.count ?? 0, 50)
        XCTAssertGreaterThanOrEqual(byKind["config"]?.count ?? 0, 10)
        XCTAssertGreaterThanOrEqual(byKind["script"]?.count ?? 0, 1)
        for (kind, files) in byKind.sorted(by: { $0.key < $1.key }) {
            let (status, output) = try validate(kind, files)
            XCTAssertEqual(status, 0, "\(kind): \(output)")
        }
    }

    /// What an editor would underline: an unknown key, a name that is no case, a number out of range, a step with two
    /// actions. Each is also refused by `sheetlab check`.
    func testTheValidatorCatchesWhatTheLoaderRefuses() throws {
        let cases: [(kind: String, text: String, expect: String)] = [
            ("config", #"{"sheet": {"detentz": ["medium"]}}"#, "detentz"),
            ("config", #"{"sheet": {"style": "glas"}}"#, "glas"),
            ("config", #"{"sheet": {"motion": {"response": 9}}}"#, "9"),
            ("config", #"{"sheet": {"content": [{"type": "buton", "title": "OK"}]}}"#, "sheet/content/0"),
            ("script", #"{"steps": [{"at": 0, "tap": [1, 2], "wait": 3}]}"#, "steps/0"),
            ("scenario", #"{"config": "a.json", "snapshots": [{"at": 0, "name": "a", "maxDiffPixel": 3}]}"#, "maxDiffPixel"),
        ]
        for (i, c) in cases.enumerated() {
            let file = write("bad\(i).\(c.kind == "config" ? "" : c.kind + ".")json", c.text)
            let (status, output) = try validate(c.kind, [file])
            XCTAssertEqual(status, 1, "\(c.text): \(output)")
            XCTAssert(output.contains(c.expect), "\(c.text): \(output)")
            if c.kind != "scenario" {
                let check = c.kind == "script" ? run("simulate", "--script", file) : run("check", file)
                XCTAssertEqual(check.status, 1, "the loader takes \(c.text)")
            }
        }
    }

    /// A file that names its schema (`"$schema"`) still loads everywhere; before, the key was unknown.
    func testAFileThatNamesItsSchemaLoads() throws {
        let config = write("c.json", #"{"$schema": "../Schemas/config.schema.json", "sheet": {"style": "classic"}}"#)
        let check = run("check", config)
        XCTAssertEqual(check.status, 0, check.stderr)
        let script = write("s.script.json", #"{"$schema": "script.schema.json", "steps": [{"at": 0, "select": "large"}]}"#)
        let simulated = run("simulate", "--config", config, "--script", script)
        XCTAssertEqual(simulated.status, 0, simulated.stderr)
        let (status, output) = try validate("config", [config])
        XCTAssertEqual(status, 0, output)
    }

    /// The copies in Assets/Schemas (what editors of the source tree and `make install` use) are the command's output.
    func testTheCommittedSchemasAreCurrent() throws {
        for kind in ["config", "script", "scenario", "suite"] {
            let printed = run("schema", kind)
            XCTAssertEqual(printed.status, 0)
            let committed = try String(contentsOf: Self.root.appendingPathComponent("Assets/Schemas/\(kind).schema.json"), encoding: .utf8)
            XCTAssertEqual(printed.stdout, committed, "Assets/Schemas/\(kind).schema.json is stale: run `sheetlab schema \(kind) > Assets/Schemas/\(kind).schema.json`")
        }
        let bad = run("schema", "confg")
        XCTAssertEqual(bad.status, 1)
        XCTAssert(bad.stderr.contains("config"), bad.stderr)
    }
}
