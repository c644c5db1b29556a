import Foundation
import XCTest
@testable import SheetKit
@testable import SheetMeasure

/// `SheetComparison` on SheetLab's own renders at 1× (issue 37 item 3): a config against its own render agrees on
/// every feature; a config with one thing changed is beyond tolerance on exactly the features that thing moves; a
/// wider tolerance lets it through.
final class SheetComparisonTests: XCTestCase {
    typealias R = SheetMeasureRenderTests

    /// The base: the default glass sheet, empty, on the map, light.
    static let base = #"{"sheet": {"content": []}}"#

    /// The measurement of `config` rendered at 1×.
    func measured(_ config: String, line: UInt = #line) -> SheetMeasurement? {
        let frame = R.render(R.document(config), scale: 1).frame
        guard case .success(let canvas) = MatchedCanvas.match(width: frame.width, height: frame.height, named: nil) else {
            XCTFail("no canvas", line: line); return nil
        }
        let result = SheetMeasurer.measure(ScreenImage(frame, scale: 1), canvas: canvas, backgrounds: R.candidates(scale: 1))
        guard case .success(let m) = result else { XCTFail("\(result)", line: line); return nil }
        return m
    }

    func testOwnRenderAgreesAndEachChangeIsNamed() throws {
        let image = try XCTUnwrap(measured(Self.base))
        let table: [(line: UInt, config: String, beyond: [String])] = [
            (#line, Self.base, []),
            (#line, #"{"sheet": {"content": [], "detents": [{"id": "peek", "height": 120}, {"id": "m", "height": 400}, "large"], "initialDetent": "m"}}"#,
             ["visible height"]),
            (#line, #"{"sheet": {"content": [], "cornerRadius": 30}}"#, ["top corners radius"]),
            (#line, ##"{"sheet": {"content": [], "dimming": {"color": "#000000", "opacity": 0.35, "largestUndimmedDetent": "peek"}}}"##, ["dimming"]),
            (#line, #"{"sheet": {"content": [], "grabber": {"visible": true, "width": 48, "height": 5, "top": 5}}}"#, ["grabber width"]),
            // Another sheet altogether: the classic page sheet over the list.
            (#line, #"{"background": {"scene": "list"}, "sheet": {"style": "classic", "cornerRadius": 10, "content": [], "dimming": {"largestUndimmedDetent": null}}}"#,
             ["style", "left inset", "right inset", "bottom inset", "top corners radius", "background", "dimming"]),
        ]
        for row in table {
            guard let render = measured(row.config, line: row.line) else { continue }
            let c = SheetComparison.compare(image: image, render: render, tolerance: MatchTolerance(), opaqueFill: false)
            XCTAssertEqual(c.beyond.map(\.feature), row.beyond, c.table, line: row.line)
            XCTAssertEqual(c.passes, row.beyond.isEmpty, line: row.line)
            if row.beyond.isEmpty {
                // Against its own render every delta is nil: the same pixels, read the same way.
                for f in c.features where f.delta != "–" { XCTAssertEqual(f.delta.split(separator: " ").first, "0", "\(f.feature)", line: row.line) }
                XCTAssertTrue(c.summary.hasPrefix("all "), c.summary, line: row.line)
            } else {
                for name in row.beyond { XCTAssertTrue(c.summary.contains(name), c.summary, line: row.line) }
                XCTAssertTrue(c.table.contains("BEYOND"), line: row.line)
            }
        }
    }

    /// An opaque fill is compared by colour (and the grabber seen over it); a material never is.
    func testAnOpaqueFillIsComparedByColour() throws {
        let base = ##"{"sheet": {"style": "classic", "fill": "#FFFFFF", "grabber": {"visible": true, "color": "#8E8E93"}, "content": []}}"##
        let image = try XCTUnwrap(measured(base))
        let table: [(line: UInt, config: String, opaque: Bool, beyond: [String])] = [
            (#line, base, true, []),
            (#line, ##"{"sheet": {"style": "classic", "fill": "#F2E6E6", "grabber": {"visible": true, "color": "#8E8E93"}, "content": []}}"##, true, ["fill colour"]),
            (#line, ##"{"sheet": {"style": "classic", "fill": "#FFFFFF", "grabber": {"visible": true, "color": "#3060C0"}, "content": []}}"##, true, ["grabber colour"]),
            // Told the config draws a material, the same change is listed and not compared.
            (#line, ##"{"sheet": {"style": "classic", "fill": "#F2E6E6", "grabber": {"visible": true, "color": "#8E8E93"}, "content": []}}"##, false, []),
        ]
        for row in table {
            guard let render = measured(row.config, line: row.line) else { continue }
            let c = SheetComparison.compare(image: image, render: render, tolerance: MatchTolerance(), opaqueFill: row.opaque)
            XCTAssertEqual(c.beyond.map(\.feature), row.beyond, c.table, line: row.line)
            let surface = try XCTUnwrap(c.features.first { $0.feature == "surface" })
            XCTAssertEqual(surface.verdict == .within, row.opaque, c.table, line: row.line)
        }
    }

    /// The tolerance decides: 60 pt lets a 60 pt lower detent through, 59 does not.
    func testToleranceOverride() throws {
        let image = try XCTUnwrap(measured(Self.base))
        let render = try XCTUnwrap(measured(#"{"sheet": {"content": [], "detents": [{"id": "peek", "height": 120}, {"id": "m", "height": 400}, "large"], "initialDetent": "m"}}"#))
        let delta = render.visibleHeight.value - image.visibleHeight.value
        var wide = MatchTolerance(), narrow = MatchTolerance()
        wide.points = abs(delta) + 0.5
        narrow.points = abs(delta) - 0.5
        XCTAssertTrue(SheetComparison.compare(image: image, render: render, tolerance: wide, opaqueFill: false).passes)
        XCTAssertEqual(SheetComparison.compare(image: image, render: render, tolerance: narrow, opaqueFill: false).beyond.map(\.feature), ["visible height"])
    }

    /// A reading too weak to trust is listed as not compared, never failed.
    func testAWeakReadingIsNotCompared() throws {
        let image = try XCTUnwrap(measured(Self.base))
        var weak = image
        weak.dimming.opacity = Measured(0.6, residual: 0.3, confidence: 0.2)
        let c = SheetComparison.compare(image: weak, render: image, tolerance: MatchTolerance(), opaqueFill: false)
        XCTAssertTrue(c.passes, c.table)
        let dimming = try XCTUnwrap(c.features.first { $0.feature == "dimming" })
        XCTAssertEqual(dimming.verdict, .notCompared("the image's reading is too weak (confidence 0.2, under 0.5)"))
        XCTAssertTrue(c.notCompared.contains(dimming), c.table)
    }
}
