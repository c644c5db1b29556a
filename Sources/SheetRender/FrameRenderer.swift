import Raster
import SheetKit

/// Turns sheet states into frames, at one scale, reusing everything that did not change.
///
/// A frame is built in stages, each with one cache and one key (`StageCache`): the scene, drawn only
/// when its state changes (`SceneCache`); the scene under the dimming (`DimmedBackdropCache`); the
/// scene blurred behind the sheet, once for a still background (`BlurredBackdropCache`); and the
/// finished material, copied row by row as the sheet moves (`MaterialCache`). The shadow, corners and
/// content are made once per renderer (`SheetChrome`, `ContentLayer`). A new stage gets its own key
/// and cache beside these, keyed on the generation of the stage it reads.
public final class FrameRenderer {
    public let setup: SheetSetup
    public let scale: Int
    public let widthPixels: Int
    public let heightPixels: Int
    public internal(set) var frame: Pixmap
    public let scene: any BackgroundScene
    let theme: SheetTheme
    let content: ContentLayer
    let chrome: SheetChrome
    let blur = BlurWorkspace()
    let sheetX: Int
    let sheetWidth: Int

    // One cache per stage, each with one key: see `StageCache`.
    /// The scene over the whole canvas.
    var sceneCache: SceneCache
    /// The scene under the dimming.
    var dimmedBackdrop: DimmedBackdropCache
    /// The scene blurred behind the sheet's column.
    var blurredBackdrop: BlurredBackdropCache
    /// The finished material: the blurred backdrop, dimmed and tinted.
    var material: MaterialCache
    /// Scratch for one row of material being finished straight into the frame.
    var rowBuffer: [UInt32] = []
    /// The plain scene, the receded backdrop and the display's corners (FrameRenderer+Recede, DisplayCorners).
    let recede: RecedeState

    public init(setup: SheetSetup, scale: Int, text: TextEngine, scene: any BackgroundScene, images: [String: Pixmap] = [:]) {
        self.setup = setup
        self.scale = scale
        self.scene = scene
        let s = Double(scale)
        widthPixels = Int((setup.canvas.width * s).rounded())
        heightPixels = Int((setup.canvas.height * s).rounded())
        sheetX = Int((setup.sheetX * s).rounded())
        sheetWidth = min(Int((setup.sheetWidth * s).rounded()), widthPixels - sheetX)
        theme = SheetTheme(sheet: setup.sheet)
        content = ContentLayer(setup: setup, scale: scale, text: text, images: images, theme: theme)
        chrome = SheetChrome(setup: setup, scale: scale)
        frame = Pixmap(width: widthPixels, height: heightPixels)
        sceneCache = SceneCache(Pixmap(width: widthPixels, height: heightPixels))
        dimmedBackdrop = DimmedBackdropCache(Pixmap(width: widthPixels, height: heightPixels))
        blurredBackdrop = BlurredBackdropCache(Pixmap(width: 0, height: 0))
        material = MaterialCache(Pixmap(width: sheetWidth, height: heightPixels))
        recede = RecedeState(text: text)
    }

    /// Draws `visual` into `frame`.
    public func render(_ visual: SheetVisual) {
        let s = Double(scale)
        defer { finishFrame(visual) }
        updateScene(visual)

        let topRow = Int(((setup.canvas.height - visual.height) * s).rounded())
        let visibleTop = max(0, topRow)
        let sheetShown = visual.height > 0 && topRow < heightPixels
        let k = Pixel.factor(visual.dim)
        // Rows the sheet does not cover everywhere need the dimmed background.
        let fullWidth = sheetX == 0 && sheetWidth == widthPixels
        // A fading sheet shows the background through all of it.
        let coversBelowCorners = fullWidth && visual.alpha >= 1
        let backdropRows = !sheetShown || !coversBelowCorners ? heightPixels : min(heightPixels, visibleTop + chrome.cornerRows)
        // 1. The (dimmed) background wherever the sheet may not cover it.
        drawBackdrop(k: k, rows: backdropRows)

        guard sheetShown else { return }
        let alpha = Pixel.factor(visual.alpha)

        // 2. The shadow, over the background just above the sheet.
        drawShadow(topRow: topRow, alpha: alpha)

        // 3. The sheet: material rows, with the corners blended over what is behind.
        updateBlurredBackdrop(fromRow: visibleTop)
        // A material seen two frames running is kept; a one-off (a background that changes every
        // frame, a dimming on the move) is computed row by row straight into the frame.
        let key = MaterialKey(sceneGeneration: blurredBackdrop.generation, strength: k)
        let cached = material.askedTwiceRunning(key)
        if cached { updateMaterial(key, fromRow: visibleTop) }
        drawSheetBody(topRow: topRow, alpha: alpha, k: k, cached: cached)

        // 4. Content, clipped below the grabber band, then the grabber.
        drawContent(topRow: topRow, offset: visual.contentOffset, alpha: alpha)
        let grabber = setup.sheet.grabber
        if grabber.visible {
            let w = grabber.width * s, h = grabber.height * s
            let x = Double(sheetX) + (Double(sheetWidth) - w) / 2
            frame.fillCapsule(RectF(x: x, y: Double(topRow) + grabber.top * s, width: w, height: h),
                              grabber.color.premultiplied.scaled(by: visual.alpha))
        }
    }

    // MARK: - Shadow and content

    func drawShadow(topRow: Int, alpha: UInt32) {
        guard chrome.shadowRows > 0 else { return }
        // The mask carries the shadow's alpha; the opaque colour is painted through it.
        let c = setup.sheet.shadow!.color
        let color = Pixel.scale(StraightRGBA8(c.red, c.green, c.blue, 255).packed, alpha)
        let w = widthPixels
        let y0 = topRow + chrome.shadowTop
        let x0 = sheetX + chrome.shadowLeft
        let left = max(0, x0), right = min(w, x0 + chrome.shadowWidth)
        guard left < right else { return }
        // Below the corner rows the sheet covers whatever the shadow would darken.
        let lastRow = min(chrome.shadowRows, topRow + chrome.cornerRows - y0)
        chrome.shadowMask.withUnsafeBufferPointer { mask in
            frame.pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<max(0, lastRow) {
                    let y = y0 + row
                    guard y >= 0, y < heightPixels else { continue }
                    PixelRow.paint(color, through: mask.baseAddress! + row * chrome.shadowWidth + (left - x0),
                                   onto: dst.baseAddress! + y * w + left, count: right - left)
                }
            }
        }
    }

    func drawContent(topRow: Int, offset: Double, alpha: UInt32) {
        let layer = content.pixmap
        guard layer.height > 0 else { return }
        let s = Double(scale)
        let bandBottom = topRow + Int((setup.bandHeight * s).rounded())
        let clipTop = max(0, bandBottom)
        guard clipTop < heightPixels else { return }
        let layerTop = bandBottom - Int((offset * s).rounded())
        let w = widthPixels, lw = layer.width, sx = sheetX
        layer.pixels.withUnsafeBufferPointer { src in
            frame.pixels.withUnsafeMutableBufferPointer { dst in
                for y in clipTop..<heightPixels {
                    let ly = y - layerTop
                    guard ly >= 0 else { continue }
                    guard ly < layer.height else { break }
                    guard let span = content.spans[ly] else { continue }
                    let drow = y * w + sx + span.lowerBound, lrow = ly * lw + span.lowerBound
                    if alpha < 255 {
                        PixelRow.over(src.baseAddress! + lrow, opacity: alpha, onto: dst.baseAddress! + drow, count: span.count)
                    } else {
                        PixelRow.over(src.baseAddress! + lrow, onto: dst.baseAddress! + drow, count: span.count)
                    }
                }
            }
        }
    }
}
