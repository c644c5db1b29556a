import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// The frame draws exactly the sheet's shape (`setup.shape(atHeight:)`): the floating glass sheet's gap and
/// concentric bottom corners, the edge-to-edge sheet at large, the morph between, the iPad form sheet and its
/// shadow all round, content clipped by the shape, and no hairline on classic.
final class SheetShapeDrawingTests: XCTestCase {
    nonisolated(unsafe) static let text = FrameTests.text

    func renderer(_ json: String, scale: Int = 1, scene: (any BackgroundScene)? = nil) -> FrameRenderer {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config"); fatalError() }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        return FrameRenderer(setup: setup, scale: scale, text: Self.text, scene: scene ?? GradientScene())
    }

    static let blue = StraightRGBA8(0x33, 0x66, 0x99)

    func background(_ r: FrameRenderer) -> Pixmap {
        var p = Pixmap(width: r.widthPixels, height: r.heightPixels)
        GradientScene().render(SceneContext(width: r.setup.canvas.width, height: r.setup.canvas.height, scale: r.scale,
                                            safeTop: r.setup.canvas.safeTop), into: &p)
        return p
    }

    static let red = PremultipliedRGBA8(255, 0, 0, 255)
    /// A glass sheet in a solid red, no shadow, grabber or content, undimmed: only its shape shows.
    static let plainGlass = ##"{"sheet": {"style": "glass", "fill": "#FF0000", "shadow": null, "grabber": {"visible": false}, "content": [], "dimming": {"opacity": 0}, "backgroundRecedes": false}}"##

    func testTheFrameIsTheShapeFilledOverTheBackground() {
        // The whole frame equals the background with the shape filled by the general filler, at rest and
        // floating (peek, medium), mid-morph and at large, at 1× and 3×.
        for scale in [1, 3] {
            let r = renderer(Self.plainGlass, scale: scale)
            let s = Double(scale)
            for height in [120.0, 460, 500, 650, 793.0] {
                r.render(SheetVisual(height: height))
                let shape = SheetOutline.pixelAligned(r.setup.shape(atHeight: height), scale: scale)
                XCTAssertEqual(shape.inset, r.setup.shape(atHeight: height).inset, accuracy: 0.5 / s, "within half a pixel of the shape")
                var expected = background(r)
                let top = (shape.frame.y * s).rounded()
                expected.fillRoundedRect(RectF(x: shape.frame.x * s, y: top, width: shape.frame.width * s, height: shape.frame.maxY * s - top),
                                         topRadius: shape.topRadius * s, bottomRadius: shape.bottomRadius * s, curve: .continuous, Self.red)
                let d = ImageComparison(expected: expected, actual: r.frame, channelDelta: 1)
                XCTAssertEqual(d.differing, 0, "height \(height) at \(scale)×: largest delta \(d.largestDelta) in \(String(describing: d.boundingBox))")
            }
        }
    }

    func testTheGapBesideAFloatingSheetShowsTheBackgroundAndItsBottomCornersAreConcentric() {
        let r = renderer(Self.plainGlass)
        r.render(SheetVisual(height: 300))
        let bg = background(r)
        // iPhone 15: the sheet floats 8 pt in from the left, right and bottom edges.
        for (x, y) in [(0, 700), (7, 700), (385, 700), (392, 700), (196, 844), (196, 851)] {
            XCTAssertEqual(r.frame[x, y], bg[x, y], "(\(x), \(y)) is in the gap")
        }
        for (x, y) in [(8, 700), (384, 700), (196, 843)] { XCTAssertEqual(r.frame[x, y], Self.red, "(\(x), \(y)) is on the sheet") }
        // The bottom corners: the display's 55 pt corner less the 8 pt inset, continuous; the very corner is
        // background, the curve anti-aliased, and the same distance in from the display's own curve all along.
        XCTAssertEqual(r.frame[8, 843], bg[8, 843])
        let display = OutlineField(RectF(x: 0, y: 0, width: 393, height: 852), topRadius: 55, bottomRadius: 55, curve: .continuous)
        let shape = r.setup.shape(atHeight: 300)
        let sheet = OutlineField(RectF(x: shape.frame.x, y: shape.frame.y, width: shape.frame.width, height: shape.frame.height),
                                 topRadius: shape.topRadius, bottomRadius: shape.bottomRadius, curve: .continuous)
        XCTAssertEqual(shape.bottomRadius, 47, "55 − 8")
        // Where each outline crosses the corner's diagonal, and a line across the straight edge above the corner:
        // the sheet's outline is the display's moved 8 pt in.
        func crossing(_ f: OutlineField, along direction: (Double, Double), from origin: (Double, Double)) -> Double {
            var lo = 0.0, hi = 150.0
            for _ in 0..<60 {
                let m = (lo + hi) / 2
                if f.sample(origin.0 + m * direction.0, origin.1 + m * direction.1).distance > 0 { lo = m } else { hi = m }
            }
            return lo
        }
        let diagonal = (0.5.squareRoot(), -0.5.squareRoot())
        XCTAssertEqual(crossing(sheet, along: diagonal, from: (0, 852)) - crossing(display, along: diagonal, from: (0, 852)), 8, accuracy: 1.5)
        XCTAssertEqual(crossing(sheet, along: (1, 0), from: (-20, 700)) - crossing(display, along: (1, 0), from: (-20, 700)), 8, accuracy: 0.01)
        // The curve drawn is the filler's: anti-aliased pixels straddle it.
        XCTAssertTrue((8..<40).contains { r.frame[$0, 830] != bg[$0, 830] && r.frame[$0, 830] != Self.red })
    }

    func testAtLargeTheSheetIsEdgeToEdgeAndTheMorphShrinksTheInsetFrameByFrame() {
        let r = renderer(Self.plainGlass, scale: 3)
        let y = (852 - 300) * 3 // inside the sheet at every height from medium up
        let bg = background(r)
        func leftInsetPixels() -> Double {
            // The straight left edge: the background columns plus the uncovered part of the edge pixel.
            (0..<40).reduce(0.0) { sum, x in
                let p = r.frame[x, y]
                return sum + (p == Self.red ? 0 : 1 - Double(p.r - min(p.r, bg[x, y].r)) / Double(255 - bg[x, y].r))
            }
        }
        var last = Double.infinity
        for i in 0...10 {
            let height = 460 + (793.0 - 460) * Double(i) / 10
            r.render(SheetVisual(height: height))
            let inset = leftInsetPixels()
            XCTAssertEqual(inset, (r.setup.shape(atHeight: height).inset * 3).rounded(), accuracy: 0.05, "height \(height): the inset to the pixel")
            if i > 0 { XCTAssertLessThan(inset, last, "the inset shrinks at every step, height \(height)") }
            last = inset
        }
        XCTAssertEqual(last, 0)
        XCTAssertEqual(r.frame[0, 700 * 3], Self.red, "at large the sheet reaches the left edge")
        XCTAssertEqual(r.frame[392 * 3 + 2, 700 * 3], Self.red, "and the right edge")
        XCTAssertNotEqual(r.frame[0, 852 * 3 - 1], Self.red, "its bottom corners are the display's")
    }

    func testGlassTurnsOpaqueBetweenMediumAndLarge() {
        // A clear material over a solid colour: floating the sheet shows the colour; at large systemBackground.
        let r = renderer(##"{"sheet": {"style": "glass", "material": {"blur": 0, "tint": "#00000000", "saturation": 1}, "shadow": null, "grabber": {"visible": false}, "content": [], "dimming": {"opacity": 0}, "backgroundRecedes": false}}"##,
                         scene: ColorScene(color: Self.blue))
        var last = -1
        for height in [460.0, 500, 600, 700, 793.0] {
            r.render(SheetVisual(height: height))
            let p = r.frame[196, 800]
            XCTAssertGreaterThan(Int(p.r), last, "more opaque at \(height)")
            last = Int(p.r)
        }
        XCTAssertEqual(r.frame[196, 800], .white)
        r.render(SheetVisual(height: 460))
        XCTAssertEqual(r.frame[196, 800], PremultipliedRGBA8(0x33, 0x66, 0x99, 255))
    }

    /// White grouped cards on the white a light glass sheet turns into at large vanished (the built-in default at
    /// large: card and sheet both #FFFFFF). Under grouped cards the sheet turns systemGroupedBackground instead.
    func testGroupedCardsStandOutOnTheOpaqueSheetAtLarge() {
        let list = ##"{"type": "list", "rows": [{"title": "One"}, {"title": "Two"}]}"##
        let rows: [(line: UInt, content: String, expected: PremultipliedRGBA8)] = [
            (#line, "[\(list)]", PremultipliedRGBA8(0xF2, 0xF2, 0xF7, 255)),
            (#line, #"[{"type": "text", "text": "Hello"}]"#, PremultipliedRGBA8.white),
        ]
        for (line, content, expected) in rows {
            let r = renderer(##"{"sheet": {"style": "glass", "shadow": null, "grabber": {"visible": false}, "content": CONTENT, "dimming": {"opacity": 0}, "backgroundRecedes": false}}"##
                .replacingOccurrences(of: "CONTENT", with: content), scene: ColorScene(color: Self.blue))
            r.render(SheetVisual(height: 793.0))
            XCTAssertEqual(r.frame[196, 800], expected, line: line)
            if expected != .white {
                // The card: white, on the grey.
                let card = (0..<r.frame.height).map { r.frame[196, $0] }.filter { $0 == .white }.count
                XCTAssertGreaterThan(card, 40, "white card rows on the grouped background", line: line)
            }
        }
    }

    func testClassicHasNoHairlineAndGlassHasARimBrightestAtTheTop() {
        // Over a flat colour a material is flat: the top row of a classic sheet is the row below it.
        let json = ##"{"background": {"color": "#336699"}, "sheet": {"style": "STYLE", "material": {"blur": 10, "tint": "#1C1C1EB3", "saturation": 1}, "shadow": null, "grabber": {"visible": false}, "content": [], "dimming": {"opacity": 0}, "backgroundRecedes": false}}"##
        let classic = renderer(json.replacingOccurrences(of: "STYLE", with: "classic"), scale: 3, scene: ColorScene(color: Self.blue))
        classic.render(SheetVisual(height: 300))
        let top = (852 - 300) * 3
        for x in [300, 590, 900] {
            let edge = classic.frame[x, top], below = classic.frame[x, top + 12]
            XCTAssertEqual(Double(edge.r), Double(below.r), accuracy: 1, "column \(x)")
            XCTAssertEqual(Double(edge.g), Double(below.g), accuracy: 1, "column \(x)")
        }
        let glass = renderer(json.replacingOccurrences(of: "STYLE", with: "glass"), scale: 3, scene: ColorScene(color: Self.blue))
        glass.render(SheetVisual(height: 300))
        let inside = glass.frame[590, top + 60]
        XCTAssertGreaterThan(glass.frame[590, top].r, inside.r + 40, "a light rim along the top")
        let side = glass.frame[24, 700 * 3], sideInside = glass.frame[120, 700 * 3]
        XCTAssertGreaterThan(side.r, sideInside.r, "fainter down the sides")
        XCTAssertLessThan(Int(side.r) - Int(sideInside.r), Int(glass.frame[590, top].r) - Int(inside.r))
    }

    func testContentScrollsToTheTopEdgeClippedByTheShapeAndGlassFadesItUnderTheGrabber() {
        // A blue button scrolled up under the top edge, against the same sheet without it. The grabber is white on the
        // white sheet: its 20 pt band is there (a sheet without a grabber has none), but it leaves no ink.
        func frames(_ style: String) -> (with: Pixmap, without: Pixmap, top: Int) {
            let base = ##"{"background": {"color": "#FFFFFF"}, "sheet": {"style": "STYLE", "fill": "#FFFFFF", "shadow": null, "grabber": {"color": "#FFFFFF"}, "dimming": {"opacity": 0}, "content": CONTENT}}"##
                .replacingOccurrences(of: "STYLE", with: style)
            let white = ColorScene(color: StraightRGBA8(255, 255, 255))
            let with = renderer(base.replacingOccurrences(of: "CONTENT", with: ##"[{"type": "button", "title": "", "action": "none", "color": "#0000FF"}, {"type": "spacer", "height": 900}]"##), scene: white)
            let without = renderer(base.replacingOccurrences(of: "CONTENT", with: ##"[{"type": "spacer", "height": 950}]"##), scene: white)
            with.render(SheetVisual(height: 400, contentOffset: 30))
            without.render(SheetVisual(height: 400, contentOffset: 30))
            return (with.frame, without.frame, 852 - 400)
        }
        func ink(_ p: PremultipliedRGBA8) -> Int { 255 - Int(p.r) }
        let glass = frames("glass")
        let glassInk = (0..<30).map { ink(glass.with[150, glass.top + $0]) }
        XCTAssertEqual(glassInk[0], 0, accuracy: 8, "faded out at the top edge")
        for r in 1..<30 { XCTAssertGreaterThanOrEqual(glassInk[r], glassInk[r - 1], "ramping in, row \(r)") }
        XCTAssertGreaterThan(glassInk[10], 60)
        XCTAssertLessThan(glassInk[10], 200)
        XCTAssertEqual(glassInk[25], 255, "full below the grabber band")
        let classic = frames("classic")
        XCTAssertEqual(ink(classic.with[150, classic.top]), 255, "classic: the content reaches the top edge, uncut")
        XCTAssertEqual(ink(classic.with[150, classic.top - 1]), 0, "and not above it")
        XCTAssertEqual(ink(classic.with[150, classic.top + 5]), 255)
        // In the corners the shape clips it: outside the curve no ink.
        XCTAssertEqual(classic.with[0, classic.top], classic.without[0, classic.top])
    }

    func testTheIPadFormSheetIsCentredWithItsShadowOnAllFourSides() {
        let r = renderer(##"{"device": "ipad-mini", "sheet": {"style": "classic", "fill": "#FF0000", "grabber": {"visible": false}, "content": [], "dimming": {"opacity": 0}, "shadow": {"color": "#00000066", "radius": 24, "y": 0}}}"##)
        let setup = r.setup
        XCTAssertEqual(setup.presentation, .formSheet)
        let height = setup.largest.height
        r.render(SheetVisual(height: height))
        let shape = setup.shape(atHeight: height)
        let bg = background(r)
        let left = Int(shape.frame.x), right = Int(shape.frame.maxX), top = Int(shape.frame.y.rounded()), bottom = Int(shape.frame.maxY)
        XCTAssertEqual(left + right, 744, "centred across")
        XCTAssertEqual(Double(top + bottom), 1133, accuracy: 1, "centred down")
        XCTAssertEqual(r.frame[left, top + 100], Self.red)
        XCTAssertEqual(r.frame[right - 1, bottom - 100], Self.red)
        func darkening(_ x: Int, _ y: Int) -> Int { 255 - Int(r.frame[x, y].g) * 255 / max(1, Int(bg[x, y].g)) }
        let midX = (left + right) / 2, midY = (top + bottom) / 2
        for (name, x, y) in [("left", left - 4, midY), ("right", right + 3, midY), ("above", midX, top - 4), ("below", midX, bottom + 3)] {
            XCTAssertGreaterThan(darkening(x, y), 10, "a shadow \(name)")
        }
        // The side shadow runs the sheet's whole height, smooth: no step below the top corners.
        let profile = stride(from: top + 40, to: bottom - 40, by: 10).map { darkening(left - 4, $0) }
        XCTAssertLessThanOrEqual(profile.max()! - profile.min()!, 4, "\(profile)")
    }
}
