import XCTest
@testable import SheetKit

final class ConfigTests: XCTestCase {
    func testEmptyConfigIsTheBuiltInDefault() {
        XCTAssertEqual(config("{}"), SheetLabConfig())
    }

    func testDefaultExampleSpellsOutTheBuiltInDefault() {
        // The example writes out the shadow the built-in default takes from its style (glass, light).
        var spelled = example("default")
        XCTAssertTrue(spelled.sheet.shadowGiven)
        spelled.sheet.shadowGiven = false
        XCTAssertEqual(spelled, SheetLabConfig())
    }

    func testDeviceAndCanvasOverrides() {
        let c = config(#"{"device": "iphone-se", "canvas": {"height": 700, "safeArea": {"top": 30}}}"#)
        var expected = Canvas(width: 375, height: 700, scale: 2, safeTop: 30, safeBottom: 0)
        expected.largeTopGap = Canvas.glassLargeTopGap  // the default style's
        expected.fractionTopGap = Canvas.glassFractionTopGap
        XCTAssertEqual(c.resolvedCanvas, expected)
    }

    /// Each bad input is rejected with its key path, and with its line and column.
    func testBadValuesTable() {
        let rows: [(line: UInt, json: String, path: String, message: String)] = [
            (#line, #"{"sheet": {"cornerRadious": 12}}"#, "sheet.cornerRadious", "did you mean cornerRadius?"),
            (#line, #"{"sheet": {"cornerRadius": -1}}"#, "sheet.cornerRadius", "must not be negative"),
            (#line, #"{"sheet": {"detents": [{"id": "a", "height": -5}]}}"#, "sheet.detents[0].height", "greater than 0"),
            (#line, #"{"sheet": {"detents": [{"id": "a", "height": 0}]}}"#, "sheet.detents[0].height", "greater than 0"),
            (#line, #"{"sheet": {"detents": [{"id": "a", "fraction": 1.5}]}}"#, "sheet.detents[0].fraction", "(0, 1]"),
            (#line, #"{"sheet": {"detents": [{"id": "a", "fraction": 0}]}}"#, "sheet.detents[0].fraction", "(0, 1]"),
            (#line, #"{"sheet": {"detents": [{"height": 100}]}}"#, "sheet.detents[0].id", "missing required key"),
            (#line, #"{"canvas": {"width": 1e9}}"#, "canvas.width", "at most 2048"),
            (#line, #"{"sheet": {"grabber": {"width": 1e300}}}"#, "sheet.grabber.width", "at most 2048"),
            (#line, #"{"sheet": {"detents": [{"id": "a", "heigth": 100}]}}"#, "sheet.detents[0].heigth", "did you mean height?"),
            (#line, #"{"sheet": {"detents": ["larg"]}}"#, "sheet.detents[0]", "did you mean large?"),
            (#line, #"{"sheet": {"detents": []}}"#, "sheet.detents", "at least one"),
            (#line, #"{"sheet": {"detents": ["large", {"id": "large", "height": 100}]}}"#, "sheet.detents[1].id", "duplicate"),
            (#line, #"{"sheet": {"initialDetent": "huge"}}"#, "sheet.initialDetent", "no detent \"huge\""),
            (#line, #"{"sheet": {"dimming": {"largestUndimmedDetent": "peak"}}}"#, "sheet.dimming.largestUndimmedDetent", "did you mean peek?"),
            (#line, ##"{"sheet": {"grabber": {"color": "#12345"}}}"##, "sheet.grabber.color", "not a colour"),
            (#line, #"{"sheet": {"fill": "green"}}"#, "sheet.fill", "not a colour"),
            (#line, #"{"sheet": {"cornerRadius": "16"}}"#, "sheet.cornerRadius", "expected a number, found a string"),
            (#line, #"{"sheet": {"material": {"blur": 1e999}}}"#, "sheet.material.blur", "out of range"),
            (#line, #"{"sheet": {"motion": {"curve": "springy"}}}"#, "sheet.motion.curve", "did you mean spring?"),
            (#line, #"{"sheet": {"motion": {"bezier": [0.1, 0.2]}}}"#, "sheet.motion.bezier", "needs 4 numbers"),
            (#line, #"{"sheet": {"motion": {"decelerationRate": 1}}}"#, "sheet.motion.decelerationRate", "less than 1"),
            (#line, #"{"sheet": {"dimming": {"opacity": 2}}}"#, "sheet.dimming.opacity", "between 0 and 1"),
            (#line, #"{"device": "iphone-16"}"#, "device", "unknown device"),
            (#line, #"{"canvas": {"scale": 4}}"#, "canvas.scale", "1, 2 or 3"),
            (#line, #"{"canvas": {"width": 20}}"#, "canvas.width", "at least 100"),
            (#line, ##"{"background": {"scene": "map", "color": "#000000"}}"##, "background", "only one"),
            (#line, #"{"background": {"scene": "mapp"}}"#, "background.scene", "did you mean map?"),
            (#line, #"{"background": {"image": "nope.png"}}"#, "background.image", "file not found"),
            (#line, #"{"sheet": {"content": [{"type": "buton", "title": "x"}]}}"#, "sheet.content[0].type", "did you mean button?"),
            (#line, #"{"sheet": {"content": [{"type": "button", "title": "x", "action": "select:nope"}]}}"#, "sheet.content[0].action", "no detent"),
            (#line, #"{"sheet": {"content": [{"type": "text"}]}}"#, "sheet.content[0].text", "missing required key"),
            (#line, #"{"sheet": {"content": [{"type": "spacer", "height": -3}]}}"#, "sheet.content[0].height", "must not be negative"),
            (#line, #"{"sheet": {"detents": "large"}}"#, "sheet.detents", "expected an array"),
            (#line, #"{"sheet": {"presented": "yes"}}"#, "sheet.presented", "expected true or false"),
            (#line, #"[1, 2]"#, "", "a config is a JSON object"),
            (#line, #"{"sheet": {"cornerRadius": NaN}}"#, "sheet.cornerRadius", "NaN is not a JSON number"),
            (#line, #"{"sheet": {"cornerRadius": 12,}}"#, "sheet", "trailing comma"),
            (#line, #"{"sheet": {"cornerRadius": 12}"#, "", "end of file"),
            (#line, "", "", "empty"),
        ]
        for row in rows {
            let found = errors(row.json, fileExists: { _ in false })
            XCTAssertEqual(found.count, 1, "\(row.json) → \(found)", line: row.line)
            guard let d = found.first else { continue }
            XCTAssertEqual(d.path.map { $0.components.isEmpty ? "" : $0.description } ?? "", row.path, line: row.line)
            XCTAssertTrue(d.message.contains(row.message), "\(d.message) lacks “\(row.message)”", line: row.line)
            XCTAssertNotNil(d.position, "every error has a line and column", line: row.line)
            XCTAssertTrue(d.description.hasPrefix("sheetlab: test.json:"), d.description, line: row.line)
        }
    }

    func testEveryErrorIsListedInFileOrderWithPositions() {
        let json = """
        {
          "sheet": {
            "cornerRadious": 12,
            "detents": [{"id": "a", "height": -1}, "medium"],
            "grabber": {"color": "blue"},
            "initialDetent": "nope"
          },
          "bogus": true
        }
        """
        let found = errors(json)
        XCTAssertEqual(found.map { $0.path?.description ?? "" },
                       ["sheet.cornerRadious", "sheet.detents[0].height", "sheet.grabber.color", "sheet.initialDetent", "bogus"])
        XCTAssertEqual(found.map { $0.position?.line ?? 0 }, [3, 4, 5, 6, 8])
        XCTAssertEqual(found[0].position?.column, 5)
        XCTAssertEqual(found[1].position?.column, 39, "the error points at the value -1")
    }

    func testSyntaxErrorPositionCountsCharactersNotBytes() {
        let found = errors("{\n  \"é\": 1 2\n}")
        XCTAssertEqual(found.first?.position, SourcePosition(line: 2, column: 10))
    }

    func testDuplicateKeysAreSyntaxErrors() {
        let found = errors(#"{"sheet": {}, "sheet": {}}"#)
        XCTAssertTrue(found.first?.message.contains("duplicate key") ?? false)
    }

    func testEqualHeightsWarn() {
        guard case .success(let d) = ConfigLoader.load(text: #"{"sheet": {"detents": ["medium", {"id": "half", "height": 460}]}}"#, file: "w.json") else {
            return XCTFail("should load")
        }
        XCTAssertEqual(d.warnings.count, 1)
        XCTAssertEqual(d.warnings.first?.severity, .warning)
    }

    func testConfigRoundTripsThroughCodable() throws {
        let original = example("blur-sheet")
        let data = try JSONEncoder().encode(original)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(config(text), original)
    }
}
