import XCTest
@testable import SheetKit

/// The `sheets` map as the exporters see it: names made from ids, the renamed detents, which sheet presents which,
/// and ids the config itself refuses (line breaks, CR, U+2028), built in code, staying inside their comments.
final class ExportStackModelTests: XCTestCase {
    func testTypeIdentifiers() {
        let rows: [(UInt, String, String)] = [
            (#line, "place", "Place"), (#line, "place-card", "PlaceCard"), (#line, "2nd", "Sheet2nd"), (#line, "*/", "Sheet"),
            (#line, "x*/alert(1);/*", "XAlert1"), (#line, "é", "Sheet"), (#line, "a\nb", "AB"), (#line, "photos_2", "Photos2"),
        ]
        for (line, id, name) in rows { XCTAssertEqual(ExportModel.typeIdentifier(id), name, line: line) }
    }

    func testStackedSheetsAreNamedUniquelyAndTheirDetentsPrefixed() {
        let c = config(#"""
            {"sheet": {"detents": [{"id": "card", "height": 200}, "large"],
                       "content": [{"type": "button", "title": "P", "action": "present", "sheet": "place"},
                                   {"type": "button", "title": "Q", "action": "present", "sheet": "Place"},
                                   {"type": "button", "title": "P again", "action": "present", "sheet": "place"}]},
             "sheets": {"place": {"detents": [{"id": "card", "height": 300}, "large"], "initialDetent": "card"},
                        "Place": {"detents": ["medium"], "content": [{"type": "button", "title": "S", "action": "present", "sheet": "sheet"}]},
                        "sheet": {"detents": ["fit"], "stackBehavior": "replace"}}}
            """#)
        let model = ExportModel(setup: SheetSetup(config: c))
        XCTAssertEqual(model.stacked.map(\.name), ["Place", "Place2", "Sheet2"])
        XCTAssertEqual(model.stacked.map(\.behavior), [.system, .system, .replace])
        XCTAssertEqual(model.detents.map(\.identifier), ["card", "large"], "the first sheet keeps its names")
        XCTAssertEqual(model.stacked[0].model.detents.map(\.identifier), ["placeCard", "large"])
        XCTAssertEqual(model.stacked[0].model.initial.identifier, "placeCard")
        XCTAssertEqual(model.stacked[2].model.detents.map(\.identifier), ["sheet2Fit"])
        XCTAssertEqual(model.presented(by: model).map(\.id), ["place", "Place"], "each presented sheet once, in content order")
        XCTAssertEqual(model.presented(by: model.stacked[1].model).map(\.id), ["sheet"])
        XCTAssertEqual(model.stacked[2].model.presenterIDs, ["Place"])
        XCTAssertEqual(model.stacked[0].model.keyPath(of: model.stacked[0].model.detents[0]), "sheets.place.detents[0]")
        // A config without sheets has none, and its exports are the goldens'.
        XCTAssertTrue(ExportModel(setup: SheetSetup(config: config(#"{"sheet": {}}"#))).stacked.isEmpty)
    }

    /// Ids the config refuses (`StackedSheetList.problem`) can still reach the exporter from code: their line breaks
    /// are escapes in the comments they reach, and every export has as many lines as a plain twin's.
    func testIdsWithLineBreaksStayInTheirComments() {
        func stacked(_ id: String) -> SheetLabConfig {
            var c = config(#"""
                {"sheet": {"content": [{"type": "button", "title": "Go", "action": "present", "sheet": "s"}]},
                 "sheets": {"s": {"detents": [{"id": "card", "height": 300}, "large"], "stackBehavior": "nested"}}}
                """#)
            c.sheets[0].id = id
            c.sheet.content[0] = .button(ButtonElement(title: "Go", action: .present(id)))
            return c
        }
        for evil in ["a\nb */ sheetlabInjected() /*", "c\r\nd --> e", "f\u{2028}g\u{2029}h", "i\rj\"k"] {
            let plain = String(evil.unicodeScalars.map { $0.isASCII && $0.properties.isAlphabetic ? Character($0) : "-" })
            for target in ExportTarget.allCases {
                let e = Exporter.export(SheetSetup(config: stacked(evil)), to: target, configName: "x.json")
                let p = Exporter.export(SheetSetup(config: stacked(plain)), to: target, configName: "x.json")
                XCTAssertFalse(e.code.unicodeScalars.contains { ["\r", "\u{2028}", "\u{2029}"].contains($0) }, "\(target): a raw line break")
                XCTAssertEqual(e.code.split(separator: "\n", omittingEmptySubsequences: false).count,
                               p.code.split(separator: "\n", omittingEmptySubsequences: false).count, "\(target): \(evil.debugDescription)\n\(e.code)")
                XCTAssertFalse(e.code.contains("sheetlabInjected() /*\n"), "\(target)")
                XCTAssertTrue(e.code.contains("Sheet") || e.code.contains("sheet"), "\(target)")
                // The diff names the sheet as the stderr line does: escaped in the header's comment lines.
                XCTAssertEqual(e.diff.losses.count, p.diff.losses.count, "\(target)")
            }
        }
    }
}
