import Raster

/// The sheet's top edge and side insets in one frame of a recording.
public struct TrackedFrame: Sendable, Equatable {
    /// Seconds from the recording's start.
    public var time: Double
    /// How long the frame is shown, in seconds, when the file says (an animated WebP or GIF lengthens a frame instead of
    /// repeating it); nil for a video frame, which lasts until the next.
    public var duration: Double?
    /// Visible height H − top in points, or nil when no sheet edge was found in this frame.
    public var height: Double?
    /// The spread (RMS, points) of the columns that agreed on the top.
    public var spread: Double
    /// How many probe columns agreed on the top.
    public var columns: Int
    /// The sheet's left and right inset in points, 45 pt below its top (below the top corners), when both sides of the
    /// sheet could be told from what is beside it; 0 when the sheet touches the screen's edge.
    public var insets: (left: Double, right: Double)?

    public init(time: Double, duration: Double? = nil, height: Double?, spread: Double = 0, columns: Int = 0,
                insets: (left: Double, right: Double)? = nil) {
        self.time = time; self.duration = duration; self.height = height; self.spread = spread; self.columns = columns
        self.insets = insets
    }

    public static func == (a: TrackedFrame, b: TrackedFrame) -> Bool {
        a.time == b.time && a.duration == b.duration && a.height == b.height && a.spread == b.spread && a.columns == b.columns
            && a.insets?.left == b.insets?.left && a.insets?.right == b.insets?.right
    }
}

/// Finds the sheet's top in each frame: the topmost row where most probe columns step at once.
///
/// The probe columns sit between 50 pt from either side (clear of a glass sheet's 38 pt top corners and its inset) and
/// 30 pt from the middle (clear of the grabber). A sheet's top is a straight edge across all of them; a map's roads,
/// the status bar's text and the dimming's gradient step in a few columns at most. Each agreeing column then gives a
/// sub-pixel edge (`EdgeProbe.subpixel`), and their median is the frame's top. What it cannot tell apart: a background
/// with a full-width horizontal line above the sheet (a list's separators), which is as straight as the sheet's edge.
public struct SheetTopTracker: Sendable {
    /// Pixels per point.
    public var scale: Double
    /// Frame size in pixels.
    public var width: Int
    public var height: Int
    /// The colour step (sum of RGB differences, 0–765) a column must show at the edge. 24 is under a tenth of the
    /// glass sheet's contrast against a dimmed map, and above a video codec's noise.
    public var threshold = 24.0
    /// The share of columns that must step within `agreement` px of each other.
    public var quorum = 0.7
    public var agreement = 2
    let columns: [Int]

    public init(scale: Double, width: Int, height: Int) {
        self.scale = scale
        self.width = width
        self.height = height
        let side = 50 * scale, middle = 30 * scale
        let lo = side, hi = Double(width) / 2 - middle
        let perSide = 6
        var xs: [Int] = []
        if hi > lo {
            for k in 0..<perSide {
                let x = lo + (hi - lo) * Double(k) / Double(perSide - 1)
                xs.append(Int(x.rounded()))
                xs.append(width - 1 - Int(x.rounded()))
            }
        } else {
            // A canvas too narrow for the margins: spread the columns over the middle half.
            for k in 0..<8 { xs.append(Int(Double(width) * (0.25 + 0.5 * Double(k) / 7))) }
        }
        columns = Array(Set(xs.filter { (0..<width).contains($0) })).sorted()
    }

    /// The frame's top edge and insets. `canvasHeight` is the frame's height in points.
    public func track(_ frame: Pixmap, time: Double, duration: Double? = nil) -> TrackedFrame {
        precondition(frame.width == width && frame.height == height, "every frame has the recording's size")
        let lines = columns.map { x in (0..<height).map { EdgeProbe.RGB(frame.pixels[$0 * width + x]) } }
        let stepsPerColumn = lines.map { EdgeProbe.steps($0, threshold: threshold) }
        let needed = max(2, Int((Double(columns.count) * quorum).rounded(.up)))
        // Candidate rows in order, topmost first: the first that enough columns share is the top.
        let candidates = Set(stepsPerColumn.flatMap { $0 }).sorted()
        var empty = TrackedFrame(time: time, duration: duration, height: nil, spread: 0, columns: 0, insets: nil)
        for row in candidates {
            var edges: [Double] = []
            for (c, steps) in stepsPerColumn.enumerated() {
                guard let step = steps.first(where: { abs($0 - row) <= agreement }) else { continue }
                if let e = EdgeProbe.subpixel(lines[c], step: step) { edges.append(e) }
            }
            guard edges.count >= needed else { continue }
            edges.sort()
            let median = edges[edges.count / 2]
            let kept = edges.filter { abs($0 - median) <= 1 }
            guard kept.count >= needed else { continue }
            let top = kept.reduce(0, +) / Double(kept.count)
            let spread = (kept.map { ($0 - top) * ($0 - top) }.reduce(0, +) / Double(kept.count)).squareRoot()
            let canvasHeight = Double(height) / scale
            return TrackedFrame(time: time, duration: duration, height: canvasHeight - top / scale, spread: spread / scale,
                                columns: kept.count, insets: insets(frame, topPixels: top))
        }
        empty.columns = 0
        return empty
    }

    /// The left and right inset 45 pt below the top, as `scripts/measure-inset-recording.py` reads them: the first
    /// step in from each side of the row, against the colour at the screen's edge. Nil when the row is off the frame
    /// or a side shows no step and the screen's edge is not the sheet's own colour.
    func insets(_ frame: Pixmap, topPixels: Double) -> (left: Double, right: Double)? {
        let y = Int((topPixels + 45 * scale).rounded())
        guard y < height - 1 else { return nil }
        let reach = min(width / 2 - 1, Int(40 * scale))
        guard reach > 4 else { return nil }
        let row = (0..<width).map { EdgeProbe.RGB(frame.pixels[y * width + $0]) }
        func side(_ line: [EdgeProbe.RGB]) -> Double? {
            let inside = line[reach]
            // The sheet's own colour at the screen's edge: it touches the edge (no inset).
            if line[0].distance(to: inside) <= threshold { return 0 }
            let near = Array(line[0...reach])
            guard let step = EdgeProbe.steps(near, threshold: threshold, from: 2).first else { return nil }
            if step <= 2 { return 0 }
            return EdgeProbe.subpixel(near, step: step).map { $0 / scale }
        }
        guard let left = side(row), let right = side(row.reversed()) else { return nil }
        return (left, right)
    }
}
