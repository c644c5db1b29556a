import Raster
import SheetKit

/// The sheet's content drawn once into a transparent layer as wide as the sheet, at one scale.
/// Frames composite the visible part of it; only rows with ink are touched.
public struct ContentLayer {
    public var pixmap: Pixmap
    /// For each row of the layer, the span of columns with ink, or nil for an empty row.
    public var spans: [Range<Int>?]

    /// Draws `setup`'s content at `scale`, using real text and the given images (by config path).
    public init(setup: SheetSetup, scale: Int, text: TextEngine, images: [String: Pixmap], theme: SheetTheme) {
        let s = Double(scale)
        let layout = setup.layout
        let width = Int((setup.sheetWidth * s).rounded())
        let height = Int((layout.contentHeight * s).rounded(.up))
        var p = Pixmap(width: width, height: max(height, 0))
        let originX = ContentLayout.sideInset
        let painter = Painter(scale: scale, text: text)

        for (index, element) in setup.sheet.content.enumerated() {
            let f = layout.frames[index]
            let frame = Rect(x: originX + f.x, y: f.y, width: f.width, height: f.height)
            switch element {
            case .title(let t), .text(let t):
                let isTitle: Bool = { if case .title = element { return true } else { return false } }()
                let font = layout.fonts[index] ?? (isTitle ? TextStyle.title : TextStyle.body).font
                let color = t.color ?? (isTitle ? theme.primary : theme.secondary)
                var block = frame
                block.y += layout.textTops[index] ?? 0
                painter.lines(layout.lines[index] ?? [t.text], font: font, align: t.align, color: color, in: block, into: &p)
            case .button(let b):
                painter.button(b, font: layout.fonts[index] ?? ContentLayout.font(of: b), theme: theme, in: frame, into: &p)
            case .spacer:
                break
            case .image(let i):
                painter.image(images[i.path], cornerRadius: i.cornerRadius, theme: theme, in: frame, into: &p)
            case .row(let r):
                painter.card(frame, theme: theme, into: &p)
                painter.row(r, theme: theme, in: frame, into: &p)
            case .list(let l):
                var y = frame.y
                if let title = l.title {
                    painter.header(title, theme: theme, in: Rect(x: frame.x, y: y, width: frame.width, height: ContentLayout.listHeaderHeight), into: &p)
                    y += ContentLayout.listHeaderHeight
                }
                painter.card(Rect(x: frame.x, y: y, width: frame.width, height: frame.maxY - y), theme: theme, into: &p)
                for (i, row) in l.rows.enumerated() {
                    let h = row.detail == nil ? ContentLayout.rowHeight : ContentLayout.rowWithDetailHeight
                    let rowFrame = Rect(x: frame.x, y: y, width: frame.width, height: h)
                    painter.row(row, theme: theme, in: rowFrame, into: &p)
                    if i < l.rows.count - 1 {
                        let inset = row.icon == nil ? Painter.cardPadding : Painter.cardPadding + Painter.iconSize + 12
                        painter.hairline(x: frame.x + inset, y: y + h, width: frame.width - inset, color: theme.separator, into: &p)
                    }
                    y += h
                }
            }
        }
        pixmap = p
        spans = (0..<p.height).map { y in
            let row = p.pixels[y * p.width..<(y + 1) * p.width]
            guard let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) else { return nil }
            return (first - y * p.width)..<(last - y * p.width + 1)
        }
    }
}

/// Drawing content elements in points onto a pixmap at a scale.
struct Painter {
    static let cardPadding = 14.0
    static let iconSize = 32.0

    let scale: Int
    let text: TextEngine
    var s: Double { Double(scale) }

    init(scale: Int, text: TextEngine) { self.scale = scale; self.text = text }

    func px(_ v: Double) -> Int { Int((v * s).rounded()) }

    func rect(_ r: Rect) -> RectF { RectF(x: r.x * s, y: r.y * s, width: r.width * s, height: r.height * s) }

    /// Draws one line, with iOS's tracking, vertically centred in a band of `lineHeight` points starting at `top`.
    func line(_ string: String, font: TextFont, color: SRGBColor, x: Double, top: Double,
              lineHeight: Double? = nil, into p: inout Pixmap) {
        let size = font.pixelSize(scale: scale)
        let fontLine = text.rasterizer.metrics(weight: font.face, pixelSize: size).lineHeight
        let band = (lineHeight ?? font.lineHeight) * s
        let y = Int((top * s + (band - Double(fontLine)) / 2).rounded())
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

    func lines(_ lines: [String], font: TextFont, align: TextAlignment, color: SRGBColor, in frame: Rect, into p: inout Pixmap) {
        for (i, l) in lines.enumerated() {
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

    /// A button in its frame (a compact button's frame is the button itself).
    func button(_ b: ButtonElement, font: TextFont, theme: SheetTheme, in frame: Rect, into p: inout Pixmap) {
        let color = b.color ?? theme.accent
        switch b.style {
        case .filled:
            p.fillRoundedRect(rect(frame), radius: b.cornerRadius * s, curve: .continuous, color.premultiplied)
            let label: SRGBColor = color.luminance > 0.75 ? .black : .white
            centred(b.title, font: font, color: label, in: frame, into: &p)
        case .tinted:
            var tint = color
            tint.alpha = UInt8(Double(tint.alpha) * 0.18)
            p.fillRoundedRect(rect(frame), radius: b.cornerRadius * s, curve: .continuous, tint.premultiplied)
            centred(b.title, font: font, color: color, in: frame, into: &p)
        case .plain:
            centred(b.title, font: font, color: color, in: frame, into: &p)
        }
    }

    func card(_ frame: Rect, theme: SheetTheme, into p: inout Pixmap) {
        p.fillRoundedRect(rect(frame), radius: 12 * s, curve: .continuous, theme.card.premultiplied)
    }

    func header(_ title: String, theme: SheetTheme, in frame: Rect, into p: inout Pixmap) {
        line(title.uppercased(), style: .header, color: theme.secondary, x: frame.x + Self.cardPadding,
             top: frame.maxY - TextStyle.header.lineHeight - 6, into: &p)
    }

    func hairline(x: Double, y: Double, width: Double, color: SRGBColor, into p: inout Pixmap) {
        p.fillRect(RectF(x: x * s, y: y * s - max(1, s / 3), width: width * s, height: max(1, s / 3)), color.premultiplied)
    }

    func row(_ r: RowElement, theme: SheetTheme, in frame: Rect, into p: inout Pixmap) {
        var x = frame.x + Self.cardPadding
        if let icon = r.icon {
            let c = r.iconColor ?? theme.accent
            let d = Self.iconSize
            let iconFrame = Rect(x: x, y: frame.y + (frame.height - d) / 2, width: d, height: d)
            p.fillCircle(cx: (iconFrame.x + d / 2) * s, cy: (iconFrame.y + d / 2) * s, radius: d / 2 * s, c.premultiplied)
            centred(icon, style: .icon, color: .white, in: iconFrame, into: &p)
            x += d + 12
        }
        if let detail = r.detail {
            line(r.title, style: .rowTitle, color: theme.primary, x: x, top: frame.y + 9, into: &p)
            line(detail, style: .rowDetail, color: theme.secondary, x: x, top: frame.y + 31, into: &p)
        } else {
            line(r.title, style: .rowTitle, color: theme.primary, x: x, top: frame.y, lineHeight: frame.height, into: &p)
        }
        if r.action != .none {
            let chevron = "›"
            let w = width(chevron, font: TextStyle.title.font.weighted(.semibold))
            line(chevron, style: .title, weight: .semibold, color: theme.secondary,
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
        p.draw(scaled, x: px(frame.x), y: px(frame.y))
    }
}
