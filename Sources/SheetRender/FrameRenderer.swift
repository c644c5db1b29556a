import Raster
import SheetKit

/// Turns sheet states into frames, at one scale, reusing everything that did not change.
///
/// A frame is built in stages. Each stage owns its pixels, allocated once and reused, and is keyed by a
/// struct naming its inputs (`StageCache`); a later stage reads an earlier one's pixels but never writes
/// or keeps them. The stages: the plain scene, drawn without its status bar and only when its state changes
/// (`plainScene`), so that it is the same at every recede level; the scene's status bar over its first rows at
/// level 0 (`statusBarRows`); the presenting view receded behind a classic modal sheet (`recededView`), with a
/// status bar of its own over the frame; the backdrop under the dimming
/// (`dimmedBackdrop`); the plain scene blurred in the sheet's column (`plainBlur`), its receded copy
/// (`recededBlur`) or the unblurred column (`backdropColumn`); and the finished material, copied row by
/// row as the sheet moves (`material`). The shadow, corners and content are made once per renderer
/// (`SheetChrome`, `ContentLayer`).
public final class FrameRenderer {
    public let setup: SheetSetup
    public let scale: Int
    public let widthPixels: Int
    public let heightPixels: Int
    public internal(set) var frame: Pixmap
    public let scene: any BackgroundScene
    let theme: SheetTheme
    let content: ContentLayer
    /// The surface's colours and optics.
    let look: SheetLook
    /// The outline's optics in pixels, and the outline bands already computed.
    let optics: OutlineOptics
    var chrome: SheetChrome
    let blur = BlurWorkspace()
    let sheetX: Int
    let sheetWidth: Int

    // One stage per output, each owning its pixels and keyed by its inputs: see `StageCache`.
    /// The scene as drawn, over the whole canvas.
    var plainScene = StageCache<SceneKey, Pixmap>(Pixmap(width: 0, height: 0))
    /// The backdrop behind the sheet this frame: the plain scene at recede level 0, else the receded view.
    var backdrop = BackdropKey(sceneGeneration: 0, recedeLevel: 0)
    /// The plain scene's first rows with the scene's own status bar over them: the status bar as a layer over a scene
    /// drawn without it, at recede level 0 (FrameRenderer+Backdrop).
    var statusBarRows = StageCache<StatusBarKey, Pixmap>(Pixmap(width: 0, height: 0))
    /// What the plain scene was last drawn for.
    var sceneContext: SceneContext?
    /// How many rows of the plain scene its last drawing wrote (a picture of the sheets below copies only those that
    /// changed), for tests.
    var sceneRowsDrawn = 0
    /// The presenting view receded behind the sheet, over the whole canvas (FrameRenderer+Recede).
    var recededView = RecededView()
    /// The backdrop under the dimming.
    var dimmedBackdrop: DimmedBackdropCache
    /// The plain scene blurred in the sheet's column.
    var plainBlur: BlurredBackdropCache
    /// The plain blur drawn receded, in the sheet's column (FrameRenderer+Recede).
    var recededBlur = RecededBlur()
    /// The backdrop's column unblurred: under a solid fill or an unblurred material.
    var backdropColumn: BlurredBackdropCache
    /// Which of the three column stages the material is made from this frame.
    var blurSource = BlurSource.plain
    /// The finished material: the blurred backdrop, dimmed and tinted.
    var material: MaterialCache
    /// The rows of the frame that still hold the dimmed backdrop from the last frame.
    var frameBackdrop = FrameBackdrop()
    /// Scratch for one row of material being finished straight into the frame.
    var rowBuffer: [UInt32] = []
    /// Whether the resting shapes' outlines have been prepared (after the first frame).
    var restingOutlinesPrepared = false
    /// Whether `render` prepares the resting shapes' outlines right after its first frame (the default). The window turns
    /// it off so that its first frame is shown sooner, and calls `prepareForMotion` once it is shown.
    public var preparesAfterFirstFrame = true
    /// Per canvas row of the content, the columns opaque content covers (pairs; see `coverContent`).
    var contentCover: [Int32] = []
    /// Whether the body pass leaves out the body under opaque content (off only in tests, to compare).
    var skipsBodyUnderContent = true
    /// The body rows a lensed edge reads, kept while the body pass moves down past them (`sheetlab_body_pass.ring`).
    var lensRing: [UInt32] = []
    /// Scratch for one row of content clipped by the outline's coverage.
    var contentRow: [UInt32] = []
    /// Scratch for the receded view's rows: one source row's width of pixels, one output row of coverage.
    var recedeScratch: [UInt32] = []
    var recedeCoverage: [UInt8] = []
    /// The dimming colour as the material sees it (`materialDimming`), at full strength.
    let materialDimming: UInt32
    /// The status bar in light and in dark ink over transparency, and the rows its ink covers, made on first use
    /// (DisplayCorners).
    lazy var statusBars = StatusBarInk(width: widthPixels, height: heightPixels, canvas: setup.canvas, scale: scale, text: text)
    /// The display's corner coverage, made on first use.
    var displayCorners: DisplayCornerMask?
    let text: TextEngine
    /// The keyboard's look on this canvas, and its picture, drawn on first use (FrameRenderer+Keyboard).
    let keyboardLook: KeyboardLook
    var keyboardArt: (look: KeyboardLook, pixmap: Pixmap)?

    // Set once, by the renderer of a stack (`StackRenderer`), before the first frame.
    /// Whether the view behind recedes when the setup says so: off for a sheet over a sheet, whose backdrop is a
    /// picture of the sheets below, posed by the stack's rule (`StackLayout`), never receded as a whole.
    var recedesBackdrop = true
    /// Whether the frame gets the display's corners when the canvas asks: off where the stack puts them on its frame.
    var appliesDisplayCorners = true
    /// Whether the sheet is drawn: off for the backdrop alone (the dimmed, receded view behind it), which a stack
    /// lifts the sheet off when it moves it.
    var drawsSheet = true
    /// Times each stage of a frame when set (`sheetlab bench`'s breakdown); nil, the default, times nothing.
    public var stageClock: StageClock?

    public init(setup: SheetSetup, scale: Int, text: TextEngine, scene: any BackgroundScene, images: [String: Pixmap] = [:]) {
        self.setup = setup
        self.scale = scale
        self.scene = scene
        let s = Double(scale)
        widthPixels = Int((setup.canvas.width * s).rounded())
        heightPixels = Int((setup.canvas.height * s).rounded())
        sheetX = Int((setup.sheetX * s).rounded())
        sheetWidth = min(Int((setup.sheetWidth * s).rounded()), widthPixels - sheetX)
        theme = SheetTheme(config: setup.config)
        content = ContentLayer(setup: setup, scale: scale, text: text, images: images, theme: theme)
        look = SheetLook(setup: setup)
        optics = SheetChrome.optics(setup: setup, look: look, scale: scale)
        chrome = SheetChrome()
        frame = Pixmap(width: widthPixels, height: heightPixels)
        materialDimming = Self.materialDimming(setup)
        // The stages get their pixels when a frame first fills them: a one-off render (a snapshot, a PNG)
        // never touches most of them.
        dimmedBackdrop = DimmedBackdropCache(Pixmap(width: 0, height: 0))
        plainBlur = BlurredBackdropCache(Pixmap(width: 0, height: 0))
        backdropColumn = BlurredBackdropCache(Pixmap(width: 0, height: 0))
        material = MaterialCache(Pixmap(width: 0, height: 0))
        self.text = text
        keyboardLook = KeyboardLook(setup: setup, scale: scale)
    }

    /// Draws `visual` into `frame`: the sheet exactly as `setup.shape(atHeight: visual.height)` outlines it.
    public func render(_ visual: SheetVisual) {
        let s = Double(scale)
        defer {
            finishFrame(visual)
            // After the first frame (which draws the scene and its blur, and so is slow anyway), the outline of every
            // detent's resting shape, so that the first settle onto any detent does not stop to compute its bands.
            if !restingOutlinesPrepared && drawsSheet && preparesAfterFirstFrame {
                restingOutlinesPrepared = true
                timed(.prepare) { prepareRestingOutlines() }
            }
        }
        timed(.scene) { updateScene(visual) }

        // Rows from `cut` down are under the opaque keyboard: nothing below draws them (heightPixels without one).
        let cut = keyboardCut(visual)
        let k = Pixel.factor(visual.dim)
        let shape = SheetOutline.pixelAligned(setup.shape(atHeight: visual.height), scale: scale)
        let topRow = Int((shape.frame.y * s).rounded())
        guard drawsSheet, visual.height > 0, topRow < heightPixels else {
            timed(.backdrop) { drawBackdrop(k: k, rows: cut) }
            return
        }
        let outline = timed(.outline) {
            SheetOutline(shape: shape, setup: setup, scale: scale, widthPixels: widthPixels, heightPixels: heightPixels,
                         optics: optics(for: shape), cache: &chrome.outlines)
        }
        // 1. The (dimmed) background above everything the outline touches; below, the body pass draws it
        //    wherever the sheet does not cover a row.
        let clear = min(cut, max(0, outline.firstRow))
        timed(.backdrop) { drawBackdrop(k: k, rows: clear) }
        let alpha = Pixel.factor(visual.alpha)
        let opacity = look.turnsOpaque ? Pixel.factor(shape.opacity) : 0

        // 2. The sheet: its shadow, material (glass: lensed, rimmed, turning opaque) and edges, row by row.
        let visibleTop = max(0, topRow)
        var cached = false
        if opacity < 255 {
            timed(.blur) { updateBlurredBackdrop(fromRow: visibleTop) }
            // A material seen two frames running is kept; a one-off (a background that changes every
            // frame, a dimming on the move) is computed row by row straight into the frame.
            let key = MaterialKey(blur: blurredBackdropKey, strength: k)
            cached = material.askedTwiceRunning(key)
            if cached { timed(.material) { updateMaterial(key, fromRow: visibleTop) } }
        }
        let (placement, covered) = timed(.content) {
            content.show(fields: visual.fields)
            let placement = placeContent(outline, shape: shape, offset: visual.contentOffset, alpha: alpha, cut: cut)
            return (placement, coverContent(placement, outline: outline))
        }
        timed(.body) {
            drawSheetBody(outline, fromRow: clear, toRow: cut, alpha: alpha, k: k, cached: cached, opacity: opacity, covered: covered)
        }

        // 3. Content, clipped by the sheet's shape (glass: fading out under the grabber), then the grabber.
        timed(.content) { drawContent(outline, placement: placement) }
        let grabber = setup.sheet.grabber
        if grabber.visible {
            stageClock?.begin(.grabber)
            defer { stageClock?.end() }
            let w = grabber.width * s, h = grabber.height * s
            let x = (shape.frame.x + shape.frame.width / 2) * s - w / 2
            frame.fillCapsule(RectF(x: x, y: Double(topRow) + grabber.top * s, width: w, height: h),
                              theme.grabber.premultiplied.scaled(by: visual.alpha))
        }
    }

    /// The outline's optics for `shape`. Glass turning opaque loses its shadow with its glass: iOS 26's opaque large sheet
    /// casts none (the dimmed view reads the same right up to its top edge, 3× screenshots); an iPad form sheet keeps its
    /// shadow. In 16 steps, so a drag reuses the outline bands.
    func optics(for shape: SheetShape) -> OutlineOptics {
        var frameOptics = optics
        if look.turnsOpaque && optics.shadowAlpha > 0 && setup.presentation != .formSheet {
            frameOptics.shadowAlpha = (optics.shadowAlpha * (1 - (shape.opacity * 16).rounded() / 16)).rounded()
        }
        return frameOptics
    }

    /// Prepares, between frames, what the first frames of a sheet on the move would otherwise stop for: the scene's
    /// (`BackgroundScene.prepareForMotion`), the outline bands of every detent's resting shape, and the pixels of the
    /// stages a drag fills (the kept dimmed backdrop and the kept material), allocated and touched. Changes no pixel of any frame; does nothing the second time. The window calls it
    /// once its first frame is shown, and the bench after its untimed first frame, as the window would.
    public func prepareForMotion() {
        scene.prepareForMotion()
        guard drawsSheet else { return }
        if !restingOutlinesPrepared {
            restingOutlinesPrepared = true
            prepareRestingOutlines()
        }
        if dimmedBackdrop.value.width != widthPixels { dimmedBackdrop.value = Pixmap(width: widthPixels, height: heightPixels) }
        if material.value.width != sheetWidth { material.value = Pixmap(width: sheetWidth, height: heightPixels) }
    }

    /// Computes (or finds kept) the outline bands of the sheet resting at each detent.
    func prepareRestingOutlines() {
        for detent in setup.detents where detent.height > 0 {
            let shape = SheetOutline.pixelAligned(setup.shape(atHeight: detent.height), scale: scale)
            _ = SheetOutline(shape: shape, setup: setup, scale: scale, widthPixels: widthPixels, heightPixels: heightPixels,
                             optics: optics(for: shape), cache: &chrome.outlines)
        }
    }

    // MARK: - Content

    /// Where the content layer lands on this frame: its rows on the canvas and how each is drawn. Made before the body
    /// pass, which leaves out the body that opaque content will cover, and used by `drawContent`.
    struct ContentPlacement {
        let topRow: Int, layerX: Int, layerTop: Int, rows: Range<Int>, fade: Double, alpha: UInt32
        /// The layer's rows and their ink spans, read once a frame.
        let layerRows: Int, spans: [Range<Int>?]

        /// How content row y is drawn: its span on the canvas, its strength, and whether the outline clips it; nil
        /// where nothing is drawn.
        func mode(_ y: Int, outline: SheetOutline, width w: Int) -> (ly: Int, x0: Int, x1: Int, k: UInt32, clipped: Bool)? {
            let ly = y - layerTop
            guard ly >= 0, ly < layerRows, let span = spans[ly] else { return nil }
            // The span on the canvas, within the canvas.
            let x0 = max(layerX + span.lowerBound, 0), x1 = min(layerX + span.upperBound, w)
            guard x0 < x1 else { return nil }
            var k = alpha
            if fade > 0 {
                let t = min(1, max(0, (Double(y - topRow) + 0.5) / fade))
                k = (k * Pixel.factor(t * t * (3 - 2 * t)) + 127) / 255
            }
            if k == 0 { return nil }
            // Where the outline cuts the row (the corners, the bottom edge), its coverage clips the ink.
            guard let (band, row) = outline.band(at: y) else { return nil }
            let clipped = band.coverage(x: x0, row: row) < 255 || band.coverage(x: x1 - 1, row: row) < 255
                || (band.middle[row].coverage < 255 && band.rightColumns.lowerBound > band.leftColumns.upperBound)
            return (ly, x0, x1, k, clipped)
        }
    }

    /// Places the content layer for this frame, drawing the window of it the frame shows if it is not drawn yet.
    func placeContent(_ outline: SheetOutline, shape: SheetShape, offset: Double, alpha: UInt32, cut: Int? = nil) -> ContentPlacement? {
        guard content.totalHeight > 0 else { return nil }
        let s = Double(scale)
        let topRow = outline.topRow
        let contentTop = topRow + Int((setup.bandHeight * s).rounded()) - Int((offset * s).rounded())
        let layerX = Int(((setup.contentX(in: shape) - ContentLayout.sideInset) * s).rounded())
        let firstRow = max(0, topRow, contentTop)
        let lastRow = min(cut ?? heightPixels, contentTop + content.totalHeight, Int(outline.field.bottom.rounded(.up)))
        guard firstRow < lastRow else { return nil }
        // The content layer holds a window of the content: the rows this frame shows, drawn if they are not yet.
        content.ensure((firstRow - contentTop)..<(lastRow - contentTop))
        return ContentPlacement(topRow: topRow, layerX: layerX, layerTop: contentTop + content.top, rows: firstRow..<lastRow,
                                fade: look.scrollEdgeFade * s, alpha: alpha, layerRows: content.pixmap.height, spans: content.spans)
    }

    /// Per canvas row of `placement`, the columns its content copies opaque over the body (`contentCover`, pairs from
    /// `placement.rows.lowerBound`): the body pass need not draw them.
    func coverContent(_ placement: ContentPlacement?, outline: SheetOutline) -> Range<Int> {
        guard let placement, skipsBodyUnderContent else { return 0..<0 }
        let rows = placement.rows
        if contentCover.count < 2 * rows.count { contentCover = [Int32](repeating: 0, count: 2 * heightPixels) }
        let widest = content.widestOpaque, w = widthPixels
        contentCover.withUnsafeMutableBufferPointer { cover in
            for y in rows {
                var a = 0, b = 0
                if let m = placement.mode(y, outline: outline, width: w), !m.clipped, m.k == 255 {
                    let run = widest[m.ly]
                    a = max(placement.layerX + Int(run.lowerBound), m.x0)
                    b = max(a, min(placement.layerX + Int(run.upperBound), m.x1))
                }
                cover[2 * (y - rows.lowerBound)] = Int32(a)
                cover[2 * (y - rows.lowerBound) + 1] = Int32(b)
            }
        }
        return rows
    }

    /// The content layer from the sheet's own top edge down, through the outline's coverage, faded toward the
    /// top edge over `look.scrollEdgeFade` (glass).
    func drawContent(_ outline: SheetOutline, placement: ContentPlacement?) {
        guard let placement else { return }
        let layer = content.pixmap
        let w = widthPixels, lw = layer.width, layerX = placement.layerX
        if contentRow.count < lw { contentRow = [UInt32](repeating: 0, count: lw) }
        let inkRuns = content.inkRuns, rowRuns = content.rowRuns
        layer.pixels.withUnsafeBufferPointer { src in
            frame.pixels.withUnsafeMutableBufferPointer { dst in
                contentRow.withUnsafeMutableBufferPointer { tmp in
                    for y in placement.rows {
                        guard let (ly, x0, x1, k, clipped) = placement.mode(y, outline: outline, width: w) else { continue }
                        let from = src.baseAddress! + ly * lw + (x0 - layerX), to = dst.baseAddress! + y * w + x0
                        let n = x1 - x0
                        if clipped {
                            guard let (band, row) = outline.band(at: y) else { continue }
                            for i in 0..<n {
                                let c = (UInt32(band.coverage(x: x0 + i, row: row)) * k + 127) / 255
                                tmp[i] = c == 0 ? 0 : Pixel.scale(from[i], c)
                            }
                            PixelRow.over(UnsafePointer(tmp.baseAddress!), onto: to, count: n)
                        } else {
                            // The row's ink runs within the span: opaque ones copied (at full strength), the rest
                            // composited; the transparent gaps between them left alone.
                            let base = src.baseAddress! + ly * lw, out = dst.baseAddress! + y * w + layerX
                            for i in rowRuns[ly]..<rowRuns[ly + 1] {
                                let run = inkRuns[i]
                                let a = max(Int(run.start), x0 - layerX), b = min(Int(run.end), x1 - layerX)
                                guard a < b else { continue }
                                if k < 255 {
                                    PixelRow.over(base + a, opacity: k, onto: out + a, count: b - a)
                                } else if run.opaque {
                                    (out + a).update(from: base + a, count: b - a)
                                } else {
                                    PixelRow.over(base + a, onto: out + a, count: b - a)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
