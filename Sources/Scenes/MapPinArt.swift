import Foundation
import Raster

/// Pins as layers of filled paths, in points relative to the pin's tip at (0, 0).
enum MapPinArt {
    /// The head's radius for an ordinary pin, in points.
    static let headRadius = 11.0
    /// How far above the tip the head's centre sits, in head radii.
    static let headLift = 1.55

    typealias Layer = (path: Path, color: PremultipliedRGBA8)

    /// A teardrop pin for `kind`, `size` times the ordinary size; `detail` is pixels per point.
    static func layers(_ kind: MapPin.Kind, size: Double, selected: Bool = false, detail: Double) -> [Layer] {
        let r = headRadius * size
        let c = MapPin(name: "", category: "", kind: kind, at: .zero).color
        let body = SceneColor.rgb(c.0, c.1, c.2)
        var out: [Layer] = []
        // A soft contact shadow at the tip, then a blurred-looking drop shadow under the head.
        out.append((.ellipse(cx: 0, cy: 0.5, rx: r * 0.5, ry: r * 0.18, detail: detail), SceneColor.rgb(0, 0, 0, 0.07)))
        out.append((.ellipse(cx: 0, cy: 0.5, rx: r * 0.28, ry: r * 0.1, detail: detail), SceneColor.rgb(0, 0, 0, 0.12)))
        let head = -r * headLift
        for (grow, alpha) in [(2.6, 0.05), (1.5, 0.07)] {
            out.append((.teardrop(cx: 0, cy: head + 1.2 * size, r: r + grow * size, tipY: 1.0, detail: detail), SceneColor.rgb(0, 0, 0, alpha)))
        }
        if selected {
            out.append((.circle(cx: 0, cy: head, r: r + 7 * size, detail: detail), SceneColor.rgb(c.0, c.1, c.2, 0.22)))
        }
        let border = (selected ? 2.2 : 1.6) * size
        out.append((.teardrop(cx: 0, cy: head, r: r + border, tipY: 0, detail: detail), SceneColor.rgb(255, 255, 255)))
        out.append((.teardrop(cx: 0, cy: head, r: r, tipY: -border * 1.4, detail: detail), body))
        for layer in glyph(kind, cx: 0, cy: head, unit: r * 0.56, fill: body, detail: detail) {
            out.append(layer)
        }
        return out
    }

    /// A white pictogram centred on (cx, cy), drawn in a box ±`unit` points; `fill` is the pin's colour, for cut-outs.
    static func glyph(_ kind: MapPin.Kind, cx: Double, cy: Double, unit u: Double, fill: PremultipliedRGBA8,
                      detail: Double) -> [Layer] {
        let white = SceneColor.rgb(255, 255, 255)
        func P(_ x: Double, _ y: Double) -> SIMD2<Double> { SIMD2(cx + x * u, cy + y * u) }
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double = 0) -> Path {
            .roundedRect(x: cx + x * u, y: cy + y * u, w: w * u, h: h * u, r: r * u, detail: detail)
        }
        func circle(_ x: Double, _ y: Double, _ r: Double) -> Path { .circle(cx: cx + x * u, cy: cy + y * u, r: r * u, detail: detail) }
        switch kind {
        case .cafe:
            var cup = rect(-0.8, -0.45, 1.25, 1.05, 0.28)
            cup.add(.ring(cx: cx + 0.5 * u, cy: cy + 0.02 * u, r: 0.3 * u, width: 0.2 * u, detail: detail))
            cup.add(rect(-0.95, 0.72, 1.6, 0.2, 0.1))
            var steam = Path.stroke([P(-0.4, -0.65), P(-0.3, -0.85), P(-0.4, -1.05)], width: 0.14 * u, roundCaps: true, detail: detail)
            steam.add(.stroke([P(0.05, -0.65), P(0.15, -0.85), P(0.05, -1.05)], width: 0.14 * u, roundCaps: true, detail: detail))
            return [(cup, white), (steam, white)]
        case .restaurant:
            var p = Path()
            for x in [-0.78, -0.5, -0.22] { p.add(rect(x - 0.07, -0.95, 0.14, 0.75, 0.07)) }
            p.add(rect(-0.85, -0.35, 0.7, 0.3, 0.15))
            p.add(rect(-0.59, -0.2, 0.18, 1.15, 0.09))
            p.add(rect(0.3, -0.95, 0.42, 1.0, 0.21))
            p.add(rect(0.42, -0.2, 0.2, 1.15, 0.1))
            return [(p, white)]
        case .museum:
            var p = Path([P(-1, -0.35), P(0, -1.0), P(1, -0.35)])
            for x in [-0.72, -0.1, 0.52] { p.add(rect(x, -0.2, 0.2, 0.8)) }
            p.add(rect(-1, 0.68, 2, 0.26, 0.05))
            return [(p, white)]
        case .shop:
            var bag = rect(-0.78, -0.3, 1.56, 1.25, 0.16)
            let handle = Path.arc(cx: cx, cy: cy - 0.3 * u, r: 0.4 * u, from: .pi, to: 2 * .pi, detail: detail)
            bag.add(.stroke(handle, width: 0.18 * u, detail: detail))
            return [(bag, white)]
        case .train:
            var body = rect(-0.62, -0.98, 1.24, 1.55, 0.32)
            body.add(.stroke([P(-0.3, 0.62), P(-0.62, 1.0)], width: 0.16 * u, roundCaps: true, detail: detail))
            body.add(.stroke([P(0.3, 0.62), P(0.62, 1.0)], width: 0.16 * u, roundCaps: true, detail: detail))
            var cut = rect(-0.42, -0.74, 0.84, 0.56, 0.1)
            cut.add(circle(-0.3, 0.22, 0.12))
            cut.add(circle(0.3, 0.22, 0.12))
            return [(body, white), (cut, fill)]
        case .hotel:
            var p = rect(-1, -0.62, 0.24, 1.45, 0.08)
            p.add(rect(-1, 0.15, 2, 0.42, 0.06))
            p.add(rect(0.78, 0.3, 0.22, 0.53, 0.06))
            p.add(rect(-0.66, -0.2, 0.5, 0.3, 0.15))
            p.add(rect(-0.08, -0.32, 1.08, 0.5, 0.18))
            return [(p, white)]
        case .hospital:
            var p = rect(-0.28, -0.9, 0.56, 1.8, 0.08)
            p.add(rect(-0.9, -0.28, 1.8, 0.56, 0.08))
            return [(p, white)]
        case .garden:
            var p = circle(0, -0.3, 0.62)
            p.add(circle(-0.4, 0.05, 0.42))
            p.add(circle(0.4, 0.05, 0.42))
            p.add(rect(-0.12, 0.1, 0.24, 0.85, 0.05))
            return [(p, white)]
        case .dropped:
            return [(circle(0, 0, 0.5), white)]
        }
    }

    /// Draws `layers` into `pixmap` with the tip at (x, y) pixels, `scale` pixels per point.
    static func draw(_ layers: [Layer], tipX x: Double, tipY y: Double, scale: Double, into pixmap: inout Pixmap) {
        for layer in layers { pixmap.fill(layer.path.transformed(scale: scale, dx: x, dy: y), layer.color) }
    }
}
