import SheetKit
import XCTest

/// One loader for configs, scripts and scenarios: the same places, key paths and order for each.
final class DocumentLoaderTests: XCTestCase {
    /// The first problem `text` has as `kind`, as printed.
    func firstProblem(_ kind: String, _ text: String, file: String = "f.json") -> String? {
        let result: Result<Void, InputError>
        switch kind {
        case "config": result = DocumentLoader.load(SheetLabConfig.self, text: text, file: file, fileExists: { _ in false }).map { _ in }
        case "script": result = DocumentLoader.load(Script.self, text: text, file: file).map { _ in }
        default: result = DocumentLoader.load(Scenario.self, text: text, file: file).map { _ in }
        }
        if case .failure(let e) = result { return e.diagnostics.first?.description }
        return nil
    }

    /// A snapshot's crop: a rectangle in points, kept; a bad one, or one with a mask, said at its key.
    func testSnapshotCrop() throws {
        let ok = #"{"config": {}, "snapshots": [{"at": 0, "name": "corner", "scale": 3, "crop": [0, 752, 100, 100]}]}"#
        let scenario = try DocumentLoader.load(Scenario.self, text: ok, file: "f.json").get().value
        XCTAssertEqual(scenario.snapshots[0].crop, Rect(x: 0, y: 752, width: 100, height: 100))
        let bad = firstProblem("scenario", #"{"config": {}, "snapshots": [{"at": 0, "name": "a", "crop": [0, 0, -1, 5]}]}"#)
        XCTAssertTrue(bad?.contains("snapshots[0].crop: must be [x, y, width, height]") ?? false, bad ?? "no problem")
        let both = firstProblem("scenario", #"{"config": {}, "snapshots": [{"at": 0, "name": "a", "mask": [[0, 0, 5, 5]], "crop": [0, 0, 5, 5]}]}"#)
        XCTAssertTrue(both?.contains("crop: takes crop or mask, not both") ?? false, both ?? "no problem")
    }

    func testProblemsArePlacedTheSameWayForEveryKind() {
        let rows: [(line: UInt, kind: String, text: String, expected: String?)] = [
            (#line, "config", "[1]", "sheetlab: f.json:1:1: a config is a JSON object, found an array"),
            (#line, "script", "3", "sheetlab: f.json:1:1: a script is a JSON object {\"steps\": [...]}, found a number"),
            (#line, "scenario", "\"x\"", "sheetlab: f.json:1:1: a scenario is a JSON object, found a string"),
            (#line, "config", "{\"sheet\": {\"cornerRadious\": 3}}", "sheetlab: f.json:1:12: sheet.cornerRadious: unknown key; did you mean cornerRadius?"),
            (#line, "script", "{\"steps\": [{\"at\": 0, \"tap\": [1, 2], \"wiat\": 3}]}", "sheetlab: f.json:1:37: steps[0].wiat: unknown key; did you mean wait?"),
            (#line, "scenario", "{\"snapshots\": [{\"at\": 0, \"name\": \"a\"}], \"scal\": 1}", "sheetlab: f.json:1:41: scal: unknown key; did you mean scale?"),
            // A check beyond the schema, placed from its key path alone.
            (#line, "config", "{\"background\": {\"image\": \"a.png\"}}",
             "sheetlab: f.json:1:17: background.image: file not found: a.png (paths are relative to the config file)"),
            (#line, "config", "{,}", "sheetlab: f.json:1:2: expected a key in double quotes, found ','"),
            (#line, "script", "{\"steps\": []}", nil),
            (#line, "scenario", "{\"snapshots\": [{\"at\": 0, \"name\": \"a\"}]}", nil),
        ]
        for row in rows {
            XCTAssertEqual(firstProblem(row.kind, row.text), row.expected, line: row.line)
        }
    }

    /// Problems come in file order, whichever stage found them.
    func testProblemsAreInFileOrder() {
        let text = "{\"background\": {\"image\": \"a.png\"},\n \"sheet\": {\"cornerRadious\": 3}}"
        guard case .failure(let e) = DocumentLoader.load(SheetLabConfig.self, text: text, file: "f.json", fileExists: { _ in false }) else {
            return XCTFail("loaded")
        }
        XCTAssertEqual(e.diagnostics.map { $0.path?.description ?? "" }, ["background.image", "sheet.cornerRadious"])
    }

    /// A document inside another (a scenario's inline script) reports places in the outer file, with full key paths.
    func testAnInlineDocumentLocatesInItsFile() throws {
        let outer = try JSONParser.parse("{\"script\": {\"steps\": [{\"at\": 0, \"select\": \"x\"}]}}")
        let inline = try XCTUnwrap(outer["script"])
        let loaded = try DocumentLoader.load(Script.self, root: inline, file: "s.scenario.json", at: KeyPath.root / "script").get()
        let located = loaded.locate([Diagnostic(path: KeyPath.root / "steps" / 0 / "select", message: "no detent")])
        XCTAssertEqual(located.map(\.description), ["sheetlab: s.scenario.json:1:33: script.steps[0].select: no detent"])
    }

    func testWarningsDoNotFailTheLoad() throws {
        let text = "{\"sheet\": {\"detents\": [{\"id\": \"a\", \"height\": 460}, \"medium\"]}}"
        let loaded = try DocumentLoader.load(SheetLabConfig.self, text: text, file: "w.json").get()
        XCTAssertEqual(loaded.warnings.map(\.severity), [.warning])
        XCTAssertEqual(loaded.warnings.first?.position?.description, "1:12")
    }
}
