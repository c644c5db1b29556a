import XCTest
@testable import SheetKit

/// Compact height (a landscape iPhone) as UIKit presents a sheet: full screen by default, edge-attached across
/// the safe area with `edgeAttachedInCompactHeight`, `medium` inactive.
final class CompactHeightTests: XCTestCase {
    static let landscape = #""canvas": {"width": 852, "height": 393, "safeArea": {"top": 0, "bottom": 21}}"#
    static func json(_ sheet: String = "", canvas: String = landscape) -> String {
        "{\(canvas)" + (sheet.isEmpty ? "" : #", "sheet": {\#(sheet)}"#) + "}"
    }

    func testSheetSetupTable() {
        let rows: [(line: UInt, json: String, presentation: SheetPresentation, ids: [String], heights: [Double], x: Double, width: Double, initial: String)] = [
            // Portrait: every detent active, the full-width sheet, as before.
            (#line, "{}", .card, ["peek", "medium", "large"], [120, 460, 793], 0, 393, "medium"),
            // Landscape, the default: full screen, edge to edge, one detent (large) at the canvas's height.
            (#line, Self.json(), .fullScreen, ["large"], [393], 0, 852, "large"),
            // Edge-attached: medium is inactive, the rest stay; as wide as the safe area (852 − 59 − 59); glass (the default) tops out at T + 3.8.
            (#line, Self.json(#""edgeAttachedInCompactHeight": true"#), .edgeAttached, ["peek", "large"], [120, 393], 59, 734, "large"),
            // … following the preferred width (500 pt), centred in the safe area.
            (#line, Self.json(#""edgeAttachedInCompactHeight": true, "widthFollowsPreferredContentSize": true"#),
             .edgeAttached, ["peek", "large"], [120, 393], 59 + (734 - 500) / 2, 500, "large"),
            // widthFollows alone does nothing: full screen.
            (#line, Self.json(#""widthFollowsPreferredContentSize": true"#), .fullScreen, ["large"], [393], 0, 852, "large"),
            // A preferred width wider than the safe area is capped by it (iPhone SE landscape: no side insets).
            (#line, #"{"device": "iphone-se", "canvas": {"width": 667, "height": 375, "safeArea": {"top": 0}}, "sheet": {"edgeAttachedInCompactHeight": true, "widthFollowsPreferredContentSize": true}}"#,
             .edgeAttached, ["peek", "large"], [120, 375], 83.5, 500, "large"),
            (#line, #"{"device": "iphone-se", "canvas": {"width": 667, "height": 375, "safeArea": {"top": 0}}, "sheet": {"edgeAttachedInCompactHeight": true}}"#,
             .edgeAttached, ["peek", "large"], [120, 375], 0, 667, "large"),
            // Explicit side insets override the device's.
            (#line, #"{"canvas": {"width": 852, "height": 393, "safeArea": {"top": 0, "left": 10, "right": 30}}, "sheet": {"edgeAttachedInCompactHeight": true}}"#,
             .edgeAttached, ["peek", "large"], [120, 393], 10, 812, "large"),
            // An iPad on its side is regular height and width: UIKit's centred 540 × 620 form sheet, one resting
            // place with its top where the card is centred (744 − (744 − 620) / 2); medium stands for it.
            (#line, #"{"device": "ipad-mini", "canvas": {"width": 1133, "height": 744}}"#, .formSheet, ["large"], [682], 296.5, 540, "large"),
            // Only medium: nothing active is left, so large stands in.
            (#line, Self.json(#""detents": ["medium"], "edgeAttachedInCompactHeight": true"#), .edgeAttached, ["large"], [393], 59, 734, "large"),
        ]
        for row in rows {
            let s = SheetSetup(config: config(row.json, line: row.line))
            XCTAssertEqual(s.presentation, row.presentation, line: row.line)
            XCTAssertEqual(s.detents.map(\.id), row.ids, line: row.line)
            XCTAssertEqual(s.detents.map(\.height), row.heights, line: row.line)
            XCTAssertEqual(s.sheetX, row.x, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(s.sheetWidth, row.width, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(s.initialDetent.id, row.initial, line: row.line)
        }
    }

    func testInactiveDetentsStandIn() {
        let s = SheetSetup(config: config(Self.json(#""edgeAttachedInCompactHeight": true, "dimming": {"largestUndimmedDetent": "medium"}"#)))
        XCTAssertEqual(s.inactiveDetents.map(\.id), ["medium"])
        XCTAssertEqual(s.detent("medium")?.id, "large", "select(medium) goes to large")
        XCTAssertEqual(s.largestUndimmed?.id, "peek", "what was undimmed below medium stays undimmed; nothing more")
        XCTAssertNil(s.detent("nope"))
        let full = SheetSetup(config: config(Self.json()))
        XCTAssertEqual(full.detent("peek")?.id, "large")
        XCTAssertNil(full.largestUndimmed, "peek is gone: full screen is modal")
    }

    func testHitTestingFollowsTheSheetsFrame() {
        let s = SheetSetup(config: config(Self.json(#""edgeAttachedInCompactHeight": true, "initialDetent": "large""#)))
        let rows: [(line: UInt, point: Point, onSheet: Bool)] = [
            (#line, Point(30, 300), false),   // in the left safe area, beside the sheet
            (#line, Point(60, 300), true),
            (#line, Point(792, 300), true),
            (#line, Point(800, 300), false),  // in the right safe area
        ]
        for row in rows {
            XCTAssertEqual(HitTest.target(at: row.point, setup: s, height: 383, contentOffset: 0, dim: 0.4).isSheet, row.onSheet, line: row.line)
        }
    }

    /// `select: "medium"` in compact height does what UIKit does with an inactive selected detent: the sheet shows
    /// at the active detent that stands in for it (large), and back at rest there.
    func testSelectMediumInCompactHeightGoesToLarge() {
        let json = Self.json(#""edgeAttachedInCompactHeight": true, "initialDetent": "peek""#)
        let run = FeelTests.simulate(json, steps((0, .select("medium"))))
        XCTAssertEqual(SheetSetup(config: config(json)).initialDetent.id, "peek")
        XCTAssertEqual(run.frames.last!.detent, "large")
        XCTAssertEqual(run.frames.last!.height, 393, accuracy: 0.5)
        XCTAssertEqual(run.types, ["detent"])
        // At large already (full screen), select(medium) moves nothing and prints nothing.
        let full = FeelTests.simulate(Self.json(), steps((0, .select("medium"))))
        XCTAssertEqual(full.types, [])
        XCTAssertTrue(full.frames.allSatisfy { abs($0.height - 393) < 1e-9 })
    }

    func testCanvasDecodesSideInsets() {
        XCTAssertEqual(config(#"{"canvas": {"safeArea": {"left": 12, "right": 7}}}"#).resolvedCanvas.safeLeft, 12)
        XCTAssertEqual(config(#"{"canvas": {"width": 852, "height": 393}}"#).resolvedCanvas.safeRight, 59)
        XCTAssertEqual(config("{}").resolvedCanvas.safeLeft, 0, "portrait has no side insets")
        XCTAssertTrue(errors(#"{"sheet": {"edgeAttachedInCompactHieght": true}}"#).contains { $0.description.contains("did you mean edgeAttachedInCompactHeight?") })
        XCTAssertTrue(errors(#"{"canvas": {"safeArea": {"lef": 1}}}"#).contains { $0.description.contains("did you mean left?") })
        XCTAssertTrue(errors(#"{"sheet": {"widthFollowsPreferredContentSize": 1}}"#).contains { $0.description.contains("sheet.widthFollowsPreferredContentSize") })
    }

    /// O turns the device: the landscape canvas with its side safe areas, compact height.
    func testRotationGivesTheLandscapeCanvasWithSideInsets() throws {
        let rows: [(line: UInt, device: String, side: Double, bottom: Double, compact: Bool)] = [
            (#line, "iphone-15", 59, 21, true),
            (#line, "iphone-15-pro-max", 59, 21, true),
            (#line, "iphone-13-mini", 50, 21, true),
            (#line, "iphone-se", 0, 0, true),
            (#line, "ipad-mini", 0, 21, false),
        ]
        for row in rows {
            var d = try makeDesigner()
            while d.workspace.config.device != row.device {
                d.run([.key(.character("d"), shift: false, control: false)], at: 10)
            }
            d.run([.key(.character("o"), shift: false, control: false)], at: 10)
            d.run([.tick], at: 20)
            let canvas = d.engine.setup.canvas
            XCTAssertGreaterThan(canvas.width, canvas.height, line: row.line)
            XCTAssertEqual(canvas.safeLeft, row.side, line: row.line)
            XCTAssertEqual(canvas.safeRight, row.side, line: row.line)
            XCTAssertEqual(canvas.safeBottom, row.bottom, line: row.line)
            XCTAssertEqual(canvas.isCompactHeight, row.compact, line: row.line)
            XCTAssertEqual(d.engine.setup.presentation, row.compact ? .fullScreen : .formSheet, line: row.line)
        }
    }
}
