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
    /// The last tap the background received.
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
                  tap: engine.lastBackgroundTap.map { TapMark(x: $0.point.x, y: $0.point.y, ageMS: engine.time - $0.time) })
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
    private var dimmedKey: (version: Int, k: UInt32) = (-1, 0)
    private var dimmedRows = 0

    /// The blurred, saturated backdrop behind the sheet's column, valid from `materialFromRow` down.
    private var materialBase: Pixmap
    private var materialVersion = -1
    private var materialFromRow = Int.max
    /// The finished material for one dimming strength, valid from `finalFromRow` down.
    private var material: Pixmap
    private var finalKey: (version: Int, k: UInt32) = (-1, 0)
    private var finalFromRow = Int.max

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
        materialBase = Pixmap(width: sheetWidth, height: heightPixels)
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
        let backdropRows = !sheetShown ? heightPixels : (fullWidth ? min(heightPixels, visibleTop + chrome.cornerRows) : heightPixels)
        let under = dimmedBackground(k: k, rows: backdropRows)

        // 1. The (dimmed) background wherever the sheet may not cover it.
        copyRows(from: under, rows: 0..<backdropRows)

        guard sheetShown else { return }
        let alpha = Pixel.factor(visual.alpha)

        // 2. The shadow, over the background just above the sheet.
        drawShadow(topRow: topRow, alpha: alpha)

        // 3. The sheet: material rows, with the corners blended over what is behind.
        updateMaterial(fromRow: visibleTop, k: k)
        drawSheetBody(topRow: topRow, under: under, alpha: alpha)

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
        if let previous = sceneContext, previous.sameStill(as: context), !scene.isAnimating(previous) { return }
        scene.render(context, into: &background)
        sceneContext = context
        backgroundVersion += 1
        sceneRenders += 1
    }

    /// The background with the dimming over it, computed for at least `rows` rows and cached by strength.
    private func dimmedBackground(k: UInt32, rows: Int) -> Pixmap {
        if k == 0 { return background }
        if dimmedKey.version != backgroundVersion || dimmedKey.k != k {
            dimmedKey = (backgroundVersion, k)
            dimmedRows = 0
        }
        if rows > dimmedRows {
            let veil = Pixel.scale(setup.sheet.dimming.color.premultiplied.packed, k)
            let keep = 255 - k
            let from = dimmedRows * widthPixels, to = rows * widthPixels
            background.pixels.withUnsafeBufferPointer { src in
                dimmed.pixels.withUnsafeMutableBufferPointer { dst in
                    for i in from..<to { dst[i] = Pixel.scale(src[i], keep) &+ veil }
                }
            }
            dimmedRows = rows
        }
        return dimmed
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
        var veilPixmap = Pixmap(width: 1, height: 1, fill: setup.sheet.dimming.color.premultiplied)
        if fill == nil && m.saturation != 1 { veilPixmap.saturate(m.saturation) }
        let veil = Pixel.scale(veilPixmap.pixels[0], k), keep = 255 - k
        let from = row * sheetWidth, to = finalFromRow * sheetWidth
        materialBase.pixels.withUnsafeBufferPointer { src in
            material.pixels.withUnsafeMutableBufferPointer { dst in
                if k == 0 {
                    for i in from..<to { dst[i] = Pixel.over(overlay, src[i]) }
                } else {
                    for i in from..<to { dst[i] = Pixel.over(overlay, Pixel.scale(src[i], keep) &+ veil) }
                }
            }
        }
        finalFromRow = row
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
        var source: Pixmap
        if setup.sheet.fill != nil || m.blur <= 0 {
            source = background.cropped(region)
        } else {
            source = blur.blur(background, region: region, sigma: m.blur * Double(scale))
        }
        if setup.sheet.fill == nil && m.saturation != 1 { source.saturate(m.saturation) }
        source.pixels.withUnsafeBufferPointer { src in
            materialBase.pixels.withUnsafeMutableBufferPointer { dst in
                (dst.baseAddress! + start * sheetWidth).update(from: src.baseAddress!, count: src.count)
            }
        }
        if materialVersion != backgroundVersion { finalKey = (-1, 0) }
        materialVersion = backgroundVersion
        materialFromRow = start
        materialRenders += 1
    }

    private func drawSheetBody(topRow: Int, under: Pixmap, alpha: UInt32) {
        let firstRow = max(0, topRow)
        let highlight: UInt32 = setup.sheet.fill == nil ? Pixel.scale(PremultipliedRGBA8.white.packed, 30) : 0
        let w = widthPixels, sw = sheetWidth, sx = sheetX
        let cornerRows = chrome.cornerRows
        material.pixels.withUnsafeBufferPointer { mat in
            under.pixels.withUnsafeBufferPointer { bg in
                frame.pixels.withUnsafeMutableBufferPointer { dst in
                    chrome.cornerMask.withUnsafeBufferPointer { corner in
                        for y in firstRow..<heightPixels {
                            let r = y - topRow
                            let drow = y * w + sx, mrow = y * sw
                            if r >= cornerRows && alpha == 255 {
                                (dst.baseAddress! + drow).update(from: mat.baseAddress! + mrow, count: sw)
                                continue
                            }
                            for x in 0..<sw {
                                var coverage = r < cornerRows ? UInt32(corner[r * sw + x]) : 255
                                if alpha < 255 { coverage = (coverage * alpha + 127) / 255 }
                                var p = coverage == 255 ? mat[mrow + x] : Pixel.mix(bg[drow + x], mat[mrow + x], coverage)
                                // A hairline catches the light along the top edge, corners included.
                                if highlight != 0 && r < cornerRows {
                                    let above = r > 0 ? UInt32(corner[(r - 1) * sw + x]) : 0
                                    let rim = UInt32(corner[r * sw + x]) &- min(above, UInt32(corner[r * sw + x]))
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

    private func drawShadow(topRow: Int, alpha: UInt32) {
        guard chrome.shadowRows > 0 else { return }
        // The mask carries the shadow's alpha; the opaque colour is scaled by it per pixel.
        let c = setup.sheet.shadow!.color
        let base = StraightRGBA8(c.red, c.green, c.blue, 255).packed
        let w = widthPixels
        let sw = chrome.shadowWidth
        let y0 = topRow + chrome.shadowTop
        let x0 = sheetX + chrome.shadowLeft
        chrome.shadowMask.withUnsafeBufferPointer { mask in
            frame.pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<chrome.shadowRows {
                    let y = y0 + row
                    guard y >= 0, y < heightPixels else { continue }
                    for col in 0..<sw {
                        let x = x0 + col
                        guard x >= 0, x < w else { continue }
                        var a = UInt32(mask[row * sw + col])
                        if a == 0 { continue }
                        if alpha < 255 { a = (a * alpha + 127) / 255 }
                        dst[y * w + x] = Pixel.over(Pixel.scale(base, a), dst[y * w + x])
                    }
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
                    let drow = y * w + sx, lrow = ly * lw
                    for x in span {
                        var p = src[lrow + x]
                        if p == 0 { continue }
                        if alpha < 255 { p = Pixel.scale(p, alpha) }
                        dst[drow + x] = Pixel.over(p, dst[drow + x])
                    }
                }
            }
        }
    }
}
