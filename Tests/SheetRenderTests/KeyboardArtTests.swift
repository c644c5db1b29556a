import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// The keyboard and the text field, from their pixels: the keyboard's rows sit where `SheetVisual.keyboard` says, are
/// opaque and differ by look; the rows above it are the frame without it; the caret shows only while focused and moves
/// right as the text grows; the content layer is drawn again when a field's state changes, and only then.
final class KeyboardArtTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    static func config(_ extra: String = "") -> String {
        #"{"device": "iphone-15", \#(extra) "sheet": {"style": "glass", "detents": [{"id": "peek", "height": 106}, "medium", "large"], "#
            + #""initialDetent": "peek", "content": [{"type": "textField", "placeholder": "Search Maps"}, "#
            + #"{"type": "list", "title": "Recents", "rows": [{"title": "Home", "detail": "12 min"}, {"title": "Work"}]}]}}"#
    }

    func setup(_ json: String) -> SheetSetup {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config \(json)"); fatalError() }
        return SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
    }

    func renderer(_ json: String, scale: Int = 2) -> FrameRenderer {
        FrameRenderer(setup: setup(json), scale: scale, text: Self.text, scene: GradientScene())
    }

    func look(glass: Bool, dark: Bool, width: Double = 393, height: Double = 336) -> KeyboardLook {
        KeyboardLook(width: width, height: height, scale: 2, glass: glass, dark: dark)
    }

    func testTheKeyboardIsOpaqueBelowItsCornersAndDiffersByLook() {
        var bodies: Set<UInt32> = []
        var pictures: [[UInt32]] = []
        for glass in [false, true] {
            for dark in [false, true] {
                let l = look(glass: glass, dark: dark)
                let p = KeyboardArt.draw(l, text: Self.text)
                XCTAssertEqual(p.width, 786)
                XCTAssertEqual(p.height, 672)
                for y in l.translucentRows..<p.height {
                    for x in 0..<p.width where p.pixels[y * p.width + x] >> 24 != 255 {
                        XCTFail("glass \(glass) dark \(dark): pixel (\(x), \(y)) is not opaque"); return
                    }
                }
                // A pixel of the body, between the QuickType bar and the first row of keys, at the left edge.
                bodies.insert(p.pixels[(44 * 2 + 2) * p.width + 1])
                pictures.append(p.pixels)
                if glass {
                    // The rounded top corners let what is behind through.
                    XCTAssertEqual(p.pixels[0], 0)
                    XCTAssertEqual(p.pixels[p.width - 1], 0)
                }
            }
        }
        XCTAssertEqual(bodies.count, 4, "each look has its own body colour")
        XCTAssertEqual(Set(pictures.map { $0.hashValue }).count, 4)
        // The classic light body is the measured (208, 211, 217).
        let classic = KeyboardArt.draw(look(glass: false, dark: false), text: Self.text)
        XCTAssertEqual(PremultipliedRGBA8(packed: classic.pixels[(44 * 2 + 2) * classic.width + 1]), StraightRGBA8(208, 211, 217).premultiplied)
    }

    func testLandscapeAndPadLayoutsHaveMoreRoomPerKeyAndStayInside() {
        for (w, h, canvas) in [(393.0, 336.0, 852.0), (852, 209, 393), (744, 320, 1133), (1133, 398, 744), (375, 260, 667)] {
            let l = KeyboardLook(width: w, height: h, scale: 1, glass: false, dark: false, safeBottom: w == 375 ? 0 : 20,
                                 safeLeft: w == 852 ? 59 : 0, safeRight: w == 852 ? 59 : 0, canvasHeight: canvas)
            XCTAssertEqual(l.isPad, w == 744 || w == 1133, "\(w)")
            XCTAssertEqual(l.isLandscape, w == 852, "\(w)")
            let layout = KeyboardArt.layout(l)
            XCTAssertGreaterThanOrEqual(layout.keys.count, 30, "\(w)")
            for key in layout.keys {
                XCTAssertGreaterThanOrEqual(key.frame.x, 0, "\(w)"); XCTAssertLessThanOrEqual(key.frame.maxX, w + 0.01, "\(w)")
                XCTAssertGreaterThanOrEqual(key.frame.y, layout.quickType, "\(w)"); XCTAssertLessThanOrEqual(key.frame.maxY, h, "\(w)")
                XCTAssertGreaterThan(key.frame.width, 20, "\(w)"); XCTAssertGreaterThan(key.frame.height, 24, "\(w)")
            }
            // Letter keys are never stretched: no wider than tall by more than 2.2 times.
            let q = layout.keys.first { $0.cap == .letter("q") }!
            XCTAssertLessThan(q.frame.width / q.frame.height, 2.2, "\(w)")
        }
    }

    func testKeyboardRowsAreWhereTheVisualSaysAndTheRowsAboveAreTheFrameWithout() {
        for style in ["glass", "classic"] {
            let json = Self.config().replacingOccurrences(of: #""style": "glass""#, with: #""style": "\#(style)""#)
            for k in [0.0, 37.5, 200, 336] {
                var visual = SheetVisual(height: 106 + k)
                let plain = renderer(json)
                plain.render(visual)
                visual.keyboard = k
                let r = renderer(json)
                r.render(visual)
                let art = r.keyboardPixmap, w = r.widthPixels, h = r.heightPixels
                let n = Int((k * 2).rounded()), top = h - n
                XCTAssertEqual(r.keyboardRows(visual), n)
                let corners = r.displayCorners?.size ?? 0
                for y in 0..<h {
                    for x in corners..<(w - corners) {
                        let got = r.frame.pixels[y * w + x]
                        let want: UInt32
                        if y < top { want = plain.frame.pixels[y * w + x] }
                        else if y - top < r.keyboardLook.translucentRows { want = Pixel.over(art.pixels[(y - top) * art.width + x], plain.frame.pixels[y * w + x]) }
                        else { want = art.pixels[(y - top) * art.width + x] }
                        if got != want {
                            XCTFail("\(style) keyboard \(k): pixel (\(x), \(y)) is \(got), not \(want) (keyboard top \(top))"); break
                        }
                    }
                }
            }
        }
    }

    func testAFrameAfterTheKeyboardIsTheSameAsAFreshOne() {
        let json = Self.config()
        let r = renderer(json)
        for k in [0.0, 120, 336, 336, 60, 0, 0] {
            var v = SheetVisual(height: 300, dim: 0.2)
            v.keyboard = k
            r.render(v)
            let fresh = renderer(json)
            fresh.render(SheetVisual(height: 300, dim: 0.2))
            fresh.render(v)
            XCTAssertEqual(r.frame.pixels, fresh.frame.pixels, "keyboard \(k)")
        }
    }

    /// The caret's rightmost column in the content layer (the caret colour, opaque), or nil when none is drawn.
    func caretColumn(_ layer: ContentLayer, theme: SheetTheme) -> Int? {
        let p = layer.pixmap, caret = theme.caret.premultiplied.packed
        let frame = layer.setup.layout.frames[0]
        let rows = Int(frame.y * 2)..<Int(frame.maxY * 2)
        var last: Int?
        for y in rows { for x in 0..<p.width where p.pixels[y * p.width + x] == caret { last = max(last ?? 0, x) } }
        return last
    }

    func testCaretShowsOnlyWhenFocusedAndMovesRightAsTheTextGrows() {
        for style in ["glass", "classic"] {
            for appearance in ["light", "dark"] {
                let json = Self.config(#""appearance": "\#(appearance)","#).replacingOccurrences(of: #""style": "glass""#, with: #""style": "\#(style)""#)
                let s = setup(json)
                let theme = SheetTheme(config: s.config)
                let layer = ContentLayer(setup: s, scale: 2, text: Self.text, images: [:], theme: theme)
                XCTAssertNil(caretColumn(layer, theme: theme), "no caret unfocused")
                let unfocused = layer.pixmap.pixels
                layer.show(fields: [0: FieldVisual(text: "", focused: true, caret: true)])
                let empty = caretColumn(layer, theme: theme)
                XCTAssertNotNil(empty, "\(style) \(appearance): a caret while focused")
                layer.show(fields: [0: FieldVisual(text: "", focused: true, caret: false)])
                XCTAssertNil(caretColumn(layer, theme: theme), "the caret blinks off")
                XCTAssertEqual(layer.pixmap.pixels, unfocused, "focused with the caret off and no text looks unfocused")
                var last = empty ?? 0
                for text in ["c", "ca", "caf", "cafe"] {
                    layer.show(fields: [0: FieldVisual(text: text, focused: true, caret: true)])
                    let x = caretColumn(layer, theme: theme) ?? 0
                    XCTAssertGreaterThan(x, last, "\(style) \(appearance): the caret moves right after \"\(text)\"")
                    last = x
                }
                // A long text stays inside the field, its end (and the caret) in view.
                layer.show(fields: [0: FieldVisual(text: String(repeating: "coffee near me ", count: 6), focused: true, caret: true)])
                let frame = s.layout.frames[0]
                let caret = caretColumn(layer, theme: theme) ?? 0
                XCTAssertLessThan(caret, Int((frame.maxX + ContentLayout.sideInset) * 2), "the caret stays in the field")
                XCTAssertGreaterThan(caret, Int((frame.x + ContentLayout.sideInset + frame.width / 2) * 2))
            }
        }
    }

    func testPlaceholderAndTextDifferAndTheLayerRedrawsOnlyWhenAFieldChanges() {
        let s = setup(Self.config())
        let theme = SheetTheme(config: s.config)
        let layer = ContentLayer(setup: s, scale: 2, text: Self.text, images: [:], theme: theme)
        let draws = layer.draws
        let placeholder = layer.pixmap.pixels
        layer.show(fields: [:])
        XCTAssertEqual(layer.draws, draws, "the same state does not draw again")
        layer.show(fields: [0: FieldVisual(text: "Search Maps")])
        XCTAssertEqual(layer.draws, draws + 1)
        XCTAssertNotEqual(layer.pixmap.pixels, placeholder, "text is drawn in the label colour, the placeholder in secondary")
        layer.show(fields: [0: FieldVisual(text: "Search Maps")])
        XCTAssertEqual(layer.draws, draws + 1)
        layer.show(fields: [:])
        XCTAssertEqual(layer.pixmap.pixels, placeholder)

        // Through the renderer: typing changes the frame, a still frame does not draw the layer again.
        let r = renderer(Self.config())
        var v = SheetVisual(height: 300)
        r.render(v)
        let before = r.frame.pixels, n = r.content.draws
        r.render(v)
        XCTAssertEqual(r.content.draws, n)
        v.fields = [0: FieldVisual(text: "cafe", focused: true, caret: true)]
        r.render(v)
        XCTAssertEqual(r.content.draws, n + 1)
        XCTAssertNotEqual(r.frame.pixels, before)
        r.render(v)
        XCTAssertEqual(r.content.draws, n + 1)
    }

    /// A field drawn again alone (typing, the caret's blink) leaves the layer as drawing the whole window would.
    func testAFieldDrawnAloneEqualsTheWholeWindowDrawnAgain() {
        for style in ["glass", "classic"] {
            let json = Self.config().replacingOccurrences(of: #""style": "glass""#, with: #""style": "\#(style)""#)
            let s = setup(json)
            let theme = SheetTheme(config: s.config)
            let alone = ContentLayer(setup: s, scale: 2, text: Self.text, images: [:], theme: theme)
            let whole = ContentLayer(setup: s, scale: 2, text: Self.text, images: [:], theme: theme)
            for state in [FieldVisual(text: "", focused: true, caret: true), FieldVisual(text: "caf", focused: true, caret: false),
                          FieldVisual(text: "cafe near the river bank, open late tonight", focused: true, caret: true),
                          FieldVisual(text: "cafe")] {
                let before = alone.fieldDraws
                alone.show(fields: [0: state])
                XCTAssertEqual(alone.fieldDraws, before + 1, "only the field is drawn again")
                whole.show(fields: [0: state])
                whole.redrawWindow()
                XCTAssertEqual(alone.pixmap.pixels, whole.pixmap.pixels, "\(style) \(state)")
                XCTAssertEqual(alone.spans, whole.spans)
                XCTAssertEqual(alone.inkRuns, whole.inkRuns)
                XCTAssertEqual(alone.rowRuns, whole.rowRuns)
                XCTAssertEqual(alone.widestOpaque, whole.widestOpaque)
            }
        }
    }
}

/// The plot's keyboard line: drawn, with its legend entry, only when a keyboard ever shows, so plots without one are
/// what they were.
final class KeyboardPlotTests: XCTestCase {
    func plot(_ frames: [FrameState]) -> Pixmap {
        MotionPlot(frames: frames, events: [], setup: SheetSetup(config: SheetLabConfig()), title: "t", text: FrameTests.text).render()
    }

    func teal(_ image: Pixmap) -> Int { image.pixels.filter { $0 == MotionPlot.keyboardColor.packed }.count }

    func testTheKeyboardLineShowsOnlyWithAKeyboard() {
        var engine = SheetEngine(setup: SheetSetup(config: SheetLabConfig()))
        _ = engine.advance(to: 0)
        var frames = (0..<60).map { i -> FrameState in
            var f = FrameState(engine: engine, time: Double(i) * 16)
            f.keyboard = 0
            return f
        }
        let without = plot(frames)
        XCTAssertEqual(teal(without), 0, "no keyboard, no line, no legend entry")
        for i in frames.indices { frames[i].keyboard = min(336, Double(i) * 10) }
        let with = plot(frames)
        XCTAssertGreaterThan(teal(with), 200, "the keyboard's line and its legend swatch")
        // The height at the keyboard's last value sits on the keyboard's row.
        let m = MotionPlot(frames: frames, events: [], setup: SheetSetup(config: SheetLabConfig()), title: "t", text: FrameTests.text)
        let x = Int(m.x(frames.last!.time)) - 3, y = Int(m.yHeight(336).rounded())
        XCTAssertTrue((y - 2...y + 2).contains { let p = with[x, $0]; return Int(p.g) > Int(p.r) + 60 && Int(p.b) > Int(p.r) + 80 },
                      "the line ends at the keyboard's height")
    }
}
