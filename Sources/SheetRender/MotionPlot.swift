import Foundation
import Raster
import SheetKit

/// `sheetlab plot`: a simulation drawn over time for reviews and bug reports. Three panels share the time
/// axis: the sheet's height with each detent's height marked, its velocity (the frame-to-frame change of the
/// height, positive rising), and the dimming (with the sheet's opacity where a `slideAndFade` sheet fades).
/// Releases are marked across all panels with their velocity and target; arrivals on a detent with a dot.
public struct MotionPlot {
    /// The picture's size in pixels, at scale 1.
    public static let width = 1000, height = 800
    static let left = 128, right = 36, top = 64
    static let panelHeights = [330, 150, 110], gap = 44

    /// The panels' pixel rows, top to bottom: height, velocity, dimming.
    public static var panels: [Range<Int>] {
        var y = top, out: [Range<Int>] = []
        for h in panelHeights {
            out.append(y..<(y + h))
            y += h + gap
        }
        return out
    }
    static var plotWidth: Int { width - left - right }

    static let ink = StraightRGBA8(28, 28, 30).premultiplied
    static let faint = StraightRGBA8(110, 110, 118).premultiplied
    static let grid = StraightRGBA8(229, 229, 234).premultiplied
    /// The curves' colours: height, velocity, dimming, opacity.
    public static let heightColor = StraightRGBA8(0, 122, 255).premultiplied
    static let velocityColor = StraightRGBA8(255, 149, 0).premultiplied
    static let dimColor = StraightRGBA8(88, 86, 214).premultiplied
    static let alphaColor = StraightRGBA8(52, 199, 89).premultiplied
    static let releaseColor = StraightRGBA8(255, 59, 48).premultiplied
    /// The keyboard's visible height, in the height panel (systemTeal).
    public static let keyboardColor = StraightRGBA8(48, 176, 199).premultiplied
    /// The heights of sheets stacked over the first one, in the height panel, in order of first appearance
    /// (systemPink, systemIndigo, systemBrown).
    public static let stackColors = [StraightRGBA8(255, 45, 85).premultiplied, StraightRGBA8(88, 86, 214).premultiplied,
                                     StraightRGBA8(162, 132, 94).premultiplied]

    public var frames: [FrameState] { didSet { maxHeight = Self.maxHeight(frames, setup) } }
    public var events: [TimedEvent]
    public var setup: SheetSetup { didSet { maxHeight = Self.maxHeight(frames, setup) } }
    public var title: String
    public var text: TextEngine

    public init(frames: [FrameState], events: [TimedEvent], setup: SheetSetup, title: String, text: TextEngine) {
        self.frames = frames; self.events = events; self.setup = setup; self.title = title; self.text = text
        maxHeight = Self.maxHeight(frames, setup)
    }

    /// The time axis: 0 to the last frame.
    var duration: Double { max(1, frames.last?.time ?? 1) }

    /// The height axis: 0 to the canvas height, or further when the sheet was pulled past it. Kept, not computed
    /// at each use: `yHeight` runs once a frame, and a scan of every frame each time made a plot quadratic in frames.
    public private(set) var maxHeight: Double

    static func maxHeight(_ frames: [FrameState], _ setup: SheetSetup) -> Double {
        var m = setup.canvas.height
        for f in frames where f.height > m { m = f.height }
        return m
    }

    /// The height of the last frame at or before `time` (the first frame's before it), by bisection: frames are in time order.
    func height(atOrBefore time: Double) -> Double? {
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? frames[lo - 1].height : nil
    }

    /// Velocities in points per second, positive rising: the change of height from the frame before.
    var velocities: [Double] {
        guard frames.count > 1 else { return frames.map { _ in 0 } }
        var out = [0.0]
        for i in 1..<frames.count {
            let dt = frames[i].time - frames[i - 1].time
            out.append(dt > 0 ? (frames[i].height - frames[i - 1].height) / dt * 1000 : out[i - 1])
        }
        return out
    }

    /// A stacked sheet's velocities in points per second, positive rising, where it is up in this frame and the one before.
    static func velocities(_ heights: [Double?], _ frames: [FrameState]) -> [Double?] {
        heights.indices.map { i in
            guard i > 0, let h = heights[i], let g = heights[i - 1] else { return nil }
            let dt = frames[i].time - frames[i - 1].time
            return dt > 0 ? (h - g) / dt * 1000 : nil
        }
    }

    /// The column of time `t`.
    public func x(_ t: Double) -> Double { Double(Self.left) + t / duration * Double(Self.plotWidth) }

    /// The row of height `h` in the height panel.
    public func yHeight(_ h: Double) -> Double {
        let p = Self.panels[0]
        return Double(p.upperBound) - h / maxHeight * Double(p.count)
    }

    public func render() -> Pixmap {
        var image = Pixmap(width: Self.width, height: Self.height, fill: .white)
        text.draw(title, weight: .semibold, pixelSize: 18, color: Self.ink, x: Self.left, y: 16, into: &image)
        let panels = Self.panels
        let v = velocities
        let stackedV = stackedIDs.flatMap { id in Self.velocities(frames.map { f in f.stack.first { $0.sheet == id }?.height }, frames).compactMap { $0 } }
        let vMax = Self.niceCeiling(max(500, (v + stackedV).map(abs).max() ?? 0))

        // Height: the detents' heights, dashed, labelled; then the curve and the arrivals.
        frame(panels[0], label: "height, pt", into: &image)
        yTicks(panels[0], values: stride(from: 0, through: maxHeight, by: Self.niceStep(maxHeight / 6)).map { $0 }, y: yHeight, into: &image)
        var lastLabel = Int.min
        for d in setup.detents.sorted(by: { $0.height > $1.height }) {
            let yy = yHeight(d.height)
            dashed(y: yy, color: Self.faint, into: &image)
            let label = "\(d.id) \(Self.number(d.height))"
            let w = text.width(label, weight: .medium, pixelSize: 11)
            let ly = max(Int(yy) - 14, lastLabel + 13)
            text.draw(label, weight: .medium, pixelSize: 11, color: Self.faint, x: Self.left + Self.plotWidth - w - 4, y: ly, into: &image)
            lastLabel = ly
        }
        // The stacked sheets' detents (those the first sheet does not share), in their colours.
        let stacked = stackedIDs
        for (i, id) in stacked.enumerated() {
            guard let stackSetup = setup.stackSetups[id] else { continue }
            let color = Self.stackColors[i % Self.stackColors.count]
            for d in stackSetup.detents where !setup.detents.contains(where: { abs($0.height - d.height) < 0.5 }) {
                let yy = yHeight(d.height)
                dashed(y: yy, color: color, into: &image)
                let label = "\(TerminalText.safe(id)) \(d.id) \(Self.number(d.height))"
                let w = text.width(label, weight: .medium, pixelSize: 11)
                text.draw(label, weight: .medium, pixelSize: 11, color: color, x: Self.left + Self.plotWidth - w - 4, y: Int(yy) - 14, into: &image)
            }
        }
        // The keyboard's height on the same axis, only when a keyboard shows (plots without one stay as they were).
        let keyboard = frames.contains { $0.keyboard > 0 }
        if keyboard { curve(frames.map(\.keyboard), y: yHeight, color: Self.keyboardColor, into: &image) }
        curve(frames.map(\.height), y: yHeight, color: Self.heightColor, into: &image)
        // Each stacked sheet's height while it is up (plots without a stack stay as they were).
        let stackedHeights = stacked.map { id in frames.map { f in f.stack.first { $0.sheet == id }?.height } }
        for (i, heights) in stackedHeights.enumerated() {
            segments(heights, y: yHeight, color: Self.stackColors[i % Self.stackColors.count], into: &image)
        }

        // Velocity.
        let pv = panels[1]
        let yVelocity = { (value: Double) in Double(pv.lowerBound) + (vMax - value) / (2 * vMax) * Double(pv.count) }
        frame(pv, label: "velocity, pt/s (up +)", into: &image)
        yTicks(pv, values: [-vMax, 0, vMax], y: yVelocity, into: &image)
        image.strokeSegment(x0: Double(Self.left), y0: yVelocity(0), x1: Double(Self.left + Self.plotWidth), y1: yVelocity(0), width: 1, Self.faint)
        curve(v, y: yVelocity, color: Self.velocityColor, into: &image)
        for (i, heights) in stackedHeights.enumerated() {
            segments(Self.velocities(heights, frames), y: yVelocity, color: Self.stackColors[i % Self.stackColors.count], into: &image)
        }

        // Dimming, and the sheet's opacity where it is not always 1.
        let pd = panels[2]
        let yUnit = { (value: Double) in Double(pd.upperBound) - value * Double(pd.count) }
        let fades = frames.contains { $0.alpha < 1 }
        frame(pd, label: fades ? "dimming, opacity" : "dimming", into: &image)
        yTicks(pd, values: [0, 0.5, 1], y: yUnit, into: &image)
        curve(frames.map(\.dim), y: yUnit, color: Self.dimColor, into: &image)
        if fades { curve(frames.map(\.alpha), y: yUnit, color: Self.alphaColor, into: &image) }

        timeAxis(below: pd, into: &image)
        marks(yHeight: yHeight, into: &image)
        legend(fades: fades, keyboard: keyboard, stacked: stacked, into: &image)
        return image
    }

    /// The ids of the sheets stacked over the first one at some frame, in order of first appearance.
    var stackedIDs: [String] {
        var ids: [String] = []
        for f in frames { for s in f.stack where !ids.contains(s.sheet) { ids.append(s.sheet) } }
        return ids
    }

    /// A curve through the frames that have a value, broken where they have none.
    private func segments(_ values: [Double?], y: (Double) -> Double, color: PremultipliedRGBA8, into image: inout Pixmap) {
        var run: [SIMD2<Double>] = []
        func flush() {
            if run.count == 1 { run.append(run[0] + SIMD2(1, 0)) }
            if run.count > 1 { image.fill(.stroke(run, width: 2, roundCaps: true, detail: 0.25), color) }
            run = []
        }
        for (f, v) in zip(frames, values) {
            if let v { run.append(SIMD2(x(f.time), y(v))) } else { flush() }
        }
        flush()
    }

    // MARK: - Parts

    private func frame(_ rows: Range<Int>, label: String, into image: inout Pixmap) {
        let x0 = Double(Self.left), x1 = Double(Self.left + Self.plotWidth)
        let y0 = Double(rows.lowerBound), y1 = Double(rows.upperBound)
        for (a, b) in [((x0, y0), (x1, y0)), ((x0, y1), (x1, y1)), ((x0, y0), (x0, y1)), ((x1, y0), (x1, y1))] {
            image.strokeSegment(x0: a.0, y0: a.1, x1: b.0, y1: b.1, width: 1, Self.faint)
        }
        text.draw(label, weight: .medium, pixelSize: 12, color: Self.ink, x: Self.left, y: rows.lowerBound - 18, into: &image)
    }

    private func yTicks(_ rows: Range<Int>, values: [Double], y: (Double) -> Double, into image: inout Pixmap) {
        for value in values {
            let yy = y(value)
            guard yy >= Double(rows.lowerBound) - 0.5, yy <= Double(rows.upperBound) + 0.5 else { continue }
            if yy > Double(rows.lowerBound) + 1 && yy < Double(rows.upperBound) - 1 {
                image.strokeSegment(x0: Double(Self.left) + 1, y0: yy, x1: Double(Self.left + Self.plotWidth) - 1, y1: yy, width: 1, Self.grid)
            }
            let label = Self.number(value)
            let w = text.width(label, weight: .regular, pixelSize: 11)
            text.draw(label, weight: .regular, pixelSize: 11, color: Self.faint, x: Self.left - 8 - w, y: Int(yy) - 7, into: &image)
        }
    }

    private func dashed(y: Double, color: PremultipliedRGBA8, into image: inout Pixmap) {
        var x = Double(Self.left)
        let end = Double(Self.left + Self.plotWidth)
        while x < end {
            image.strokeSegment(x0: x, y0: y, x1: min(x + 6, end), y1: y, width: 1.5, color)
            x += 11
        }
    }

    private func curve(_ values: [Double], y: (Double) -> Double, color: PremultipliedRGBA8, into image: inout Pixmap) {
        guard frames.count == values.count, !values.isEmpty else { return }
        let points = zip(frames, values).map { SIMD2(x($0.0.time), y($0.1)) }
        if points.count == 1 {
            image.fill(.stroke([points[0], points[0] + SIMD2(1, 0)], width: 2, roundCaps: true, detail: 0.25), color)
            return
        }
        image.fill(.stroke(points, width: 2, roundCaps: true, detail: 0.25), color)
    }

    private func timeAxis(below rows: Range<Int>, into image: inout Pixmap) {
        let step = Self.niceStep(duration / 8)
        let yb = Double(rows.upperBound)
        for t in stride(from: 0, through: duration, by: step) {
            let xx = x(t)
            image.strokeSegment(x0: xx, y0: yb, x1: xx, y1: yb + 5, width: 1, Self.faint)
            let label = Self.number(t)
            let w = text.width(label, weight: .regular, pixelSize: 11)
            text.draw(label, weight: .regular, pixelSize: 11, color: Self.faint, x: Int(xx) - w / 2, y: Int(yb) + 8, into: &image)
        }
        let label = "time, ms"
        let w = text.width(label, weight: .medium, pixelSize: 12)
        text.draw(label, weight: .medium, pixelSize: 12, color: Self.ink, x: Self.left + (Self.plotWidth - w) / 2, y: Int(yb) + 26, into: &image)
    }

    /// Releases: a line through every panel, with the release velocity and where the engine sent the sheet.
    /// Arrivals: a dot on the height curve where the sheet came to rest on a detent, or was dismissed.
    private func marks(yHeight: (Double) -> Double, into image: inout Pixmap) {
        let first = Self.panels[0].lowerBound, last = Self.panels[2].upperBound
        var labelRow = 0
        for e in events {
            let xx = x(e.time)
            switch e.event {
            case .release(let r):
                var y = Double(first)
                while y < Double(last) {
                    image.strokeSegment(x0: xx, y0: y, x1: xx, y1: min(y + 4, Double(last)), width: 1, Self.releaseColor)
                    y += 8
                }
                let target: String
                switch r.target {
                case .detent(let d): target = d.id
                case .dismiss: target = "dismiss"
                }
                let label = (e.sheet.map { "\(TerminalText.safe($0)): " } ?? "") + "release \(Int((-r.velocity).rounded())) pt/s → \(target)"
                let w = text.width(label, weight: .medium, pixelSize: 11)
                let lx = min(Int(xx) + 4, Self.left + Self.plotWidth - w - 4)
                let ly = first + 4 + 16 * (labelRow % 3)
                // On a white plate, so that it reads over the curves and the detent lines.
                image.fillRoundedRect(RectF(x: Double(lx - 3), y: Double(ly - 1), width: Double(w + 6), height: 15), radius: 3,
                                      StraightRGBA8(255, 255, 255, 230).premultiplied)
                text.draw(label, weight: .medium, pixelSize: 11, color: Self.releaseColor, x: lx, y: ly, into: &image)
                labelRow += 1
            case .detent, .dismissed:
                guard e.sheet == nil else { break }
                let h = height(atOrBefore: e.time + 0.001) ?? 0
                let c = SIMD2(xx, yHeight(h))
                image.fill(.stroke([c, c + SIMD2(0.01, 0)], width: 7, roundCaps: true, detail: 0.25), Self.heightColor)
                image.fill(.stroke([c, c + SIMD2(0.01, 0)], width: 3, roundCaps: true, detail: 0.25), .white)
            default:
                break
            }
        }
    }

    private func legend(fades: Bool, keyboard: Bool, stacked: [String] = [], into image: inout Pixmap) {
        var entries: [(String, PremultipliedRGBA8)] = [("height", Self.heightColor)]
        for (i, id) in stacked.enumerated() { entries.append((TerminalText.safe(id), Self.stackColors[i % Self.stackColors.count])) }
        if keyboard { entries.append(("keyboard", Self.keyboardColor)) }
        entries += [("velocity", Self.velocityColor), ("dimming", Self.dimColor)]
        if fades { entries.append(("opacity", Self.alphaColor)) }
        entries.append(("release", Self.releaseColor))
        var x = Self.left + Self.plotWidth
        for (label, color) in entries.reversed() {
            let w = text.width(label, weight: .regular, pixelSize: 12)
            x -= w
            text.draw(label, weight: .regular, pixelSize: 12, color: Self.ink, x: x, y: 38, into: &image)
            x -= 20
            image.fillRoundedRect(RectF(x: Double(x), y: 40, width: 14, height: 14), radius: 3, color)
            x -= 16
        }
    }

    // MARK: - Numbers

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let p = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2, 5, 10] where m * p >= raw { return m * p }
        return 10 * p
    }

    /// The next multiple of a nice step at or above `value`.
    static func niceCeiling(_ value: Double) -> Double {
        let step = niceStep(value / 2)
        return (value / step).rounded(.up) * step
    }

    static func number(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
