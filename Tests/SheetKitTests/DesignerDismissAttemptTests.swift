import XCTest
@testable import SheetKit

/// The window shows an attempt to dismiss a sheet that may not be dismissed.
final class DesignerDismissAttemptTests: XCTestCase {
    func makeDesigner(_ json: String) throws -> Designer {
        let c = config(json)
        let root = try JSONNodeEncoder.encode(c)
        let workspace = Workspace(editor: ConfigEditor(document: root), document: .builtInDefault, setup: SheetSetup(config: c))
        return Designer(workspace: workspace, configPath: nil)
    }

    func testAttemptsShowAToast() throws {
        let map = Point(100, 200)
        let rows: [(line: UInt, json: String, inputs: [(Double, DesignerInput)], toast: Bool)] = [
            (#line, #"{"sheet": {"dismissible": false}}"#, [(0, .pointerDown(map)), (50, .pointerUp(map))], true),
            (#line, #"{"sheet": {"tapOutsideToDismiss": false}}"#, [(0, .pointerDown(map)), (50, .pointerUp(map))], true),
            (#line, #"{"sheet": {"dismissible": false}}"#,
             [(0, .pointerDown(Point(200, 470)))] + (1...10).map { (Double($0) * 10, .pointerMove(Point(200, 470 + Double($0) * 33), buttonDown: true)) }
                + [(100, .pointerUp(Point(200, 800)))], true),
            (#line, "{}", [(0, .pointerDown(map)), (50, .pointerUp(map))], false),
            (#line, #"{"sheet": {"dismissible": false}}"#, [(0, .pointerDown(Point(200, 470))), (500, .pointerUp(Point(200, 470)))], false),
        ]
        for row in rows {
            var d = try makeDesigner(row.json)
            var log: [SheetEvent] = []
            for (t, input) in row.inputs + [(120, .tick)] {
                for case .log(let events) in d.run([input], at: t) { log += events.map(\.event) }
            }
            XCTAssertEqual(d.toast?.message == Designer.dismissAttemptMessage, row.toast, "\(d.toast as Any) \(log)", line: row.line)
            if row.toast {
                XCTAssertNotEqual(d.engine.settleTarget, .dismiss, "the sheet bounces back", line: row.line)
                d.run([.tick], at: 120 + Designer.toastDuration + 50)
                XCTAssertNil(d.toast, "shown briefly", line: row.line)
            }
        }
    }
}
