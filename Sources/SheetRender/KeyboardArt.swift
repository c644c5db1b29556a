import Foundation
import Raster
import SheetKit

/// What the keyboard's picture is made from: one picture per look, drawn once and kept by the renderer, which copies
/// its top rows into each frame as the keyboard rises.
public struct KeyboardLook: Hashable, Sendable {
    /// The keyboard's width and full height in points (the canvas's width, `KeyboardMetrics.height`).
    public var width: Double
    public var height: Double
    public var scale: Int
    /// iOS 26's glass keyboard (rounded top corners, a rim, no key shadows), else the iOS 15–18 one.
    public var glass: Bool
    public var dark: Bool
    public var increaseContrast: Bool
    public var boldText: Bool
    /// The canvas's safe areas: the bottom one sets the home-indicator strip below the keys (on Face ID phones in
    /// portrait, the strip with the globe and dictation keys), the side ones inset the keys in landscape.
    public var safeBottom: Double
    public var safeLeft: Double
    public var safeRight: Double
    /// The return key says "search" (a search field is focused) or "return".
    public var search: Bool
    /// The canvas's height in points: a canvas wider than tall turns the phone's keyboard to landscape.
    public var canvasHeight: Double

    public init(width: Double, height: Double, scale: Int, glass: Bool, dark: Bool, increaseContrast: Bool = false,
                boldText: Bool = false, safeBottom: Double = 34, safeLeft: Double = 0, safeRight: Double = 0, search: Bool = true,
                canvasHeight: Double = 852) {
        self.width = width; self.height = height; self.scale = scale; self.glass = glass; self.dark = dark
        self.increaseContrast = increaseContrast; self.boldText = boldText
        self.safeBottom = safeBottom; self.safeLeft = safeLeft; self.safeRight = safeRight; self.search = search
        self.canvasHeight = canvasHeight
    }

    /// The look of the keyboard `setup` raises: its canvas, style, appearance and settings.
    public init(setup: SheetSetup, scale: Int) {
        let config = setup.config
        let search = setup.sheet.content.contains { if case .textField(let f) = $0 { f.style == .search } else { false } }
        self.init(width: setup.canvas.width, height: setup.keyboardHeight, scale: scale, glass: setup.sheet.style == .glass,
                  dark: config.appearance == .dark, increaseContrast: config.settings.increaseContrast,
                  boldText: config.settings.boldText, safeBottom: setup.canvas.safeBottom,
                  safeLeft: setup.canvas.safeLeft, safeRight: setup.canvas.safeRight, search: search,
                  canvasHeight: setup.canvas.height)
    }

    /// The glass keyboard's top corner radius in points (rnkc's `keyboardBorderRadius()`, 30 on iOS 26; measured on
    /// the iPhone 16e iOS 26.1 baseline, docs/keyboard-reference.md).
    public static let glassCornerRadius = 30.0

    /// The keyboard's pixel rows from its top that are not wholly opaque: the glass keyboard's rounded top corners.
    public var translucentRows: Int { glass ? Int((Self.glassCornerRadius * Double(scale)).rounded(.up)) + 1 : 0 }

    /// Whether the layout is the iPad's (a wider keyboard with more keys): a canvas whose short side is 600 pt or more.
    var isPad: Bool { min(width, canvasHeight) >= 600 }
    /// A phone turned: the canvas wider than tall.
    var isLandscape: Bool { !isPad && width > canvasHeight }
}

/// The iPhone and iPad software keyboard as iOS draws it: the QuickType bar, the QWERTY rows, the bottom row and, on
/// Face ID phones in portrait, the strip with the globe and dictation keys. Colours were read from 3× screenshots
/// (kb-research: classic body (208,211,217), glass body (223,224,228) and rim (248,250,252)); sizes follow the width.
public enum KeyboardArt {
    /// The keyboard's colours for a look.
    struct Palette {
        var body, letter, special, shadow, glyph, separator, accent, rim: StraightRGBA8
        var shadowDrawn: Bool

        init(_ look: KeyboardLook) {
            let ic = look.increaseContrast
            switch (look.glass, look.dark) {
            case (false, false):
                body = StraightRGBA8(208, 211, 217); letter = StraightRGBA8(255, 255, 255)
                special = ic ? StraightRGBA8(150, 155, 166) : StraightRGBA8(171, 176, 186)
                shadow = ic ? StraightRGBA8(96, 97, 100) : StraightRGBA8(137, 138, 141)
                separator = StraightRGBA8(176, 180, 188); glyph = StraightRGBA8(40, 40, 44)
                accent = StraightRGBA8(0, 122, 255); rim = body
            case (false, true):
                body = StraightRGBA8(43, 43, 43); letter = ic ? StraightRGBA8(125, 125, 125) : StraightRGBA8(107, 107, 107)
                special = ic ? StraightRGBA8(84, 84, 84) : StraightRGBA8(70, 70, 70)
                shadow = ic ? StraightRGBA8(0, 0, 0) : StraightRGBA8(22, 22, 22)
                separator = StraightRGBA8(78, 78, 80); glyph = StraightRGBA8(235, 235, 240)
                accent = StraightRGBA8(10, 132, 255); rim = body
            case (true, false):
                body = StraightRGBA8(223, 224, 228); letter = StraightRGBA8(255, 255, 255)
                special = ic ? StraightRGBA8(176, 180, 189) : StraightRGBA8(199, 202, 209)
                shadow = StraightRGBA8(150, 152, 158)
                separator = StraightRGBA8(190, 192, 198); glyph = StraightRGBA8(40, 40, 44)
                accent = StraightRGBA8(0, 122, 255); rim = StraightRGBA8(248, 250, 252)
            case (true, true):
                body = StraightRGBA8(36, 36, 39); letter = ic ? StraightRGBA8(112, 112, 117) : StraightRGBA8(94, 94, 98)
                special = ic ? StraightRGBA8(76, 76, 81) : StraightRGBA8(62, 62, 66)
                shadow = StraightRGBA8(0, 0, 0)
                separator = StraightRGBA8(72, 72, 76); glyph = StraightRGBA8(235, 235, 240)
                accent = StraightRGBA8(10, 132, 255); rim = StraightRGBA8(92, 92, 97)
            }
            shadowDrawn = !look.glass || ic
        }
    }

    /// What a key shows.
    enum Cap: Equatable {
        case letter(String), label(String), shift, delete, emoji, globe, mic, space, enter, dismiss, spacer
    }

    /// One key of a row: its cap, its width in letter-key units (nil: it shares what the row leaves), and whether it
    /// is a special (grey) key.
    struct Item {
        var cap: Cap
        var units: Double?
        var special: Bool
        static func letters(_ s: String) -> [Item] { s.map { Item(cap: .letter(String($0)), units: 1, special: false) } }
        static func key(_ cap: Cap, _ units: Double?, special: Bool = true) -> Item { Item(cap: cap, units: units, special: special) }
        static var spacer: Item { Item(cap: .spacer, units: nil, special: false) }
    }

    /// A key placed: its cap and frame in points.
    struct Placed {
        var cap: Cap
        var frame: RectF
        var special: Bool
    }

    /// The keyboard's layout in points: the QuickType bar's height, the keys, and the home strip.
    struct Layout {
        var quickType: Double
        var keys: [Placed]
        var stripTop: Double
        var strip: Double
        var radius: Double
        var letterSize: Double
        var labelSize: Double
        /// Where the strip's globe and dictation glyphs sit (Face ID phones), or the side margins' (landscape).
        var sideGlyphs: (y: Double, left: Double, right: Double)?
    }

    static func layout(_ look: KeyboardLook) -> Layout {
        let W = look.width, K = look.height
        let pad = look.isPad, landscape = look.isLandscape
        // The QuickType bar: 44 pt (KeyboardMetrics), 38 in landscape on phones (kb-research, estimate).
        let quickType = landscape ? 38 : KeyboardMetrics.quickTypeBar
        // Below the keys: the Face ID phone's 75 pt strip with the globe and dictation keys in portrait (291 − 216),
        // else the home indicator's safe area.
        let faceID = look.safeBottom > 0
        let strip = !pad && !landscape && faceID ? min(75, max(0, K - quickType - 160)) : min(look.safeBottom, 24)
        let rowsHeight = max(40, K - quickType - strip)
        let pitch = rowsHeight / 4
        let keyHeight = (pitch * (pad ? 0.8 : landscape ? 0.84 : 0.78)).rounded()
        let gap = pad ? max(8, (W * 0.0135).rounded()) : landscape ? 7.0 : 6.0
        let sideL = landscape ? max(3, look.safeLeft) : pad ? 6 : 3
        let sideR = landscape ? max(3, look.safeRight) : pad ? 6 : 3
        let avail = W - sideL - sideR

        var rows: [[Item]]
        let u: Double
        if pad {
            u = (avail - 10 * gap) / 11.6
            rows = [
                Item.letters("qwertyuiop") + [.key(.delete, 1.6)],
                [Item(cap: .spacer, units: 0.35, special: false)] + Item.letters("asdfghjkl") + [.key(.enter, nil)],
                [.key(.shift, 1.3)] + Item.letters("zxcvbnm") + [Item(cap: .letter(","), units: 1, special: false),
                                                                 Item(cap: .letter("."), units: 1, special: false), .key(.shift, nil)],
                [.key(.label(".?123"), 1.3), .key(.globe, 1), .key(.mic, 1), .key(.space, nil, special: false),
                 .key(.label(".?123"), 1.3), .key(.dismiss, 1.3)],
            ]
        } else {
            u = (avail - 9 * gap) / 10
            var bottom: [Item] = [.key(.label("123"), 1.3)]
            // Face ID phones keep the globe and dictation keys below the keys (or beside them in landscape); a Touch ID
            // phone has them in the bottom row.
            if faceID { bottom.append(.key(.emoji, 1.3)) } else { bottom += [.key(.globe, 1.15), .key(.mic, 1.15)] }
            bottom += [.key(.space, nil, special: false), .key(.enter, landscape ? 2.4 : 2.7)]
            rows = [
                Item.letters("qwertyuiop"),
                Item.letters("asdfghjkl"),
                [.key(.shift, 1.3), .spacer] + Item.letters("zxcvbnm") + [.spacer, .key(.delete, 1.3)],
                bottom,
            ]
        }
        var keys: [Placed] = []
        for (r, row) in rows.enumerated() {
            let top = (quickType + Double(r) * pitch + (pitch - keyHeight) / 2).rounded()
            let fixed = row.compactMap { $0.units }.reduce(0, +) * u
            let flexes = row.filter { $0.units == nil }.count
            let free = avail - fixed - Double(row.count - 1) * gap
            var x = sideL + (flexes == 0 ? free / 2 : 0)
            for item in row {
                let w = item.units.map { $0 * u } ?? max(0, free / Double(flexes))
                if item.cap != .spacer {
                    keys.append(Placed(cap: item.cap, frame: RectF(x: x, y: top, width: w, height: keyHeight), special: item.special))
                }
                x += w + gap
            }
        }
        var sideGlyphs: (Double, Double, Double)?
        if strip >= 40 {
            sideGlyphs = (quickType + rowsHeight + strip * 0.42, 30, W - 30)
        } else if landscape && sideL >= 36 {
            // Landscape Face ID phones: the globe and dictation keys in the side margins, level with the bottom row.
            let y = quickType + 3.5 * pitch
            sideGlyphs = (y, sideL / 2, W - sideR / 2)
        }
        let letterSize = min(keyHeight * 0.56, pad ? 22 : 23.5)
        return Layout(quickType: quickType, keys: keys, stripTop: quickType + rowsHeight, strip: strip,
                      radius: look.glass ? (pad ? 10 : 8.5) : (pad ? 6 : 5),
                      letterSize: letterSize, labelSize: min(keyHeight * 0.4, pad ? 18 : 16.5), sideGlyphs: sideGlyphs)
    }

    /// The keyboard for `look`, `look.width` × `look.height` points at its scale. Opaque, except the glass keyboard's
    /// rounded top corners (its first `translucentRows` rows).
    public static func draw(_ look: KeyboardLook, text: TextEngine) -> Pixmap {
        let s = Double(look.scale)
        let w = Int((look.width * s).rounded()), h = Int((look.height * s).rounded())
        var p = Pixmap(width: max(0, w), height: max(0, h))
        guard w > 0, h > 0 else { return p }
        let c = Palette(look)
        let L = layout(look)
        // The body: the glass keyboard's with its rounded top corners and a light rim along its top edge.
        if look.glass {
            let radius = KeyboardLook.glassCornerRadius * s
            let rim = max(1, (s * 0.67).rounded())
            p.fillRoundedRect(RectF(x: 0, y: 0, width: Double(w), height: Double(h)), topRadius: radius, bottomRadius: 0,
                              c.rim.premultiplied)
            p.fillRoundedRect(RectF(x: 0, y: rim, width: Double(w), height: Double(h) - rim), topRadius: radius - rim,
                              bottomRadius: 0, c.body.premultiplied)
        } else {
            p.fillRect(RectF(x: 0, y: 0, width: Double(w), height: Double(h)), c.body.premultiplied)
            // The classic keyboard's hairline along its top edge.
            p.fillRect(RectF(x: 0, y: 0, width: Double(w), height: max(1, (s / 3).rounded())),
                       (look.dark ? StraightRGBA8(60, 60, 62) : StraightRGBA8(188, 191, 197)).premultiplied)
        }
        func px(_ r: RectF) -> RectF {
            RectF(x: (r.x * s).rounded(), y: (r.y * s).rounded(), width: ((r.x + r.width) * s).rounded() - (r.x * s).rounded(),
                  height: ((r.y + r.height) * s).rounded() - (r.y * s).rounded())
        }
        let regular: FontWeight = look.boldText ? .semibold : .regular
        let medium: FontWeight = look.boldText ? .bold : .regular
        func label(_ string: String, size: Double, weight: FontWeight, color: StraightRGBA8, cx: Double, cy: Double, lift: Double = 0) {
            let size = max(1, Int((size * s).rounded()))
            let m = text.rasterizer.metrics(weight: weight, pixelSize: size)
            let tw = text.width(string, weight: weight, pixelSize: size)
            text.draw(string, weight: weight, pixelSize: size, color: color.premultiplied, x: Int((cx * s).rounded()) - tw / 2,
                      y: Int((cy * s - Double(m.lineHeight) / 2 - lift * s).rounded()), into: &p)
        }

        // The QuickType bar: three suggestions, with hairlines between them.
        let slot = look.width / 3
        let words = ["I", "The", "I\u{2019}m"]
        for (i, word) in words.enumerated() {
            label(word, size: L.quickType > 40 ? 17 : 16, weight: regular, color: c.glyph,
                  cx: slot * (Double(i) + 0.5), cy: L.quickType / 2 + (look.glass ? 2 : 1))
            if i > 0 {
                let line = max(1, (s / 3).rounded())
                p.fillRect(RectF(x: (slot * Double(i) * s).rounded(), y: ((L.quickType / 2 - 12.5 + (look.glass ? 2 : 1)) * s).rounded(),
                                 width: line, height: (25 * s).rounded()), c.separator.premultiplied)
            }
        }

        // The keys.
        for key in L.keys {
            let r = px(key.frame)
            let radius = L.radius * s
            var fill = key.special ? c.special : c.letter
            // The one light/dark rule (Legibility): the ink that reads on the key.
            var ink = fill.premultiplied.prefersDarkInk ? StraightRGBA8(0, 0, 0) : StraightRGBA8(255, 255, 255)
            if key.cap == .enter && look.search {
                fill = c.accent
                ink = StraightRGBA8(255, 255, 255)
            }
            if c.shadowDrawn {
                p.fillRoundedRect(RectF(x: r.x, y: r.y + max(1, s.rounded()), width: r.width, height: r.height), radius: radius,
                                  c.shadow.premultiplied)
            }
            p.fillRoundedRect(r, radius: radius, curve: look.glass ? .continuous : .circular, fill.premultiplied)
            let cx = key.frame.x + key.frame.width / 2, cy = key.frame.y + key.frame.height / 2
            let unit = min(key.frame.height / 42, 1.25)
            switch key.cap {
            case .letter(let l):
                // Lower-case caps sit a little above the key's centre, as iOS sets them.
                label(l, size: L.letterSize, weight: regular, color: ink, cx: cx, cy: cy, lift: L.letterSize * 0.06)
            case .label(let t):
                label(t, size: L.labelSize, weight: medium, color: ink, cx: cx, cy: cy)
            case .space:
                if !look.glass { label("space", size: L.labelSize, weight: medium, color: ink, cx: cx, cy: cy) }
            case .enter:
                if look.glass {
                    if look.search { magnifier(&p, cx: cx * s, cy: cy * s, size: 17 * unit * s, width: 1.9 * unit * s, color: ink) }
                    else { returnGlyph(&p, cx: cx * s, cy: cy * s, size: 18 * unit * s, width: 1.7 * unit * s, color: ink) }
                } else {
                    label(look.search ? "search" : "return", size: L.labelSize, weight: medium, color: ink, cx: cx, cy: cy)
                }
            case .shift: shift(&p, cx: cx * s, cy: cy * s, size: 19 * unit * s, width: 1.6 * unit * s, color: ink)
            case .delete: delete(&p, cx: cx * s, cy: cy * s, size: 17 * unit * s, width: 1.6 * unit * s, color: ink)
            case .emoji: emoji(&p, cx: cx * s, cy: cy * s, size: 21 * unit * s, width: 1.6 * unit * s, color: ink)
            case .globe: globe(&p, cx: cx * s, cy: cy * s, size: 21 * unit * s, width: 1.5 * unit * s, color: ink)
            case .mic: mic(&p, cx: cx * s, cy: cy * s, size: 21 * unit * s, width: 1.6 * unit * s, color: ink)
            case .dismiss: dismiss(&p, cx: cx * s, cy: cy * s, size: 20 * unit * s, width: 1.4 * unit * s, color: ink)
            case .spacer:
                break
            }
        }
        // The strip's (or the landscape margins') globe and dictation keys.
        if let g = L.sideGlyphs {
            globe(&p, cx: g.left * s, cy: g.y * s, size: 25 * s, width: 1.7 * s, color: c.glyph)
            mic(&p, cx: g.right * s, cy: g.y * s, size: 25 * s, width: 1.8 * s, color: c.glyph)
        }
        return p
    }

    // MARK: - Glyphs, in pixels about a centre, `size` tall, stroked `width` wide

    static func stroke(_ p: inout Pixmap, _ pts: [SIMD2<Double>], width: Double, closed: Bool = false, _ color: StraightRGBA8) {
        p.fill(.stroke(pts, width: width, closed: closed, roundCaps: !closed, detail: 1), color.premultiplied)
    }

    static func ring(_ p: inout Pixmap, cx: Double, cy: Double, r: Double, width: Double, _ color: StraightRGBA8) {
        p.fill(.ring(cx: cx, cy: cy, r: r, width: width, detail: 1), color.premultiplied)
    }

    /// The shift key's outlined arrow.
    static func shift(_ p: inout Pixmap, cx: Double, cy: Double, size: Double, width: Double, color: StraightRGBA8) {
        let h = size, w = size * 0.95
        let top = cy - h / 2, mid = cy + h * 0.02, bottom = cy + h / 2
        let pts: [SIMD2<Double>] = [
            SIMD2(cx, top), SIMD2(cx + w / 2, mid), SIMD2(cx + w * 0.22, mid), SIMD2(cx + w * 0.22, bottom),
            SIMD2(cx - w * 0.22, bottom), SIMD2(cx - w * 0.22, mid), SIMD2(cx - w / 2, mid),
        ]
        stroke(&p, pts, width: width, closed: true, color)
    }

    /// The delete key's outlined tag with a cross.
    static func delete(_ p: inout Pixmap, cx: Double, cy: Double, size: Double, width: Double, color: StraightRGBA8) {
        let h = size, w = size * 1.38
        let l = cx - w / 2, r = cx + w / 2, t = cy - h / 2, b = cy + h / 2
        stroke(&p, [SIMD2(l, cy), SIMD2(l + h * 0.5, t), SIMD2(r, t), SIMD2(r, b), SIMD2(l + h * 0.5, b)], width: width, closed: true, color)
        let xc = cx + w * 0.1, d = h * 0.2
        stroke(&p, [SIMD2(xc - d, cy - d), SIMD2(xc + d, cy + d)], width: width, color)
        stroke(&p, [SIMD2(xc - d, cy + d), SIMD2(xc + d, cy - d)], width: width, color)
    }

    /// The emoji key's smiling face.
    static func emoji(_ p: inout Pixmap, cx: Double, cy: Double, size: Double, width: Double, color: StraightRGBA8) {
        let r = size / 2
        ring(&p, cx: cx, cy: cy, r: r, width: width, color)
        p.fillCircle(cx: cx - r * 0.36, cy: cy - r * 0.25, radius: r * 0.13, color.premultiplied)
        p.fillCircle(cx: cx + r * 0.36, cy: cy - r * 0.25, radius: r * 0.13, color.premultiplied)
        stroke(&p, Path.arc(cx: cx, cy: cy + r * 0.02, r: r * 0.55, from: 0.18 * .pi, to: 0.82 * .pi, detail: 1), width: width, color)
    }

    /// The globe: a circle, a meridian, the equator and two parallels.
    static func globe(_ p: inout Pixmap, cx: Double, cy: Double, size: Double, width: Double, color: StraightRGBA8) {
        let r = size / 2
        ring(&p, cx: cx, cy: cy, r: r, width: width, color)
        let meridian = Path.ellipse(cx: cx, cy: cy, rx: r * 0.45, ry: r, detail: 1).contours[0]
        stroke(&p, meridian, width: width, closed: true, color)
        stroke(&p, [SIMD2(cx, cy - r), SIMD2(cx, cy + r)], width: width, color)
        stroke(&p, [SIMD2(cx - r, cy), SIMD2(cx + r, cy)], width: width, color)
        for k in [-0.55, 0.55] {
            let y = cy + k * r, half = (1 - k * k).squareRoot() * r * 0.92
            stroke(&p, [SIMD2(cx - half, y), SIMD2(cx + half, y)], width: width, color)
        }
    }

    /// The dictation key's microphone.
    static func mic(_ p: inout Pixmap, cx: Double, cy: Double, size: Double, width: Double, color: StraightRGBA8) {
        let h = size, bw = h * 0.34, bh = h * 0.56
        let body = Path.roundedRect(x: cx - bw / 2, y: cy - h / 2, w: bw, h: bh, r: bw / 2, detail: 1).contours[0]
        stroke(&p, body, width: width, closed: true, color)
        let ac = cy - h / 2 + bh - bw / 2
        stroke(&p, Path.arc(cx: cx, cy: ac, r: bw * 0.95, from: 0, to: .pi, detail: 1), width: width, color)
        stroke(&p, [SIMD2(cx, ac + bw * 0.95), SIMD2(cx, cy + h / 2)], width: width, color)
    }

    /// The magnifying glass (the search key on glass; the search field's glyph).
    static func magnifier(_ p: inout Pixmap, cx: Double, cy: Double, size: Double, width: Double, color: StraightRGBA8) {
        let r = size * 0.36
        let c = SIMD2(cx - size * 0.1, cy - size * 0.1)
        ring(&p, cx: c.x, cy: c.y, r: r, width: width, color)
        let d = 0.7071
        stroke(&p, [c + SIMD2(d, d) * (r + width * 0.4), c + SIMD2(d, d) * (r + size * 0.36)], width: width * 1.25, color)
    }

    /// The iPad's hide-keyboard key: a small keyboard over a chevron.
    static func dismiss(_ p: inout Pixmap, cx: Double, cy: Double, size: Double, width: Double, color: StraightRGBA8) {
        let w = size * 1.2, h = size * 0.62, top = cy - size / 2
        let body = Path.roundedRect(x: cx - w / 2, y: top, w: w, h: h, r: size * 0.1, detail: 1).contours[0]
        stroke(&p, body, width: width, closed: true, color)
        for row in 0..<2 {
            for i in 0..<5 {
                let x = cx - w / 2 + w * (Double(i) + 0.75) / 5.5, y = top + h * (0.32 + 0.3 * Double(row))
                p.fillRect(RectF(x: x - width / 2, y: y - width / 2, width: width * 1.2, height: width), color.premultiplied)
            }
        }
        let y = top + h + size * 0.16, d = size * 0.14
        stroke(&p, [SIMD2(cx - d * 1.6, y), SIMD2(cx, y + d), SIMD2(cx + d * 1.6, y)], width: width, color)
    }

    /// The return key's ⏎ on glass.
    static func returnGlyph(_ p: inout Pixmap, cx: Double, cy: Double, size: Double, width: Double, color: StraightRGBA8) {
        let w = size, h = size * 0.6
        let r = cx + w / 2, l = cx - w / 2, y = cy + h * 0.3
        stroke(&p, [SIMD2(r, cy - h / 2), SIMD2(r, y), SIMD2(l, y)], width: width, color)
        stroke(&p, [SIMD2(l + h * 0.4, y - h * 0.4), SIMD2(l, y), SIMD2(l + h * 0.4, y + h * 0.4)], width: width, color)
    }
}
