import Raster
import SheetKit

/// What a frame shows of the sheet: a snapshot of the engine in visual terms.
public struct SheetVisual: Sendable, Equatable {
    /// Visible height in points.
    public var height: Double
    /// Dimming opacity, 0…1.
    public var dim: Double
    /// The sheet's own opacity, 0…1.
    public var alpha: Double
    /// Content scroll offset in points.
    public var contentOffset: Double
    /// How far the background is panned, in points.
    public var panX: Double
    public var panY: Double
    /// The last tap the background received, with the pan it happened at.
    public var tap: TapMark?

    public init(height: Double, dim: Double = 0, alpha: Double = 1, contentOffset: Double = 0,
                panX: Double = 0, panY: Double = 0, tap: TapMark? = nil) {
        self.height = height; self.dim = dim; self.alpha = alpha; self.contentOffset = contentOffset
        self.panX = panX; self.panY = panY; self.tap = tap
    }

    /// The engine's state at its current time.
    public init(engine: SheetEngine) {
        self.init(height: engine.height, dim: engine.dim, alpha: engine.alpha, contentOffset: engine.contentOffset,
                  panX: engine.backgroundOffset.x, panY: engine.backgroundOffset.y,
                  tap: engine.lastBackgroundTap.map {
                      TapMark(x: $0.point.x, y: $0.point.y, ageMS: engine.time - $0.time, sequence: $0.sequence,
                              panX: $0.pan.x, panY: $0.pan.y)
                  })
    }
}

extension SceneContext {
    /// The same scene state, ignoring how old the last tap is (which only matters while it animates).
    func sameStill(as other: SceneContext) -> Bool {
        var a = self, b = other
        a.tap?.ageMS = 0
        b.tap?.ageMS = 0
        return a == b
    }
}

/// Turns sheet states into frames, at one scale, reusing everything that did not change:
/// the scene is drawn only when its state changes, and the material behind the sheet is blurred
/// once for a still background and then copied row by row as the sheet moves.
public final class FrameRenderer {
    public let setup: SheetSetup
    public let scale: Int
    public let widthPixels: Int
    public let heightPixels: Int
    public private(set) var frame: Pixmap
    /// How many times the scene and the material were redrawn: for tests and the bench.
    public private(set) var sceneRenders = 0
    public private(set) var materialRenders = 0

    public let scene: any BackgroundScene
    private let theme: SheetTheme
    private let content: ContentLayer
    private let chrome: SheetChrome
    private let blur = BlurWorkspace()

    private var background: Pixmap
    private var sceneContext: SceneContext?
    private var backgroundVersion = 0

    private var dimmed: Pixmap
    private var dimmedKey = DimKey(version: -1, k: 0)

    struct DimKey: Equatable {
        var version: Int
        var k: UInt32
    }
    private var dimmedRows = 0

    /// The blurred, saturated backdrop behind the sheet's column; its row 0 is canvas row `materialFromRow`.
    private var materialBase: Pixmap
    private var materialVersion = -1
    private var materialFromRow = Int.max
    /// The finished material for one dimming strength, valid from `finalFromRow` down.
    private var material: Pixmap
    private var finalKey: (version: Int, k: UInt32) = (-1, 0)
    private var finalFromRow = Int.max
    private var lastMaterialKey = DimKey(version: -1, k: 0)
    private var rowBuffer: [UInt32] = []

    private let sheetX: Int
    private let sheetWidth: Int

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
        background = Pixmap(width: widthPixels, height: heightPixels)
        dimmed = Pixmap(width: widthPixels, height: heightPixels)
        material = Pixmap(width: sheetWidth, height: heightPixels)
        materialBase = Pixmap(width: 0, height: 0)
    }

    /// Draws `visual` into `frame`.
    public func render(_ visual: SheetVisual) {
        let s = Double(scale)
        updateBackground(visual)

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
        updateMaterialBase(fromRow: visibleTop)
        // A material seen two frames running is kept; a one-off (a background that changes every
        // frame, a dimming on the move) is computed row by row straight into the frame.
        let key = DimKey(version: materialVersion, k: k)
        let cached = key == lastMaterialKey
        lastMaterialKey = key
        if cached { updateMaterial(fromRow: visibleTop, k: k) }
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

    // MARK: - Background and dimming

    private func updateBackground(_ visual: SheetVisual) {
        let context = SceneContext(width: setup.canvas.width, height: setup.canvas.height, scale: scale,
                                   safeTop: setup.canvas.safeTop, panX: visual.panX, panY: visual.panY, tap: visual.tap)
        // A tap whose age went down is a new tap, even at the same point as the last one.
        let newTap = (context.tap?.ageMS ?? 0) < (sceneContext?.tap?.ageMS ?? 0)
        if let previous = sceneContext, previous.sameStill(as: context), !newTap, !scene.isAnimating(previous) { return }
        scene.render(context, into: &background)
        sceneContext = context
        backgroundVersion += 1
        sceneRenders += 1
    }

    /// Writes the background, dimmed by k/255, into the frame's first `rows` rows.
    ///
    /// A dimming strength that holds from one frame to the next (a drag between medium and large,
    /// a sheet at rest) is cached, so those frames are a copy; a strength or background seen for
    /// the first time is written straight into the frame.
    private func drawBackdrop(k: UInt32, rows: Int) {
        guard rows > 0 else { return }
        if k == 0 { copyRows(from: background, rows: 0..<rows); return }
        let key = DimKey(version: backgroundVersion, k: k)
        let veil = Pixel.scale(setup.sheet.dimming.color.premultiplied.packed, k)
        if dimmedKey != key {
            dimmedKey = key
            dimmedRows = 0
            background.pixels.withUnsafeBufferPointer { src in
                frame.pixels.withUnsafeMutableBufferPointer { dst in
                    PixelRow.scaleAdd(src.baseAddress!, 255 - k, veil, into: dst.baseAddress!, count: rows * widthPixels)
                }
            }
            return
        }
        if rows > dimmedRows {
            let from = dimmedRows * widthPixels, count = (rows - dimmedRows) * widthPixels
            background.pixels.withUnsafeBufferPointer { src in
                dimmed.pixels.withUnsafeMutableBufferPointer { dst in
                    PixelRow.scaleAdd(src.baseAddress! + from, 255 - k, veil, into: dst.baseAddress! + from, count: count)
                }
            }
            dimmedRows = rows
        }
        copyRows(from: dimmed, rows: 0..<rows)
    }

    private func copyRows(from source: Pixmap, rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        let from = rows.lowerBound * widthPixels, count = rows.count * widthPixels
        source.pixels.withUnsafeBufferPointer { src in
            frame.pixels.withUnsafeMutableBufferPointer { dst in
                (dst.baseAddress! + from).update(from: src.baseAddress! + from, count: count)
            }
        }
    }

    // MARK: - Material

    /// Makes sure the material covers rows from `row` down, for dimming strength `k`.
    ///
    /// The sheet blurs what is behind it, and the dimming is behind it too. Blurring and saturating
    /// are linear, so the backdrop is blurred once (`materialBase`) and the dimming is mixed in
    /// afterwards, per strength: `tint over mix(base, saturated dim colour, k)`.
    private func updateMaterial(fromRow row: Int, k: UInt32) {
        updateMaterialBase(fromRow: row)
        if finalKey.version != materialVersion || finalKey.k != k {
            finalKey = (materialVersion, k)
            finalFromRow = heightPixels
        }
        guard row < finalFromRow else { return }
        let fill = setup.sheet.fill
        let m = setup.sheet.material
        let overlay = (fill ?? m.tint).premultiplied.packed
        let veil = materialVeil(k: k), keep = 255 - k
        let from = row * sheetWidth, count = (finalFromRow - row) * sheetWidth
        let baseOffset = materialFromRow * sheetWidth
        materialBase.pixels.withUnsafeBufferPointer { src in
            material.pixels.withUnsafeMutableBufferPointer { dst in
                PixelRow.veilThenOver(src.baseAddress! + (from - baseOffset), keep, veil, top: overlay,
                                      into: dst.baseAddress! + from, count: count)
            }
        }
        finalFromRow = row
    }

    /// The dimming as the material sees it: saturated like the backdrop, at strength k.
    private func materialVeil(k: UInt32) -> UInt32 {
        var veil = Pixmap(width: 1, height: 1, fill: setup.sheet.dimming.color.premultiplied)
        if setup.sheet.fill == nil && setup.sheet.material.saturation != 1 { veil.saturate(setup.sheet.material.saturation) }
        return Pixel.scale(veil.pixels[0], k)
    }

    /// The blurred, saturated backdrop (or the plain one under a solid fill), for rows from `row` down.
    private func updateMaterialBase(fromRow row: Int) {
        if materialVersion == backgroundVersion && materialFromRow <= row { return }
        // A background that just changed is likely to change again: do only what this frame needs.
        // A still one gets the whole column once, and then every position of the sheet is a copy.
        let still = materialVersion == backgroundVersion || backgroundVersion <= 1 && materialVersion < 0
        let start = still ? 0 : row
        let m = setup.sheet.material
        let region = PixelRect(x: sheetX, y: start, width: sheetWidth, height: heightPixels - start)
        if setup.sheet.fill != nil {
            materialBase = background.cropped(region)
        } else if m.blur <= 0 {
            materialBase = background.cropped(region)
            if m.saturation != 1 { materialBase.saturate(m.saturation) }
        } else {
            // Saturation is fused into the blur, on its small grid, where it costs nothing.
            blur.blur(background, region: region, sigma: m.blur * Double(scale), saturation: m.saturation, into: &materialBase)
        }
        if materialVersion != backgroundVersion { finalKey = (-1, 0) }
        materialVersion = backgroundVersion
        materialFromRow = start
        materialRenders += 1
    }

    /// The material rows into the frame; the corner rows (and a fading sheet) blend with what the
    /// frame already holds there: the dimmed background and the shadow. With `cached` the rows come
    /// from the material cache; otherwise each is finished from the blurred backdrop as it is drawn.
    private func drawSheetBody(topRow: Int, alpha: UInt32, k: UInt32, cached: Bool) {
        let firstRow = max(0, topRow)
        let highlight: UInt32 = setup.sheet.fill == nil ? Pixel.scale(PremultipliedRGBA8.white.packed, 30) : 0
        let w = widthPixels, sw = sheetWidth, sx = sheetX
        let cornerRows = chrome.cornerRows
        let tint = (setup.sheet.fill ?? setup.sheet.material.tint).premultiplied.packed
        let veil = materialVeil(k: k)
        if rowBuffer.count != sw { rowBuffer = [UInt32](repeating: 0, count: sw) }
        let baseRow0 = materialFromRow
        material.pixels.withUnsafeBufferPointer { mat in
            materialBase.pixels.withUnsafeBufferPointer { base in
                rowBuffer.withUnsafeMutableBufferPointer { buffer in
                    frame.pixels.withUnsafeMutableBufferPointer { dst in
                        chrome.cornerMask.withUnsafeBufferPointer { corner in
                            for y in firstRow..<heightPixels {
                                let r = y - topRow
                                let drow = y * w + sx
                                let full = r >= cornerRows && alpha == 255
                                // This row of finished material.
                                let row: UnsafePointer<UInt32>
                                if cached {
                                    row = mat.baseAddress! + y * sw
                                } else {
                                    let target = full ? dst.baseAddress! + drow : buffer.baseAddress!
                                    PixelRow.veilThenOver(base.baseAddress! + (y - baseRow0) * sw, 255 - k, veil, top: tint,
                                                          into: target, count: sw)
                                    if full { continue }
                                    row = UnsafePointer(buffer.baseAddress!)
                                }
                                if full {
                                    (dst.baseAddress! + drow).update(from: row, count: sw)
                                    continue
                                }
                                for x in 0..<sw {
                                    var coverage = r < cornerRows ? UInt32(corner[r * sw + x]) : 255
                                    if alpha < 255 { coverage = (coverage * alpha + 127) / 255 }
                                    var p = coverage == 255 ? row[x] : Pixel.mix(dst[drow + x], row[x], coverage)
                                    // A hairline catches the light along the top edge, corners included.
                                    if highlight != 0 && r < cornerRows {
                                        let here = UInt32(corner[r * sw + x])
                                        let above = r > 0 ? UInt32(corner[(r - 1) * sw + x]) : 0
                                        let rim = here &- min(above, here)
                                        if rim > 0 { p = Pixel.over(Pixel.scale(highlight, (rim * alpha + 127) / 255), p) }
                                    }
                                    dst[drow + x] = p
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private func drawShadow(topRow: Int, alpha: UInt32) {
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

    // MARK: - Content

    private func drawContent(topRow: Int, offset: Double, alpha: UInt32) {
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
