import Raster
import SheetKit

/// The sheet's content drawn into a transparent layer as wide as the sheet, at one scale. Frames composite the
/// visible part of it; only rows with ink are touched.
///
/// The layer holds a window of the content, never all of it: at most twice the canvas's height in rows, so memory
/// is bounded by what the sheet can show at any scale (100 spacers of 10,000 pt, 20,000 rows or one text of
/// 250,000 characters once asked for gigabytes). Content no taller than the window is drawn whole, once; taller
/// content is drawn again, from the laid-out elements that meet the window, when a frame scrolls outside it.
public final class ContentLayer {
    /// The window's pixels: content rows `top ..< top + pixmap.height`.
    public private(set) var pixmap: Pixmap
    /// For each row of the window, the span of columns with ink, or nil for an empty row.
    public private(set) var spans: [Range<Int>?]
    /// For each row of the window, its ink as runs (`inkRuns[rowRuns[y] ..< rowRuns[y + 1]]`): each either opaque,
    /// to be copied, or to be composited; the transparent gaps between them are skipped.
    public private(set) var inkRuns: [InkRun] = []
    public private(set) var rowRuns: [Int] = [0]
    /// For each row of the window, its widest opaque run (empty where it has none): the columns a frame copies over
    /// whatever is under them.
    public private(set) var widestOpaque: [Range<Int32>] = []

    /// Columns [start, end) of a row of the layer, all opaque or not.
    public struct InkRun: Equatable, Sendable {
        public var start: Int32
        public var end: Int32
        public var opaque: Bool
    }
    /// The content row (in pixels from the content's top) of the window's first row.
    public private(set) var top = 0
    /// The whole content's height in pixels.
    public let totalHeight: Int
    /// How many times the window was drawn (tests).
    public private(set) var draws = 0
    /// The text fields' state the window was drawn with (`SheetVisual.fields`): part of what the layer is made from,
    /// so typing and the caret's blink draw it again, and a still frame does not.
    public private(set) var fields: [Int: FieldVisual] = [:]

    let setup: SheetSetup
    let scale: Int
    let text: TextEngine
    let images: [String: Pixmap]
    let theme: SheetTheme
    let width: Int
    let windowHeight: Int

    /// Lays out `setup`'s content at `scale`, using real text and the given images (by config path), and draws
    /// its first window. `windowRows` bounds the window (by default twice the canvas's height in pixels).
    public init(setup: SheetSetup, scale: Int, text: TextEngine, images: [String: Pixmap], theme: SheetTheme,
                windowRows: Int? = nil) {
        let s = Double(scale)
        self.setup = setup; self.scale = scale; self.text = text; self.images = images; self.theme = theme
        width = Int((setup.sheetWidth * s).rounded())
        let contentRows = setup.layout.contentHeight * s
        totalHeight = contentRows.isFinite ? max(0, Int(min(contentRows.rounded(.up), Double(Int32.max)))) : 0
        let canvasRows = Int((setup.canvas.height * s).rounded())
        windowHeight = min(totalHeight, max(1, windowRows ?? 2 * max(canvasRows, 1)))
        pixmap = Pixmap(width: 0, height: 0)
        spans = []
        draw(from: 0)
    }

    /// Draws the window again for the text fields' state `fields` when it is not what the window shows: only the rows
    /// of the fields that changed when nothing else has ink there (typing and the caret's blink touch a field's rows,
    /// not the whole window), else the whole window.
    public func show(fields new: [Int: FieldVisual]) {
        guard new != fields else { return }
        let changed = Set(new.keys).union(fields.keys).filter { new[$0] != fields[$0] }.sorted()
        fields = new
        for index in changed where !redrawField(index) {
            redrawWindow()
            return
        }
    }

    /// How many times a field alone was drawn again (tests).
    public private(set) var fieldDraws = 0

    /// Draws the whole window again, as it is (tests compare a field drawn alone with it).
    func redrawWindow() { draw(from: top) }

    /// Draws text field `index` again in its own rows: false (nothing drawn) when its rows are not wholly in the window
    /// or another element's ink may reach them.
    private func redrawField(_ index: Int) -> Bool {
        guard index < setup.sheet.content.count, case .textField(let field) = setup.sheet.content[index] else { return false }
        let s = Double(scale), layout = setup.layout, f = layout.frames[index]
        let first = Int((f.y * s).rounded(.down)) - top, last = Int((f.maxY * s).rounded(.up)) - top
        guard first >= 0, last <= pixmap.height, first < last else { return false }
        // A row either side, for the fill's anti-aliased edges.
        let rows = max(0, first - 1)..<min(pixmap.height, last + 1)
        // Room for ink that overhangs another element's frame (glyphs, strokes, hairlines).
        let margin = 4.0
        for (i, g) in layout.frames.enumerated() where i != index && g.height > 0 {
            if case .spacer = setup.sheet.content[i] { continue }
            if g.y - margin < f.maxY + 1 / s && g.maxY + margin > f.y - 1 / s { return false }
        }
        draws += 1
        fieldDraws += 1
        let w = pixmap.width
        pixmap.pixels.withUnsafeMutableBufferPointer { px in
            (px.baseAddress! + rows.lowerBound * w).update(repeating: 0, count: rows.count * w)
        }
        let painter = Painter(scale: scale, text: text, originY: top)
        painter.field(field, state: fields[index], font: layout.fonts[index] ?? layout.typography.font(TextStyle.body), theme: theme,
                      in: Rect(x: ContentLayout.sideInset + f.x, y: f.y, width: f.width, height: f.height), into: &pixmap)
        for y in rows { spans[y] = Self.span(of: pixmap, row: y) }
        let (runs, starts) = Self.runs(of: pixmap, spans: spans, rows: rows)
        let a = rowRuns[rows.lowerBound], b = rowRuns[rows.upperBound]
        inkRuns.replaceSubrange(a..<b, with: runs)
        let delta = runs.count - (b - a)
        for (i, y) in rows.enumerated() { rowRuns[y] = a + starts[i] }
        for y in rows.upperBound...pixmap.height { rowRuns[y] += delta }
        for y in rows { widestOpaque[y] = widest(y) }
        return true
    }

    /// The span of columns of row `y` of `p` with ink, or nil.
    static func span(of p: Pixmap, row y: Int) -> Range<Int>? {
        let row = p.pixels[y * p.width..<(y + 1) * p.width]
        guard let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) else { return nil }
        return (first - y * p.width)..<(last - y * p.width + 1)
    }

    /// Row y's widest opaque run.
    private func widest(_ y: Int) -> Range<Int32> {
        var widest: Range<Int32> = 0..<0
        for run in inkRuns[rowRuns[y]..<rowRuns[y + 1]] where run.opaque && run.end - run.start > Int32(widest.count) {
            widest = run.start..<run.end
        }
        return widest
    }

    /// Makes content rows `rows` available in `pixmap`, drawing the window again around them when they are not.
    public func ensure(_ rows: Range<Int>) {
        let wanted = rows.clamped(to: 0..<totalHeight)
        guard !wanted.isEmpty, wanted.lowerBound < top || wanted.upperBound > top + pixmap.height else { return }
        // The wanted rows in the window's middle, so that a scroll either way stays inside it for a while.
        let slack = max(0, windowHeight - wanted.count) / 2
        draw(from: min(max(0, wanted.lowerBound - slack), totalHeight - windowHeight))
    }

    /// Draws content rows `first ..< first + windowHeight`: every element that meets them (all of them when the
    /// window holds the whole content), offset by `first`.
    private func draw(from first: Int) {
        draws += 1
        top = first
        let s = Double(scale)
        let layout = setup.layout
        var p = Pixmap(width: max(width, 0), height: windowHeight)
        let originX = ContentLayout.sideInset
        let painter = Painter(scale: scale, text: text, originY: first)
        let whole = first == 0 && windowHeight == totalHeight
        // The window in points, with room for ink that overhangs an element's frame (glyphs, strokes).
        let margin = 64.0
        let visible = (Double(first) / s - margin)...(Double(first + windowHeight) / s + margin)
        func meets(_ y: Double, _ height: Double) -> Bool { whole || (y <= visible.upperBound && y + height >= visible.lowerBound) }

        for (index, element) in setup.sheet.content.enumerated() {
            let f = layout.frames[index]
            let frame = Rect(x: originX + f.x, y: f.y, width: f.width, height: f.height)
            guard meets(frame.y, frame.height) else { continue }
            switch element {
            case .title(let t), .text(let t):
                let isTitle: Bool = { if case .title = element { return true } else { return false } }()
                let font = layout.fonts[index] ?? (isTitle ? TextStyle.title : TextStyle.body).font
                let color = t.color ?? (isTitle ? theme.primary : theme.secondary)
                var block = frame
                block.y += layout.textTops[index] ?? 0
                let lines = layout.lines[index] ?? [t.text]
                // Only the lines that meet the window.
                var range = lines.indices
                if !whole, font.lineHeight > 0 {
                    let from = Int(max(0, ((visible.lowerBound - block.y) / font.lineHeight).rounded(.down)))
                    let to = Int(max(0, min(Double(lines.count), ((visible.upperBound - block.y) / font.lineHeight).rounded(.up) + 1)))
                    range = min(from, lines.count)..<max(min(from, lines.count), to)
                }
                painter.lines(lines, range, font: font, align: t.align, color: color, in: block, into: &p)
            case .button(let b):
                painter.button(b, lines: layout.lines[index] ?? [b.title],
                               font: layout.fonts[index] ?? ContentLayout.font(of: b, typography: layout.typography),
                               theme: theme, in: frame, into: &p)
            case .spacer:
                break
            case .textField(let field):
                painter.field(field, state: fields[index], font: layout.fonts[index] ?? layout.typography.font(TextStyle.body),
                              theme: theme, in: frame, into: &p)
            case .image(let i):
                painter.image(images[i.path], cornerRadius: i.cornerRadius, theme: theme, in: frame, into: &p)
            case .row(let r):
                painter.card(frame, theme: theme, into: &p)
                if let rowLayout = layout.rows[index]?.first {
                    painter.row(r, rowLayout, theme: theme, in: frame, into: &p)
                }
            case .list(let l):
                let rowLayouts = layout.rows[index] ?? []
                var y = frame.y
                if let header = layout.headers[index] {
                    let h = frame.height - rowLayouts.reduce(0) { $0 + $1.height }
                    painter.header(header, theme: theme, in: Rect(x: frame.x, y: y, width: frame.width, height: h), into: &p)
                    y += h
                }
                painter.card(Rect(x: frame.x, y: y, width: frame.width, height: frame.maxY - y), theme: theme, into: &p)
                for (i, row) in l.rows.enumerated() where i < rowLayouts.count {
                    let h = rowLayouts[i].height
                    if meets(y, h) {
                        let rowFrame = Rect(x: frame.x, y: y, width: frame.width, height: h)
                        painter.row(row, rowLayouts[i], theme: theme, in: rowFrame, into: &p)
                        if i < l.rows.count - 1 {
                            let inset = rowLayouts[i].textX
                            painter.hairline(x: frame.x + inset, y: y + h, width: frame.width - inset, color: theme.separator, into: &p)
                        }
                    }
                    y += h
                    if !whole && y > visible.upperBound { break }
                }
            }
        }
        pixmap = p
        spans = (0..<p.height).map { Self.span(of: p, row: $0) }
        (inkRuns, rowRuns) = Self.runs(of: p, spans: spans)
        widestOpaque = (0..<p.height).map(widest)
    }

    /// The ink of each row of `p` as runs: opaque runs of at least `minimumOpaque` pixels, and composited runs of
    /// everything else, split where at least `minimumGap` transparent pixels lie between ink. Any split gives the same
    /// bytes (an opaque pixel composited is itself, a transparent one leaves the pixel under it): runs only save work.
    /// `rows` (all by default): the runs of those rows, and where each row's start in them (one more than the rows).
    static func runs(of p: Pixmap, spans: [Range<Int>?], rows: Range<Int>? = nil, minimumOpaque: Int = 16,
                     minimumGap: Int = 16) -> ([InkRun], [Int]) {
        var runs: [InkRun] = [], starts = [0]
        let rows = rows ?? 0..<p.height
        starts.reserveCapacity(rows.count + 1)
        p.pixels.withUnsafeBufferPointer { px in
            for y in rows {
                defer { starts.append(runs.count) }
                guard let span = spans[y] else { continue }
                let row = px.baseAddress! + y * p.width
                var x = span.lowerBound
                var open: (start: Int, opaque: Bool)?
                func close(_ end: Int) {
                    if let o = open, end > o.start { runs.append(InkRun(start: Int32(o.start), end: Int32(end), opaque: o.opaque)) }
                    open = nil
                }
                while x < span.upperBound {
                    let a = row[x] >> 24
                    if row[x] == 0 {
                        var e = x
                        while e < span.upperBound && row[e] == 0 { e += 1 }
                        if e - x >= minimumGap { close(x) } else if open == nil || open!.opaque {
                            close(x); open = (x, false)
                        }
                        x = e
                        continue
                    }
                    if a == 255 {
                        var e = x
                        while e < span.upperBound && row[e] >> 24 == 255 { e += 1 }
                        if e - x >= minimumOpaque {
                            close(x)
                            runs.append(InkRun(start: Int32(x), end: Int32(e), opaque: true))
                        } else if open == nil || open!.opaque {
                            close(x); open = (x, false)
                        }
                        x = e
                        continue
                    }
                    if open == nil || open!.opaque { close(x); open = (x, false) }
                    x += 1
                }
                close(span.upperBound)
            }
        }
        return (runs, starts)
    }
}

/// Drawing content elements in points onto a pixmap at a scale.
struct Painter {
    static let cardPadding = ContentLayout.rowPadding
    static let iconSize = ContentLayout.rowIconSize

    let scale: Int
    let text: TextEngine
    /// The pixel row of the content drawn at the pixmap's top (a window of taller content).
    let originY: Int
    var s: Double { Double(scale) }
    var oy: Double { Double(originY) }

    init(scale: Int, text: TextEngine, originY: Int = 0) { self.scale = scale; self.text = text; self.originY = originY }

    func px(_ v: Double) -> Int { Int((v * s).rounded()) }

    func rect(_ r: Rect) -> RectF { RectF(x: r.x * s, y: r.y * s - oy, width: r.width * s, height: r.height * s) }

    /// Draws one line, with iOS's tracking, vertically centred in a band of `lineHeight` points starting at `top`.
    func line(_ string: String, font: TextFont, color: SRGBColor, x: Double, top: Double,
              lineHeight: Double? = nil, into p: inout Pixmap) {
        let size = font.pixelSize(scale: scale)
        let fontLine = text.rasterizer.metrics(weight: font.face, pixelSize: size).lineHeight
        let band = (lineHeight ?? font.lineHeight) * s
        let y = Int((top * s + (band - Double(fontLine)) / 2).rounded()) - originY
        text.draw(string, weight: font.face, pixelSize: size, tracking: font.trackingPixels(scale: scale),
                  color: color.premultiplied, x: px(x), y: y, into: &p)
    }

    func line(_ string: String, style: TextStyle, weight: TextWeight? = nil, color: SRGBColor, x: Double, top: Double,
              lineHeight: Double? = nil, into p: inout Pixmap) {
        line(string, font: style.font.weighted(weight), color: color, x: x, top: top, lineHeight: lineHeight, into: &p)
    }

    /// The width of one line in points at this scale, with tracking.
    func width(_ string: String, font: TextFont) -> Double {
        text.width(string, weight: font.face, pixelSize: font.pixelSize(scale: scale), tracking: font.trackingPixels(scale: scale)) / s
    }

    func lines(_ lines: [String], _ range: Range<Int>? = nil, font: TextFont, align: TextAlignment, color: SRGBColor,
               in frame: Rect, into p: inout Pixmap) {
        for i in range ?? lines.indices {
            let l = lines[i]
            let x = frame.x + align.offset(lineWidth: width(l, font: font), in: frame.width)
            line(l, font: font, color: color, x: x, top: frame.y + Double(i) * font.lineHeight, into: &p)
        }
    }

    func centred(_ string: String, font: TextFont, color: SRGBColor, in frame: Rect, into p: inout Pixmap) {
        line(string, font: font, color: color, x: frame.x + (frame.width - width(string, font: font)) / 2,
             top: frame.y, lineHeight: frame.height, into: &p)
    }

    func centred(_ string: String, style: TextStyle, color: SRGBColor, in frame: Rect, into p: inout Pixmap) {
        centred(string, font: style.font, color: color, in: frame, into: &p)
    }

    /// A button in its frame (a compact button's frame is the button itself), its title's lines centred.
    func button(_ b: ButtonElement, lines: [String], font: TextFont, theme: SheetTheme, in frame: Rect, into p: inout Pixmap) {
        let color = b.color ?? theme.accent
        let label: SRGBColor
        switch b.style {
        case .filled:
            p.fillRoundedRect(rect(frame), radius: b.cornerRadius * s, curve: .continuous, color.premultiplied)
            label = color.prefersDarkInkOnTint ? .black : .white
        case .tinted:
            var tint = color
            tint.alpha = UInt8(Double(tint.alpha) * 0.18)
            p.fillRoundedRect(rect(frame), radius: b.cornerRadius * s, curve: .continuous, tint.premultiplied)
            label = color
        case .plain:
            label = color
        }
        let top = frame.y + (frame.height - Double(lines.count) * font.lineHeight) / 2
        for (i, l) in lines.enumerated() {
            centred(l, font: font, color: label,
                    in: Rect(x: frame.x, y: top + Double(i) * font.lineHeight, width: frame.width, height: font.lineHeight), into: &p)
        }
    }

    /// A text field as UIKit draws `UISearchTextField` (or a rounded `UITextField`): a filled rounded field (a capsule on
    /// glass), the magnifying glass of a search field, the placeholder or the text, clipped at the trailing inset (while
    /// focused its end shows, as UIKit scrolls to the caret), the clear button while editing text, and the caret.
    func field(_ f: TextFieldElement, state: FieldVisual?, font: TextFont, theme: SheetTheme, in frame: Rect, into p: inout Pixmap) {
        let text = state?.text ?? f.text
        let focused = state?.focused ?? false
        if theme.glass {
            p.fillCapsule(rect(frame), theme.fieldFill.premultiplied)
        } else {
            p.fillRoundedRect(rect(frame), radius: Self.fieldCornerRadius * s, curve: .continuous, theme.fieldFill.premultiplied)
        }
        // Glyphs grow with the text, as SF Symbols in the field do.
        let k = font.size / 17
        let midY = frame.y + frame.height / 2
        if f.style == .search {
            let cx = frame.x + (theme.glass ? 17 : 15.5) * min(k, 1.6), size = 15.5 * k
            KeyboardArt.magnifier(&p, cx: cx * s, cy: midY * s - oy, size: size * s, width: max(1, 1.9 * k * s),
                                  color: theme.secondary.straight)
        }
        let textX = frame.x + (f.style == .search ? ContentLayout.fieldSearchTextX : ContentLayout.fieldTextX) * min(k, 1.6)
        var right = frame.maxX - (theme.glass ? 14 : 8)
        if focused && !text.isEmpty {
            // The clear button: a grey disc with a white cross.
            let d = 17 * min(k, 1.6), cx = frame.maxX - (theme.glass ? 10 : 7) - d / 2
            p.fillCircle(cx: cx * s, cy: midY * s - oy, radius: d / 2 * s, theme.clearButton.premultiplied)
            let a = d * 0.19, ink = StraightRGBA8(255, 255, 255, theme.isDark ? 200 : 255)
            KeyboardArt.stroke(&p, [SIMD2(cx - a, midY - a) * s - SIMD2(0, oy), SIMD2(cx + a, midY + a) * s - SIMD2(0, oy)],
                               width: 1.6 * k * s, ink)
            KeyboardArt.stroke(&p, [SIMD2(cx - a, midY + a) * s - SIMD2(0, oy), SIMD2(cx + a, midY - a) * s - SIMD2(0, oy)],
                               width: 1.6 * k * s, ink)
            right = cx - d / 2 - 5
        }
        let caretWidth = 2.0, caretGap = 1.0
        let shown = text.isEmpty ? f.placeholder : text
        let color = text.isEmpty ? theme.secondary : theme.primary
        let w = width(shown, font: font)
        // The room between the text's start and the trailing inset; while focused, the caret's room too.
        let room = right - textX - (focused ? caretGap + caretWidth : 0)
        var x = textX
        if focused && !text.isEmpty && w > room { x = textX + room - w }
        // The text, clipped to its room: drawn into a scratch pixmap of that room, then composited.
        let x0 = px(textX), x1 = px(right), y0 = px(frame.y), y1 = px(frame.maxY)
        if !shown.isEmpty, x1 > x0, y1 > y0 {
            var clip = Pixmap(width: x1 - x0, height: y1 - y0)
            let size = font.pixelSize(scale: scale)
            let fontLine = self.text.rasterizer.metrics(weight: font.face, pixelSize: size).lineHeight
            let y = Int((frame.y * s + (frame.height * s - Double(fontLine)) / 2).rounded()) - y0
            self.text.draw(shown, weight: font.face, pixelSize: size, tracking: font.trackingPixels(scale: scale),
                           color: color.premultiplied, x: px(x) - x0, y: y, into: &clip)
            p.draw(clip, x: x0, y: y0 - originY)
        }
        if state?.caret == true {
            let cx = text.isEmpty ? textX : min(x + w + caretGap, right - caretWidth)
            let h = font.lineHeight
            p.fillRoundedRect(RectF(x: (cx * s).rounded(), y: ((midY - h / 2) * s).rounded() - oy, width: (caretWidth * s).rounded(),
                                    height: (h * s).rounded()), radius: caretWidth / 2 * s, theme.caret.premultiplied)
        }
    }

    /// A classic (iOS 15–18) field's corner radius: `UISearchTextField`'s 10 pt.
    static let fieldCornerRadius = 10.0

    func card(_ frame: Rect, theme: SheetTheme, into p: inout Pixmap) {
        p.fillRoundedRect(rect(frame), radius: 12 * s, curve: .continuous, theme.card.premultiplied)
    }

    func header(_ header: ContentLayout.HeaderLayout, theme: SheetTheme, in frame: Rect, into p: inout Pixmap) {
        let top = frame.maxY - Double(header.lines.count) * header.font.lineHeight - ContentLayout.headerBottom
        for (i, l) in header.lines.enumerated() {
            line(l, font: header.font, color: theme.secondary, x: frame.x + Self.cardPadding,
                 top: top + Double(i) * header.font.lineHeight, into: &p)
        }
    }

    func hairline(x: Double, y: Double, width: Double, color: SRGBColor, into p: inout Pixmap) {
        p.fillRect(RectF(x: x * s, y: y * s - max(1, s / 3) - oy, width: width * s, height: max(1, s / 3)), color.premultiplied)
    }

    /// A row: its icon and chevron centred on its height, its title and detail lines as laid out.
    func row(_ r: RowElement, _ layout: ContentLayout.RowLayout, theme: SheetTheme, in frame: Rect, into p: inout Pixmap) {
        if let icon = r.icon {
            let c = r.iconColor ?? theme.accent
            let d = Self.iconSize
            let iconFrame = Rect(x: frame.x + Self.cardPadding, y: frame.y + (frame.height - d) / 2, width: d, height: d)
            p.fillCircle(cx: (iconFrame.x + d / 2) * s, cy: (iconFrame.y + d / 2) * s - oy, radius: d / 2 * s, c.premultiplied)
            centred(icon, style: .icon, color: .white, in: iconFrame, into: &p)
        }
        let x = frame.x + layout.textX
        var y = frame.y + layout.textTop
        for l in layout.titleLines {
            line(l, font: layout.titleFont, color: theme.primary, x: x, top: y, into: &p)
            y += layout.titleFont.lineHeight
        }
        for l in layout.detailLines {
            line(l, font: layout.detailFont, color: theme.secondary, x: x, top: y, into: &p)
            y += layout.detailFont.lineHeight
        }
        if let chevronFont = layout.chevronFont {
            let w = width(ContentLayout.chevron, font: chevronFont)
            line(ContentLayout.chevron, font: chevronFont, color: theme.secondary,
                 x: frame.maxX - Self.cardPadding - w, top: frame.y, lineHeight: frame.height, into: &p)
        }
    }

    func image(_ image: Pixmap?, cornerRadius: Double, theme: SheetTheme, in frame: Rect, into p: inout Pixmap) {
        let w = px(frame.width), h = px(frame.height)
        guard let image, w > 0, h > 0 else {
            p.fillRoundedRect(rect(frame), radius: cornerRadius * s, theme.card.premultiplied)
            return
        }
        var scaled = image.scaledToFill(width: w, height: h)
        scaled.clipToRoundedRect(radius: cornerRadius * s, curve: .continuous)
        p.draw(scaled, x: px(frame.x), y: px(frame.y) - originY)
    }
}
