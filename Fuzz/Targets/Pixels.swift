import Raster
import Scenes
import SheetKit
import SheetRender

// Shared by the pixel targets (render, compare, clip): a config from fuzzed JSON on a bounded canvas, drawn by the
// real renderer with a stand-in font (boxes for glyphs, with real advances and line heights), so that an input
// reaches layout, the content layer, the scene, the material and the compositing.

/// Glyphs as boxes: every character advances half the pixel size and inks a box in its cell.
final class BoxGlyphs: GlyphRasterizer {
    func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int { text.count * max(1, pixelSize / 2) }
    func metrics(weight: FontWeight, pixelSize: Int) -> (ascent: Int, lineHeight: Int) { (pixelSize, pixelSize + pixelSize / 4) }
    func render(_ text: String, weight: FontWeight, pixelSize: Int) -> AlphaMask {
        let advance = max(1, pixelSize / 2), h = max(1, pixelSize + pixelSize / 4)
        let w = min(text.count * advance, 1 << 14)
        var mask = AlphaMask(width: w, height: h)
        for (i, c) in text.enumerated() where i * advance < w && !c.isWhitespace {
            for y in (h / 4)..<(h - h / 8) {
                for x in (i * advance + 1)..<min(w, (i + 1) * advance) { mask.bytes[y * w + x] = 200 }
            }
        }
        return mask
    }
}

let fuzzText = TextEngine(rasterizer: BoxGlyphs())

/// The largest canvas a pixel target draws, in points, and its scale: enough for the sheet, its corners, the content
/// and the scene, small enough for thousands of frames a second.
let maxCanvasSide = 200.0

/// `config` with its canvas bounded (at most `maxCanvasSide` a side) and the scale it is drawn at (1…3, from `pick`).
func bounded(_ config: SheetLabConfig, pick: UInt8) -> (SheetLabConfig, scale: Int) {
    var c = config
    let canvas = c.resolvedCanvas
    let k = min(1, maxCanvasSide / max(canvas.width, canvas.height, 1))
    c.canvas.width = max(100, (canvas.width * k).rounded())
    c.canvas.height = max(100, (canvas.height * k).rounded())
    c.canvas.safeArea = nil
    return (c, 1 + Int(pick % 3))
}

/// The background without files: an image background (a path) is drawn as a colour.
func scene(for config: SheetLabConfig) -> any BackgroundScene {
    switch config.background {
    case .scene(.map): return MapScene(text: fuzzText)
    case .scene(.list): return ListScene(text: fuzzText)
    case .scene(.gradient): return GradientScene(text: fuzzText)
    case .color(let c): return ColorScene(color: StraightRGBA8(c.red, c.green, c.blue, c.alpha), text: fuzzText)
    default: return ColorScene(color: StraightRGBA8(200, 120, 40), text: fuzzText)
    }
}

/// A valid config from fuzzed text, bounded, with its setup measured by the stand-in font; nil when it does not load.
func fuzzSheet(_ text: String, pick: UInt8) -> (setup: SheetSetup, scale: Int, scene: any BackgroundScene)? {
    guard case .success(let d) = ConfigLoader.load(text: text, file: "fuzz.json") else { return nil }
    return fuzzSheet(d.config, pick: pick)
}

func fuzzSheet(_ loaded: SheetLabConfig, pick: UInt8) -> (setup: SheetSetup, scale: Int, scene: any BackgroundScene)? {
    let (config, scale) = bounded(loaded, pick: pick)
    guard config.resolvedCanvas.maxSheetHeight > 0 else { return nil }
    let setup = SheetSetup(config: config, measurer: MeasuredTextMetrics(engine: fuzzText))
    return (setup, scale, scene(for: config))
}

/// The checks every drawn frame passes: the canvas's size in pixels, and opaque (a frame covers the whole canvas).
func checkFrame(_ frame: Pixmap, _ setup: SheetSetup, scale: Int) {
    let s = Double(scale)
    invariant(frame.width == Int((setup.canvas.width * s).rounded()) && frame.height == Int((setup.canvas.height * s).rounded()),
              "a frame of \(frame.width)×\(frame.height) px for a canvas of \(setup.canvas.width)×\(setup.canvas.height) pt at \(scale)x")
}

/// The visual of a simulated frame.
func visual(_ f: FrameState) -> SheetVisual {
    SheetVisual(height: f.height, dim: f.dim, alpha: f.alpha, contentOffset: f.scroll)
}
