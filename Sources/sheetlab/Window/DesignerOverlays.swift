import Raster
import SheetKit
import SheetRender

extension Overlay {
    /// Guides and handles (G), the latest release and settle plot (V), and the badges, from the designer.
    func designerTools(_ designer: Designer, into frame: inout Pixmap) {
        // The guides and the motion overlay are the selected sheet's: the top of a stack.
        let setup = designer.selectedSetup, engine = designer.selectedEngine
        let canvas = setup.canvas
        if designer.panels.guides {
            for d in setup.detents {
                let y = canvas.height - d.height
                let accent = d.id == designer.handleDrag?.detentID ? SRGBColor(hex: "#FFD60A")! : SRGBColor(hex: "#0A84FF")!
                dashedLine(y: y, color: accent, canvas: canvas, into: &frame)
                var label = "\(d.id) · \(JSONWriter.number((d.height * 10).rounded() / 10)) pt"
                if d == setup.largestUndimmed { label += " · undimmed at or below" }
                if d.id == setup.initialDetent.id { label += " · initial" }
                pill(label, x: 8, y: y - 20, color: accent, into: &frame)
                let h = DetentHandles.point(for: d, canvas: canvas)
                frame.fillCircle(cx: h.x * s, cy: h.y * s, radius: 9 * s, SRGBColor.white.premultiplied)
                frame.fillCircle(cx: h.x * s, cy: h.y * s, radius: 6 * s, accent.premultiplied)
            }
            if setup.sheet.dismissible {
                let y = (canvas.height - setup.smallest.height + canvas.height) / 2
                let red = SRGBColor(hex: "#FF453A")!
                dashedLine(y: y, color: red, canvas: canvas, into: &frame)
                pill("release below: dismiss", x: 8, y: y - 20, color: red, into: &frame)
            }
        }
        if designer.panels.motion {
            if let r = engine.lastRelease, engine.time - r.time < Designer.releaseShownFor {
                let x = canvas.width / 2
                let yellow = SRGBColor(hex: "#FFD60A")!
                // The velocity as the distance it would cover in 100 ms, then the projection and the target.
                frame.strokeSegment(x0: x * s, y0: r.top * s, x1: x * s, y1: (r.top + r.velocity * 0.1) * s, width: 3 * s, yellow.premultiplied)
                frame.fillCircle(cx: x * s, cy: r.projectedTop * s, radius: 6 * s, SRGBColor(hex: "#FF9F0A")!.premultiplied)
                pill("v \(Int(r.velocity)) pt/s → \(r.target.detentID ?? "dismiss")", x: x + 12, y: r.top - 10, color: yellow, into: &frame)
                pill("projected", x: x + 12, y: r.projectedTop - 10, color: SRGBColor(hex: "#FF9F0A")!, into: &frame)
                let targetY = canvas.height - r.target.height
                dashedLine(y: targetY, color: SRGBColor(hex: "#30D158")!, canvas: canvas, into: &frame)
            }
            settlePlot(designer.settlePlot.points, detents: setup.detents, canvas: canvas, into: &frame)
        }
        let badges = designer.badges
        if !badges.isEmpty {
            pill(badges.joined(separator: "   "), x: nil, y: canvas.safeTop + 4,
                         color: SRGBColor(hex: "#FF453A")!, canvas: canvas, into: &frame)
        }
    }

    func dashedLine(y: Double, color: SRGBColor, canvas: Canvas, into frame: inout Pixmap) {
        var x = 0.0
        while x < canvas.width {
            frame.fillRect(RectF(x: x * s, y: (y - 0.5) * s, width: 6 * s, height: max(1, s)), color.premultiplied)
            x += 10
        }
    }

    /// A label on a coloured capsule; with no `x`, it sits at the canvas's right edge.
    func pill(_ label: String, x: Double?, y: Double, color: SRGBColor, canvas: Canvas? = nil, into frame: inout Pixmap) {
        let size = 11.0
        let px = Int((size * s).rounded())
        let width = Double(text.width(label, weight: .semibold, pixelSize: px)) / s + 14
        let x = x ?? ((canvas?.width ?? 0) - width - 8)
        frame.fillRoundedRect(RectF(x: x * s, y: y * s, width: width * s, height: 18 * s), radius: 9 * s, color.premultiplied)
        let line = text.rasterizer.metrics(weight: .semibold, pixelSize: px).lineHeight
        text.draw(label, weight: .semibold, pixelSize: px, color: PremultipliedRGBA8.white, x: Int(((x + 7) * s).rounded()),
                  y: Int((y * s + (18 * s - Double(line)) / 2).rounded()), into: &frame)
    }

    /// Height over time of the last settle, with the detents as lines: a small panel at the bottom right.
    func settlePlot(_ points: [(time: Double, height: Double)], detents: [ResolvedDetent], canvas: Canvas, into frame: inout Pixmap) {
        let w = 150.0, h = 90.0
        let x0 = canvas.width - w - 8, y0 = canvas.height - canvas.safeBottom - h - 40
        frame.fillRoundedRect(RectF(x: x0 * s, y: y0 * s, width: w * s, height: h * s), radius: 10 * s, SRGBColor(hex: "#000000B8")!.premultiplied)
        let top = max(canvas.maxSheetHeight, points.map(\.height).max() ?? 0)
        func py(_ height: Double) -> Double { y0 + h - 8 - (height / max(top, 1)) * (h - 16) }
        for d in detents {
            frame.fillRect(RectF(x: (x0 + 6) * s, y: py(d.height) * s, width: (w - 12) * s, height: max(1, s / 2)), SRGBColor(hex: "#FFFFFF40")!.premultiplied)
        }
        guard let first = points.first, let last = points.last, last.time > first.time else { return }
        func px(_ t: Double) -> Double { x0 + 6 + (t - first.time) / (last.time - first.time) * (w - 12) }
        for (a, b) in zip(points, points.dropFirst()) {
            frame.strokeSegment(x0: px(a.time) * s, y0: py(a.height) * s, x1: px(b.time) * s, y1: py(b.height) * s,
                                width: 1.5 * s, SRGBColor(hex: "#FFD60A")!.premultiplied)
        }
        pill("\(Int(last.time - first.time)) ms", x: x0 + 6, y: y0 + 4, color: SRGBColor(hex: "#3A3A3C")!, into: &frame)
    }
}
