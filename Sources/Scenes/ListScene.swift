import Foundation
import Raster

/// An iOS feed, light or dark (`ListPalette`): a "Feed" large title, a search field and conversation rows (avatar with initials,
/// name, two-line preview, time). Dragging scrolls it; a tap selects the row under it in iOS grey.
public final class ListScene: BackgroundScene {
    private let text: TextEngine
    private var content: Pixmap?
    private var contentKey: [Double] = []
    private var palette = ListPalette.light

    struct Entry {
        var name: String
        var message: String
        var time: String
        var unread: Bool
        var color: (UInt8, UInt8, UInt8)
    }

    static let entries: [Entry] = [
        Entry(name: "Olivia Bennett", message: "Are we still on for brunch tomorrow? I found a new place right by the park, they do amazing pancakes.", time: "9:41 AM", unread: true, color: (255, 149, 0)),
        Entry(name: "Liam Chen", message: "Sent the slides over. Let me know what you think of the new layout before the review!", time: "9:12 AM", unread: true, color: (0, 122, 255)),
        Entry(name: "Design Team", message: "Maya: The sheet looks perfect with a 16 pt corner radius. Shipping it to the prototype now.", time: "8:30 AM", unread: false, color: (88, 86, 214)),
        Entry(name: "Sofia Martinez", message: "Haha that's amazing. Sending you the photos from Saturday in a sec.", time: "Yesterday", unread: false, color: (255, 45, 85)),
        Entry(name: "Noah Williams", message: "Can you review my pull request before standup? It's the one that fixes the spring.", time: "Yesterday", unread: false, color: (52, 199, 89)),
        Entry(name: "Emma Johnson", message: "Thanks so much! See you at seven, I'll save you a seat.", time: "Yesterday", unread: false, color: (175, 82, 222)),
        Entry(name: "Lucas Rossi", message: "The train is running about ten minutes late again, sorry! Start without me.", time: "Tuesday", unread: false, color: (90, 200, 250)),
        Entry(name: "Ava Thompson", message: "Did you try the new detents on the multi-height sheet? The middle one feels great.", time: "Tuesday", unread: false, color: (255, 159, 10)),
        Entry(name: "Mateo García", message: "Let's grab coffee next week. Wednesday morning works for me.", time: "Monday", unread: false, color: (48, 176, 199)),
        Entry(name: "Isabella Kim", message: "Happy birthday!! Hope you have the best day. Dinner is on me this time.", time: "Sunday", unread: false, color: (255, 55, 95)),
        Entry(name: "Ethan Brooks", message: "Flight lands at 6:40, I'll grab a cab from the airport and meet you there.", time: "Saturday", unread: false, color: (100, 210, 120)),
        Entry(name: "Mia Nguyen", message: "Here's the link to the prototype. Try flicking the sheet down hard.", time: "Friday", unread: false, color: (94, 92, 230)),
        Entry(name: "James Patel", message: "Sounds good, I'll bring the projector and the cables.", time: "6/14/24", unread: false, color: (162, 132, 94)),
        Entry(name: "Chloe Dubois", message: "Merci! The croissants were incredible, I need the name of that bakery.", time: "6/13/24", unread: false, color: (255, 149, 0)),
        Entry(name: "Benjamin Lee", message: "Reminder: the rent is due on Friday. I already paid the internet bill.", time: "6/12/24", unread: false, color: (0, 122, 255)),
        Entry(name: "Grace Okafor", message: "Loved the demo today. The blur behind the sheet is so smooth.", time: "6/11/24", unread: false, color: (52, 199, 89)),
        Entry(name: "Henry Walker", message: "Can we move our call to 3? Something came up at lunch.", time: "6/10/24", unread: false, color: (175, 82, 222)),
        Entry(name: "Zoe Fischer", message: "The package arrived! Thank you, it's beautiful.", time: "6/9/24", unread: false, color: (255, 45, 85)),
        Entry(name: "Book Club", message: "Daniel: Next month we're reading The Left Hand of Darkness.", time: "6/8/24", unread: false, color: (48, 176, 199)),
        Entry(name: "Leo Novak", message: "Great run this morning. Same time on Thursday?", time: "6/7/24", unread: false, color: (255, 159, 10)),
        Entry(name: "Hannah Schmidt", message: "I left the keys with your neighbour, the one with the dog.", time: "6/6/24", unread: false, color: (88, 86, 214)),
        Entry(name: "Oscar Lindqvist", message: "Tack! See you at the conference in September.", time: "6/5/24", unread: false, color: (90, 200, 250)),
    ]

    static let rowHeight = 80.0
    static let navHeight = 44.0
    static let largeTitleHeight = 52.0
    static let searchHeight = 36.0

    /// A feed scene whose text is set with `text`.
    public init(text: TextEngine) { self.text = text }

    /// Where the first row starts, in content points.
    private func rowsTop(_ safeTop: Double) -> Double { safeTop + Self.navHeight + Self.largeTitleHeight + Self.searchHeight + 18 }

    private func contentHeight(_ safeTop: Double) -> Double { rowsTop(safeTop) + Double(Self.entries.count) * Self.rowHeight + 24 }

    /// How far the feed is scrolled for a pan: dragging up scrolls down, within the content.
    private func scroll(panY: Double, context: SceneContext, pixelHeight: Int) -> Double {
        let visible = Double(pixelHeight) / Double(max(1, context.scale))
        let maxScroll = max(0, contentHeight(context.safeTop) - visible)
        return min(max(-panY, 0), maxScroll)
    }

    public func render(_ context: SceneContext, into pixmap: inout Pixmap) {
        let scale = max(1, context.scale)
        let s = Double(scale)
        let key = [Double(pixmap.width), Double(pixmap.height), s, context.safeTop, context.isDark ? 1 : 0]
        palette = ListPalette.of(context.appearance)
        if key != contentKey || content == nil {
            content = renderContent(width: pixmap.width, scale: scale, safeTop: context.safeTop)
            contentKey = key
        }
        guard let content = content else { return }
        let scrollPx = Int((scroll(panY: context.panY, context: context, pixelHeight: pixmap.height) * s).rounded())
        let width = Double(pixmap.width) / s
        // The visible window of the content, then the background below its end.
        pixmap.fill(PixelRect(x: 0, y: 0, width: pixmap.width, height: pixmap.height), with: palette.background)
        let rows = min(pixmap.height, content.height - scrollPx)
        if rows > 0 {
            content.pixels.withUnsafeBufferPointer { src in
                pixmap.pixels.withUnsafeMutableBufferPointer { dst in
                    let n = min(content.width, pixmap.width)
                    for y in 0..<rows {
                        (dst.baseAddress! + y * pixmap.width).update(from: src.baseAddress! + (y + scrollPx) * content.width, count: n)
                    }
                }
            }
        }
        // The tapped row, in iOS selection grey.
        if let tap = context.tap {
            let tapScroll = scroll(panY: tap.panY, context: context, pixelHeight: pixmap.height)
            let y = tap.y + (tapScroll * s).rounded() / s
            let index = Int(((y - rowsTop(context.safeTop)) / Self.rowHeight).rounded(.down))
            if tap.y > context.safeTop + Self.navHeight, y >= rowsTop(context.safeTop), index >= 0, index < Self.entries.count {
                let top = (rowsTop(context.safeTop) + Double(index) * Self.rowHeight) * s - Double(scrollPx)
                drawRow(index, top: top, width: width, scale: scale, selected: true, into: &pixmap)
            }
        }
        drawNavigationBar(scroll: Double(scrollPx) / s, width: width, context: context, into: &pixmap)
    }

    public func isAnimating(_ context: SceneContext) -> Bool { false }

    /// The status bar is the last thing the scene draws, straight over the navigation bar.
    public func drawStatusBar(_ context: SceneContext, over top: inout Pixmap) {
        let scale = max(1, context.scale)
        palette = ListPalette.of(context.appearance)
        StatusBar.draw(width: Double(top.width) / Double(scale), safeTop: context.safeTop, scale: scale, dark: palette.darkStatusInk,
                       text: text, into: &top)
    }

    // MARK: Drawing

    private func renderContent(width pixelWidth: Int, scale: Int, safeTop: Double) -> Pixmap {
        let s = Double(scale)
        let width = Double(pixelWidth) / s
        let height = Int((contentHeight(safeTop) * s).rounded(.up))
        var p = Pixmap(width: pixelWidth, height: height, fill: palette.background)
        // Large title.
        let titlePS = TextEngine.pixelSize(34, scale: scale)
        text.draw("Feed", weight: .bold, pixelSize: titlePS, color: palette.label, x: Int((16 * s).rounded()),
                  y: text.top(baseline: (safeTop + Self.navHeight + 41) * s, weight: .bold, pixelSize: titlePS), into: &p)
        // Search field.
        let sy = safeTop + Self.navHeight + Self.largeTitleHeight + 4
        p.fill(.roundedRect(x: 16 * s, y: sy * s, w: (width - 32) * s, h: Self.searchHeight * s, r: 10 * s, detail: 1),
                   palette.searchFill)
        let grey = SceneColor.rgb(142, 142, 147)
        let gx = 16 + 10.0 + 7, gy = sy + Self.searchHeight / 2
        p.fill(.ring(cx: (gx - 1) * s, cy: (gy - 1.3) * s, r: 5.6 * s, width: 2 * s, detail: 1), grey)
        p.fill(.stroke([SIMD2((gx + 3.2) * s, (gy + 2.9) * s), SIMD2((gx + 6.8) * s, (gy + 6.5) * s)],
                           width: 2.2 * s, roundCaps: true, detail: 1), grey)
        let searchPS = TextEngine.pixelSize(17, scale: scale)
        text.draw("Search", weight: .regular, pixelSize: searchPS, color: grey, x: Int(((gx + 13) * s).rounded()),
                  y: text.top(centeringCapsOn: gy * s, weight: .regular, pixelSize: searchPS), into: &p)
        // Mic glyph at the right of the search field.
        let mx = width - 16 - 16
        p.fill(.roundedRect(x: (mx - 3) * s, y: (gy - 7.5) * s, w: 6 * s, h: 10 * s, r: 3 * s, detail: 1), grey)
        let cup = Path.arc(cx: mx * s, cy: (gy - 1) * s, r: 5.5 * s, from: 0, to: .pi, detail: 1)
        p.fill(.stroke(cup, width: 1.6 * s, detail: 1), grey)
        p.fill(.rect(x: (mx - 0.8) * s, y: (gy + 4.5) * s, w: 1.6 * s, h: 3 * s), grey)
        for i in Self.entries.indices {
            drawRow(i, top: (rowsTop(safeTop) + Double(i) * Self.rowHeight) * s, width: width, scale: scale, selected: false, into: &p)
        }
        return p
    }

    private func drawRow(_ index: Int, top: Double, width: Double, scale: Int, selected: Bool, into p: inout Pixmap) {
        let s = Double(scale)
        let e = Self.entries[index]
        let h = Self.rowHeight * s
        let y0 = Int(top.rounded()), y1 = Int((top + h).rounded())
        p.fill(PixelRect(x: 0, y: y0, width: p.width, height: y1 - y0),
               with: selected ? palette.selection : palette.background)
        let avatarX = 20.0, avatarD = 52.0, textX = avatarX + avatarD + 12
        let cy = top / s + Self.rowHeight / 2
        if e.unread {
            p.fill(.circle(cx: 10 * s, cy: cy * s, r: 5 * s, detail: 1), palette.tint)
        }
        drawAvatar(e, cx: avatarX + avatarD / 2, cy: cy, d: avatarD, scale: scale, into: &p)
        // Name, then the time and a chevron at the right.
        let namePS = TextEngine.pixelSize(16.5, scale: scale)
        let timePS = TextEngine.pixelSize(14.5, scale: scale)
        let grey = palette.secondary
        let rowTop = top / s
        let chevronX = width - 16
        let chevron: [SIMD2<Double>] = [SIMD2(chevronX - 4.5, rowTop + 15.5), SIMD2(chevronX, rowTop + 20.5), SIMD2(chevronX - 4.5, rowTop + 25.5)]
        p.fill(.stroke(chevron.map { $0 * s }, width: 1.8 * s, roundCaps: true, detail: 1), palette.tertiary)
        let tw = Double(text.width(e.time, weight: .regular, pixelSize: timePS))
        let timeRight = (chevronX - 11) * s
        text.draw(e.time, weight: .regular, pixelSize: timePS, color: grey, x: Int((timeRight - tw).rounded()),
                  y: text.top(centeringCapsOn: (rowTop + 20.5) * s, weight: .regular, pixelSize: timePS), into: &p)
        let nameMax = Int((timeRight - tw) - textX * s - 8 * s)
        let name = text.truncated(e.name, weight: .semibold, pixelSize: namePS, maxWidth: nameMax)
        text.draw(name, weight: .semibold, pixelSize: namePS, color: palette.label, x: Int((textX * s).rounded()),
                  y: text.top(centeringCapsOn: (rowTop + 20.5) * s, weight: .semibold, pixelSize: namePS), into: &p)
        // Two lines of preview, the second ending in an ellipsis if it runs over.
        let previewPS = TextEngine.pixelSize(15, scale: scale)
        let maxWidth = Int(((width - 16 - textX) * s).rounded(.down))
        var lines = text.wrap(e.message, weight: .regular, pixelSize: previewPS, maxWidth: maxWidth)
        if lines.count > 2 {
            lines = [lines[0], text.truncated(lines[1...].joined(separator: " "), weight: .regular, pixelSize: previewPS, maxWidth: maxWidth)]
        }
        for (k, line) in lines.prefix(2).enumerated() {
            text.draw(line, weight: .regular, pixelSize: previewPS, color: grey, x: Int((textX * s).rounded()),
                      y: text.top(centeringCapsOn: (rowTop + 41 + 19 * Double(k)) * s, weight: .regular, pixelSize: previewPS), into: &p)
        }
        // A hairline separator from the text's left edge, one pixel at any scale.
        if !selected {
            p.fill(PixelRect(x: Int((textX * s).rounded()), y: y1 - 1, width: p.width, height: 1), with: palette.separator)
        }
    }

    private func drawAvatar(_ e: Entry, cx: Double, cy: Double, d: Double, scale: Int, into p: inout Pixmap) {
        let s = Double(scale)
        let r = d / 2 * s, x = cx * s, y = cy * s
        // A vertical gradient disc: lighter at the top, as iOS contact avatars are.
        let top = (min(255, Double(e.color.0) * 0.55 + 255 * 0.45), min(255, Double(e.color.1) * 0.55 + 255 * 0.45),
                   min(255, Double(e.color.2) * 0.55 + 255 * 0.45))
        let bottom = (Double(e.color.0) * 0.92, Double(e.color.1) * 0.92, Double(e.color.2) * 0.92)
        p.fillCircle(cx: x, cy: y, radius: r) { py in
            let t = min(max((Double(py) + 0.5 - (y - r)) / (2 * r), 0), 1)
            return StraightRGBA8(UInt8(top.0 + (bottom.0 - top.0) * t), UInt8(top.1 + (bottom.1 - top.1) * t),
                                 UInt8(top.2 + (bottom.2 - top.2) * t)).premultiplied
        }
        let initials = e.name.split(separator: " ").prefix(2).compactMap { $0.first }.map(String.init).joined()
        let ps = TextEngine.pixelSize(20, scale: scale)
        let w = Double(text.width(initials, weight: .semibold, pixelSize: ps))
        text.draw(initials, weight: .semibold, pixelSize: ps, color: .white, x: Int((x - w / 2).rounded()),
                  y: text.top(centeringCapsOn: y, weight: .semibold, pixelSize: ps), into: &p)
    }

    /// The bar at the top stays put: plain white (black in dark) while the large title shows, then a grey bar
    /// with a hairline and the small centred title once the large title has scrolled under it.
    private func drawNavigationBar(scroll: Double, width: Double, context: SceneContext, into p: inout Pixmap) {
        let scale = max(1, context.scale)
        let s = Double(scale)
        let barBottom = context.safeTop + Self.navHeight
        let collapsed = min(1, max(0, (scroll - Self.largeTitleHeight + 12) / 12))
        let rows = min(p.height, Int((barBottom * s).rounded()))
        let barColor = palette.bar(collapsed)
        if collapsed > 0 {
            // The bar's own faint grey, with a hairline under it that fades in as the title collapses.
            p.fill(PixelRect(x: 0, y: 0, width: p.width, height: rows), with: barColor)
            let line = Pixel.over(Pixel.scale(palette.barHairline.packed, Pixel.factor(collapsed)), barColor.packed)
            p.fill(PixelRect(x: 0, y: rows - 1, width: p.width, height: 1), with: PremultipliedRGBA8(packed: line))
            let ps = TextEngine.pixelSize(17, scale: scale)
            let tw = Double(text.width("Feed", weight: .semibold, pixelSize: ps))
            text.draw("Feed", weight: .semibold, pixelSize: ps, color: PremultipliedRGBA8(packed: Pixel.scale(palette.label.packed, Pixel.factor(collapsed))),
                      x: Int((width * s / 2 - tw / 2).rounded()),
                      y: text.top(centeringCapsOn: (context.safeTop + Self.navHeight / 2) * s, weight: .semibold, pixelSize: ps), into: &p)
        } else {
            p.fill(PixelRect(x: 0, y: 0, width: p.width, height: rows), with: palette.background)
        }
        // Bar buttons: "Edit" and a compose glyph, in the tint colour.
        let blue = palette.tint
        let ps = TextEngine.pixelSize(17, scale: scale)
        let cy = context.safeTop + Self.navHeight / 2
        text.draw("Edit", weight: .regular, pixelSize: ps, color: blue, x: Int((16 * s).rounded()),
                  y: text.top(centeringCapsOn: cy * s, weight: .regular, pixelSize: ps), into: &p)
        let gx = width - 16 - 22, gy = cy - 10
        var square = Path.roundedRect(x: gx * s, y: (gy + 2) * s, w: 19 * s, h: 19 * s, r: 4.5 * s, detail: 1)
        square.add(Path.roundedRect(x: (gx + 1.7) * s, y: (gy + 3.7) * s, w: 15.6 * s, h: 15.6 * s, r: 3 * s, detail: 1).contours[0], hole: true)
        p.fill(square, blue)
        // Knock the square's corner out behind the pencil, then draw the pencil.
        p.fill(.stroke([SIMD2((gx + 8) * s, (gy + 14) * s), SIMD2((gx + 23) * s, (gy - 1) * s)], width: 6 * s, roundCaps: true, detail: 1),
                   barColor)
        p.fill(.stroke([SIMD2((gx + 8.5) * s, (gy + 13.5) * s), SIMD2((gx + 21.5) * s, (gy + 0.5) * s)], width: 2.2 * s, roundCaps: true, detail: 1), blue)
        if context.showsStatusBar { StatusBar.draw(width: width, safeTop: context.safeTop, scale: scale, dark: palette.darkStatusInk, text: text, into: &p) }
    }
}
