import XCTest
import Raster
@testable import SheetKit
@testable import SheetMeasure

/// `ScreenMapping` (`measure --screen X0,Y0,SCALE`): a framed or scaled picture's screen read out at a whole scale.
final class ScreenMappingTests: XCTestCase {
    func testParsingTakesThreeNumbersAndAPositiveScale() {
        let table: [(line: UInt, text: String, mapping: ScreenMapping?)] = [
            (#line, "115,84,3", ScreenMapping(x0: 115, y0: 84, scale: 3)),
            (#line, "44.2, 90.0, 0.7748", ScreenMapping(x0: 44.2, y0: 90, scale: 0.7748)),
            (#line, "-0.5,0,1", ScreenMapping(x0: -0.5, y0: 0, scale: 1)),
            (#line, "1,2", nil),
            (#line, "1,2,3,4", nil),
            (#line, "1,,3", nil),
            (#line, "1,2,0", nil),
            (#line, "1,2,-3", nil),
            (#line, "a,2,3", nil),
            (#line, "1,2,inf", nil),
        ]
        for row in table { XCTAssertEqual(ScreenMapping(parsing: row.text), row.mapping, row.text, line: row.line) }
    }

    func testTheCanvasScaleIsTheNextWholeScaleUpToThree() {
        for (line, scale, whole) in [(#line, 0.666, 1), (#line, 0.7748, 1), (#line, 1.0, 1), (#line, 1.5, 2), (#line, 2.999, 3), (#line, 3.0, 3), (#line, 4.0, 3)] as [(UInt, Double, Int)] {
            XCTAssertEqual(ScreenMapping(x0: 0, y0: 0, scale: scale).canvasScale, whole, "\(scale)", line: line)
        }
    }

    /// At a whole scale and whole offsets the screen is the picture's pixels, unchanged.
    func testAWholeMappingIsAnExactCrop() {
        var picture = Pixmap(width: 40, height: 50)
        for y in 0..<50 { for x in 0..<40 { picture.pixels[y * 40 + x] = UInt32(x * 6) | UInt32(y * 5) << 8 | UInt32((x * y) % 256) << 16 | 0xFF00_0000 } }
        let screen = ScreenMapping(x0: 5, y0: 7, scale: 2).resample(picture, width: 10, height: 20)
        XCTAssertEqual(screen.width, 20)
        XCTAssertEqual(screen.height, 40)
        for y in 0..<40 { for x in 0..<20 { XCTAssertEqual(screen.pixels[y * 20 + x], picture.pixels[(y + 7) * 40 + x + 5], "(\(x), \(y))") } }
    }

    func testAScreenOutsideThePictureIsAProblem() {
        let m = ScreenMapping(x0: 16.2, y0: 15.4, scale: 0.666)
        XCTAssertNil(m.problem(width: 402, height: 874, pictureWidth: 300, pictureHeight: 613))
        XCTAssertEqual(m.problem(width: 402, height: 874, pictureWidth: 280, pictureHeight: 613),
                       "the screen (402×874 pt at x 16.2–283.93, y 15.4–597.48 px) does not fit in the 280×613 px picture")
    }

    /// Ground truth for a scaled, framed picture: SheetLab's default glass sheet rendered at 3×, shrunk by area to
    /// 0.7748 px/pt (the TrueSheet GIFs' scale) and set in an orange frame at a fractional offset, then read back through
    /// the mapping. The reading holds to what that resolution allows (1 px = 1.29 pt): half a point for edges, a
    /// point for the radius and the grabber.
    func testAShrunkFramedRenderMeasuresBackItsGeometry() throws {
        let d = SheetMeasureRenderTests.document(#"{"sheet": {"content": []}}"#)
        let render = SheetMeasureRenderTests.render(d, scale: 3).frame
        let mapping = ScreenMapping(x0: 44.2, y0: 90.0, scale: 0.7748)
        let device = try XCTUnwrap(DevicePreset.named(d.config.device))
        let picture = Self.framed(render, renderScale: 3, mapping: mapping, width: 400, height: 811)
        let screen = mapping.resample(picture, width: device.width, height: device.height)
        guard case .success(let matched) = MatchedCanvas.match(width: screen.width, height: screen.height, named: device.name) else {
            return XCTFail("the 1× screen \(screen.width)×\(screen.height) should match \(device.name)")
        }
        guard case .success(let m) = SheetMeasurer.measure(ScreenImage(screen, scale: 1), canvas: matched, backgrounds: []) else {
            return XCTFail("no sheet found in the shrunk render")
        }
        XCTAssertEqual(m.visibleHeight.value, 460, accuracy: 0.5)
        XCTAssertEqual(m.outline.leftInset.value, 8, accuracy: 0.5)
        XCTAssertEqual(m.outline.rightInset.value, 8, accuracy: 0.5)
        XCTAssertEqual(m.outline.bottomInset.value, 8, accuracy: 0.5)
        XCTAssertEqual(m.outline.topCorner.value.radius, 38, accuracy: 1)
        let g = try XCTUnwrap(m.grabber)
        XCTAssertEqual(g.width.value, 36, accuracy: 1)
        XCTAssertEqual(g.height.value, 5, accuracy: 1)
        XCTAssertEqual(g.top.value, 5, accuracy: 1)
    }

    /// `render` (at `renderScale`) shrunk by area into a `width` × `height` picture at `mapping`, orange around it: each
    /// picture pixel is the mean of 4 × 4 samples of the render's pixels under it.
    static func framed(_ render: Pixmap, renderScale: Double, mapping: ScreenMapping, width: Int, height: Int) -> Pixmap {
        let orange: UInt32 = 0xFF00_80F0
        var out = Pixmap(width: width, height: height)
        let n = 4
        for y in 0..<height {
            for x in 0..<width {
                var r = 0.0, g = 0.0, b = 0.0
                for j in 0..<n {
                    for i in 0..<n {
                        let px = ((Double(x) + (Double(i) + 0.5) / Double(n)) - mapping.x0) / mapping.scale * renderScale
                        let py = ((Double(y) + (Double(j) + 0.5) / Double(n)) - mapping.y0) / mapping.scale * renderScale
                        let inside = px >= 0 && py >= 0 && Int(px) < render.width && Int(py) < render.height
                        let p = inside ? render.pixels[Int(py) * render.width + Int(px)] : orange
                        r += Double(p & 0xFF); g += Double(p >> 8 & 0xFF); b += Double(p >> 16 & 0xFF)
                    }
                }
                let k = Double(n * n)
                out.pixels[y * width + x] = UInt32((r / k).rounded()) | UInt32((g / k).rounded()) << 8 | UInt32((b / k).rounded()) << 16 | 0xFF00_0000
            }
        }
        return out
    }
}
