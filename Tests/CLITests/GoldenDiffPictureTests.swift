import Foundation
import Platform
import Raster
import XCTest

/// Diff images that find the change: a zoom on the changed region, distinct colours for the ring,
/// for size mismatches and for changes within tolerance, and expected.png beside actual.png.
final class GoldenDiffPictureTests: GoldenTestCase {
    func testTheZoomRegionHoldsTheChangeWithinTheImage() {
        let rows: [(line: UInt, box: PixelRect, size: (Int, Int), region: PixelRect, factor: Int)] = [
            (#line, PixelRect(x: 40, y: 50, width: 1, height: 1), (160, 240), PixelRect(x: 21, y: 31, width: 40, height: 40), 8),
            (#line, PixelRect(x: 0, y: 0, width: 1, height: 1), (160, 240), PixelRect(x: 0, y: 0, width: 40, height: 40), 8),
            (#line, PixelRect(x: 158, y: 238, width: 2, height: 2), (160, 240), PixelRect(x: 120, y: 200, width: 40, height: 40), 8),
            (#line, PixelRect(x: 10, y: 10, width: 300, height: 20), (1179, 2556), PixelRect(x: 4, y: 0, width: 312, height: 40), 1),
            (#line, PixelRect(x: 2, y: 2, width: 20, height: 20), (30, 30), PixelRect(x: 0, y: 0, width: 30, height: 30), 10),
        ]
        for row in rows {
            let region = DiffPictures.zoomRegion(around: row.box, width: row.size.0, height: row.size.1)
            XCTAssertEqual(region, row.region, line: row.line)
            XCTAssertTrue(region.x <= row.box.x && region.maxX >= min(row.box.maxX, row.size.0), "holds the change", line: row.line)
            XCTAssertEqual(DiffPictures.zoomFactor(for: region), row.factor, line: row.line)
        }
    }

    func testTheDiffColoursAreDistinct() {
        let colours = [ImageComparison.ringColor, ImageComparison.sizeMismatchColor, ImageComparison.withinToleranceColor,
                       StraightRGBA8(230, 20, 20), StraightRGBA8(20, 60, 230)]
        XCTAssertEqual(Set(colours).count, colours.count)
        // A size mismatch is painted in its own colour, apart from the ring's.
        let small = Pixmap(width: 2, height: 2, fill: .white), large = Pixmap(width: 3, height: 2, fill: .white)
        let diff = ImageComparison.diffImage(expected: small, actual: large)
        XCTAssertEqual(diff[2, 0], ImageComparison.sizeMismatchColor.premultiplied)
        // A change within the per-pixel tolerance is shown, in pale yellow, not faded away.
        let a = Pixmap(width: 1, height: 1, fill: PremultipliedRGBA8(100, 100, 100, 255))
        let b = Pixmap(width: 1, height: 1, fill: PremultipliedRGBA8(102, 100, 100, 255))
        XCTAssertEqual(ImageComparison.diffImage(expected: a, actual: b, channelDelta: 5)[0, 0], ImageComparison.withinToleranceColor.premultiplied)
    }

    func testAFailureWritesExpectedBesideActualAndAZoom() throws {
        try put(scenario, "suite/a.scenario.json")
        XCTAssertEqual(recording(["suite", "--update"]).status, 0)
        try touch("suite/__goldens__/a/moving.png")
        let r = runSheetlab(["test", "suite"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(bytes("suite/__failures__/a/moving.expected.png"), bytes("suite/__goldens__/a/moving.png"))
        let zoom = try ImageFiles.read(dir.appendingPathComponent("suite/__failures__/a/moving.zoom.png").path)
        let side = try ImageFiles.read(dir.appendingPathComponent("suite/__failures__/a/moving.side-by-side.png").path)
        XCTAssertEqual(zoom.width, 3 * 40 * 8 + 4 * 12, "three 40-pixel panels at 8×, with gaps")
        XCTAssertGreaterThan(side.height, 240 + 24, "a band for the labels above the images")
        // The changed pixel, enlarged 8×, is red or blue in the middle panel.
        let diffPanel = 12 + 320 + 12
        let p = zoom[diffPanel + (40 - 21) * 8 + 4, 12 + 26 + (50 - 31) * 8 + 4]
        XCTAssertTrue(p == StraightRGBA8(230, 20, 20).premultiplied || p == StraightRGBA8(20, 60, 230).premultiplied, "\(p)")
        XCTAssertFalse(exists("suite/__failures__/a/initial.expected.png"), "only failures get artifacts")
        XCTAssertEqual(recording(["suite", "--update=changed"]).status, 0)
        XCTAssertFalse(exists("suite/__failures__"), "re-recording removes every artifact, expected and zoom included")
    }
}
