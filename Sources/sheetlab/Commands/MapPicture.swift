import Raster
import SheetKit

/// Draws decision maps (`DecisionMap`) side by side: one plot per feel with the same axes, the detents' tops and
/// the dismiss line marked, velocity ticks, a legend and a title. Pixels at scale 1; the size depends only on
/// the number of plots.
struct MapPicture {
    static let plotWidth = 280, plotHeight = 420
    static let left = 132, right = 170, top = 78, bottom = 64, gap = 28
    static let velocities = -3000.0...3000.0

    var maps: [DecisionMap]
    var title: String
    var text: TextEngine

    static func size(plots: Int) -> (width: Int, height: Int) {
        (left + plots * plotWidth + (plots - 1) * gap + right, top + plotHeight + bottom)
    }

    static let ink = StraightRGBA8(28, 28, 30).premultiplied
    static let faint = StraightRGBA8(110, 110, 118).premultiplied
    static let dismissColor = StraightRGBA8(229, 72, 77)
    static let palette: [StraightRGBA8] = [StraightRGBA8(76, 141, 246), StraightRGBA8(52, 195, 160), StraightRGBA8(245, 185, 66),
                                           StraightRGBA8(167, 139, 250), StraightRGBA8(240, 110, 170), StraightRGBA8(120, 200, 80)]

    static func color(ofDetent i: Int) -> StraightRGBA8 { i < 0 ? dismissColor : palette[i % palette.count] }

    func render() -> Pixmap {
        let size = Self.size(plots: maps.count)
        var image = Pixmap(width: size.width, height: size.height, fill: .white)
        guard let first = maps.first else { return image }
        let H = first.setup.canvas.height
        text.draw(title, weight: .semibold, pixelSize: 20, color: Self.ink, x: Self.left, y: 14, into: &image)
        text.draw("where the sheet ends for a release at a position (its top) and a velocity; a steady 100 ms drag",
                  weight: .regular, pixelSize: 12, color: Self.faint, x: Self.left, y: 42, into: &image)
        for (i, map) in maps.enumerated() {
            let x0 = Self.left + i * (Self.plotWidth + Self.gap)
            drawPlot(map, x0: x0, H: H, into: &image)
        }
        drawYAxis(first, H: H, into: &image)
        drawLegend(first, x: size.width - Self.right + 20, into: &image)
        let label = "release velocity, pt/s (negative up, positive down)"
        let lw = text.width(label, weight: .medium, pixelSize: 13)
        let plotsWidth = size.width - Self.left - Self.right
        text.draw(label, weight: .medium, pixelSize: 13, color: Self.ink, x: Self.left + (plotsWidth - lw) / 2,
                  y: Self.top + Self.plotHeight + 36, into: &image)
        return image
    }

    private func y(_ top: Double, _ H: Double) -> Double { Double(Self.top) + top / H * Double(Self.plotHeight) }

    private func drawPlot(_ map: DecisionMap, x0: Int, H: Double, into image: inout Pixmap) {
        let cells = map.grid(rows: Self.plotHeight, columns: Self.plotWidth, velocities: Self.velocities)
        for (r, row) in cells.enumerated() {
            for (c, index) in row.enumerated() {
                image[x0 + c, Self.top + r] = Self.color(ofDetent: index).premultiplied
            }
        }
        let x1 = Double(x0 + Self.plotWidth)
        // Detents' tops (solid) and the uikit dismiss line (dashed), over the cells.
        let lineInk = StraightRGBA8(28, 28, 30, 170).premultiplied
        for d in map.detentTops {
            let yy = y(d.top, H)
            image.strokeSegment(x0: Double(x0), y0: yy, x1: x1, y1: yy, width: 1.5, lineInk)
        }
        let smallestTop = map.detentTops.last!.top
        let dy = y((smallestTop + H) / 2, H)
        var x = Double(x0)
        while x < x1 {
            image.strokeSegment(x0: x, y0: dy, x1: min(x + 6, x1), y1: dy, width: 1.5, lineInk)
            x += 11
        }
        // v = 0.
        let zero = Double(x0) + Double(Self.plotWidth) / 2
        image.strokeSegment(x0: zero, y0: Double(Self.top), x1: zero, y1: Double(Self.top + Self.plotHeight), width: 1,
                            StraightRGBA8(255, 255, 255, 140).premultiplied)
        // Frame, feel name, velocity ticks.
        let frame = Self.faint
        let yb = Double(Self.top + Self.plotHeight)
        for (a, b) in [((Double(x0), Double(Self.top)), (x1, Double(Self.top))), ((Double(x0), yb), (x1, yb)),
                       ((Double(x0), Double(Self.top)), (Double(x0), yb)), ((x1, Double(Self.top)), (x1, yb))] {
            image.strokeSegment(x0: a.0, y0: a.1, x1: b.0, y1: b.1, width: 1, frame)
        }
        let name = map.feel.title + (map.feel == map.setup.feel && maps.count > 1 ? " (config)" : "")
        text.draw(name, weight: .semibold, pixelSize: 15, color: Self.ink, x: x0, y: Self.top - 22, into: &image)
        for v in stride(from: Self.velocities.lowerBound, through: Self.velocities.upperBound, by: 1500) {
            let tx = Double(x0) + (v - Self.velocities.lowerBound) / (Self.velocities.upperBound - Self.velocities.lowerBound)
                * Double(Self.plotWidth)
            image.strokeSegment(x0: tx, y0: yb, x1: tx, y1: yb + 5, width: 1, frame)
            let label = v == 0 ? "0" : String(Int(v))
            let w = text.width(label, weight: .regular, pixelSize: 11)
            let lx = min(max(Int(tx) - w / 2, x0 - 4), x0 + Self.plotWidth - w + 4)
            text.draw(label, weight: .regular, pixelSize: 11, color: Self.faint, x: lx, y: Int(yb) + 8, into: &image)
        }
    }

    private func drawYAxis(_ map: DecisionMap, H: Double, into image: inout Pixmap) {
        text.draw("release position", weight: .medium, pixelSize: 13, color: Self.ink, x: 8, y: Self.top - 22, into: &image)
        var marks: [(String, Double)] = [("0", 0)] + map.detentTops.map { ("\($0.id) \(Int($0.top.rounded()))", $0.top) }
        marks.append(("dismiss line", (map.detentTops.last!.top + H) / 2))
        marks.append(("H \(Int(H))", H))
        var lastY = -100
        for (label, top) in marks {
            let yy = Int(y(top, H).rounded())
            let ly = max(yy - 7, lastY + 13)
            text.draw(label, weight: .regular, pixelSize: 11, color: Self.faint,
                      x: Self.left - 8 - text.width(label, weight: .regular, pixelSize: 11), y: ly, into: &image)
            lastY = ly
        }
    }

    private func drawLegend(_ map: DecisionMap, x: Int, into image: inout Pixmap) {
        text.draw("ends on", weight: .medium, pixelSize: 13, color: Self.ink, x: x, y: Self.top - 22, into: &image)
        let entries = map.setup.detents.enumerated().reversed().map { ($0.element.id, Self.color(ofDetent: $0.offset)) }
            + [("dismissed", Self.dismissColor)]
        for (i, entry) in entries.enumerated() {
            let yy = Self.top + i * 24
            image.fillRoundedRect(RectF(x: Double(x), y: Double(yy), width: 16, height: 16), radius: 3, entry.1.premultiplied)
            text.draw(entry.0, weight: .regular, pixelSize: 13, color: Self.ink, x: x + 24, y: yy, into: &image)
        }
        let yy = Self.top + entries.count * 24 + 12
        image.strokeSegment(x0: Double(x), y0: Double(yy + 8), x1: Double(x + 16), y1: Double(yy + 8), width: 1.5, Self.ink)
        text.draw("a detent's top", weight: .regular, pixelSize: 12, color: Self.faint, x: x + 24, y: yy, into: &image)
        for k in 0..<2 {
            let dx = Double(x + k * 10)
            image.strokeSegment(x0: dx, y0: Double(yy + 32), x1: dx + 6, y1: Double(yy + 32), width: 1.5, Self.ink)
        }
        text.draw("dismiss line (UIKit)", weight: .regular, pixelSize: 12, color: Self.faint, x: x + 24, y: yy + 24, into: &image)
    }
}
