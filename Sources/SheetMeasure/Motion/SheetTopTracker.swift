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
    /// Every straight edge across the probe columns, topmost first, from which `SheetTopTracker.resolve` chooses the
    /// sheet's top by its path through the recording; empty for a track made without pixels.
    public var candidates: [EdgeCandidate] = []

    public init(time: Double, duration: Double? = nil, height: Double?, spread: Double = 0, columns: Int = 0,
                insets: (left: Double, right: Double)? = nil) {
        self.time = time; self.duration = duration; self.height = height; self.spread = spread; self.columns = columns
        self.insets = insets
    }

    public static func == (a: TrackedFrame, b: TrackedFrame) -> Bool {
        a.time == b.time && a.duration == b.duration && a.height == b.height && a.spread == b.spread && a.columns == b.columns
            && a.insets?.left == b.insets?.left && a.insets?.right == b.insets?.right && a.candidates == b.candidates
    }
}

/// A straight edge across most probe columns: the sheet's top, or something as straight (a street, a card's top).
public struct EdgeCandidate: Sendable, Equatable {
    /// The visible height it would give, points.
    public var height: Double
    public var spread: Double
    public var columns: Int
    /// Whether the columns 3 pt from both sides step on the same row, as a full-width line does and a sheet's rounded
    /// corner does not.
    public var crossesWidth: Bool
    /// Whether it stays put while the sheet moves (`SheetTopTracker.resolve`): the background's.
    public var isStatic = false
    public var insets: (left: Double, right: Double)?
    /// Whether it was read where the frame leaves the scene known to be behind the sheet (`SheetFinder.revealedTop`):
    /// then it is the sheet's top, and the background's edges are not followed in that frame.
    public var offScene = false

    public static func == (a: EdgeCandidate, b: EdgeCandidate) -> Bool {
        a.height == b.height && a.spread == b.spread && a.columns == b.columns && a.crossesWidth == b.crossesWidth && a.isStatic == b.isStatic
            && a.offScene == b.offScene
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
    public var quorum = 0.6
    public var agreement = 2
    /// Rows above this many points are not searched: the status bar and its scrim, which no sheet's top reaches on an
    /// iPhone with a notch or an island (their large detent's top is at least 47 pt down). Default 40.
    public var topMargin = 40.0
    let columns: [Int]
    /// Two columns 3 pt in from the sides: a sheet's rounded top corners keep its edge off them at its top row (a
    /// glass sheet's 38 pt corner meets them 23 pt lower, a classic 10 pt corner 4 pt lower), while a status bar's
    /// scrim or a map's street crosses the whole width, so a row where they step too is not the sheet's top.
    let sides: [Int]

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
        let nearSide = min(width / 2, Int((3 * scale).rounded()))
        sides = [nearSide, width - 1 - nearSide]
    }

    /// The frame's straight edges, and the topmost one that does not cross the whole width as its first guess at the
    /// top (`resolve` then chooses with the frames around it).
    public func track(_ frame: Pixmap, time: Double, duration: Double? = nil) -> TrackedFrame {
        precondition(frame.width == width && frame.height == height, "every frame has the recording's size")
        let lines = columns.map { x in (0..<height).map { EdgeProbe.RGB(frame.pixels[$0 * width + x]) } }
        let stepsPerColumn = lines.map { EdgeProbe.steps($0, threshold: threshold) }
        let needed = max(2, Int((Double(columns.count) * quorum).rounded(.up)))
        let rows = Set(stepsPerColumn.flatMap { $0 }).filter { Double($0) >= topMargin * scale }.sorted()
        let sideSteps = sides.map { x in EdgeProbe.steps((0..<height).map { EdgeProbe.RGB(frame.pixels[$0 * width + x]) }, threshold: threshold) }
        let canvasHeight = Double(height) / scale
        var found: [EdgeCandidate] = []
        var lastTop = -Double.infinity
        for row in rows {
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
            // Neighbouring rows of one edge give the same top.
            guard top - lastTop >= 1 else { continue }
            lastTop = top
            let spread = (kept.map { ($0 - top) * ($0 - top) }.reduce(0, +) / Double(kept.count)).squareRoot()
            let crosses = sideSteps.allSatisfy { $0.contains { abs(Double($0) - top) <= Double(agreement) } }
            found.append(EdgeCandidate(height: canvasHeight - top / scale, spread: spread / scale, columns: kept.count,
                                       crossesWidth: crosses, insets: insets(frame, topPixels: top)))
            // Every edge down the frame, up to a bound: the background above the sheet can have many (a list's rows),
            // and the sheet's own content below its top is what `resolve` follows it by.
            if found.count >= Self.maximumCandidates { break }
        }
        var tracked = TrackedFrame(time: time, duration: duration, height: nil)
        tracked.candidates = found
        if let first = found.first(where: { !$0.crossesWidth }) { tracked.choose(first) }
        return tracked
    }

    /// The most edges kept per frame, topmost first.
    static let maximumCandidates = 48

    /// The left and right inset 45 pt below the top, as the retired `scripts/measure-inset-recording.py` read them: the first
    /// step in from each side of the row, against the colour at the screen's edge, read on three rows 5 pt apart that
    /// must agree within a pixel (a map's feature beside the sheet moves from row to row; the sheet's side does not).
    /// Nil when the rows are off the frame or disagree, or a side shows no step while the screen's edge is not the
    /// sheet's own colour. It needs a plain background beside the sheet, as the script did.
    func insets(_ frame: Pixmap, topPixels: Double) -> (left: Double, right: Double)? {
        var readings: [(left: Double, right: Double)] = []
        for offset in [45.0, 50, 55] {
            let y = Int((topPixels + offset * scale).rounded())
            guard y < height - 1, let reading = insets(frame, row: y) else { return nil }
            readings.append(reading)
        }
        let lefts = readings.map(\.left), rights = readings.map(\.right)
        guard lefts.max()! - lefts.min()! <= 1 / scale, rights.max()! - rights.min()! <= 1 / scale else { return nil }
        return (lefts.reduce(0, +) / 3, rights.reduce(0, +) / 3)
    }

    func insets(_ frame: Pixmap, row y: Int) -> (left: Double, right: Double)? {
        let reach = min(width / 2 - 1, Int(40 * scale))
        guard reach > 4 else { return nil }
        let row = (0..<width).map { EdgeProbe.RGB(frame.pixels[y * width + $0]) }
        func side(_ line: [EdgeProbe.RGB]) -> Double? {
            let inside = line[reach]
            // The sheet's own colour at the screen's edge: it touches the edge (no inset).
            if line[0].distance(to: inside) <= threshold { return 0 }
            let near = Array(line[0...reach])
            guard let step = EdgeProbe.steps(near, threshold: threshold, from: 2).first else { return nil }
            if let e = EdgeProbe.subpixel(near, step: step) { return e / scale }
            // An edge within three pixels of the screen's: the area from the screen's edge, whose first pixel is the
            // background (it differs from the sheet's colour).
            let sheet = near[min(near.count - 1, step + 2)]
            var area = 0.0
            for i in 0...(step + 1) { area += 1 - EdgeProbe.fraction(near[i], outside: near[0], inside: sheet) }
            return area / scale
        }
        guard let left = side(row), let right = side(row.reversed()) else { return nil }
        return (left, right)
    }
}

extension TrackedFrame {
    mutating func choose(_ c: EdgeCandidate) {
        height = c.height; spread = c.spread; columns = c.columns; insets = c.insets
    }
}

extension SheetTopTracker {
    /// The sheet's top in every frame: the topmost edge that is not the background's (`withoutStaticEdges` marks
    /// those: a street, the status bar's scrim). Frames without candidates keep what they have (a track made without
    /// pixels).
    public static func resolve(_ tracked: [TrackedFrame], scale: Double) -> [TrackedFrame] {
        var frames = withoutStaticEdges(tracked, scale: scale)
        for i in frames.indices where !frames[i].candidates.isEmpty {
            if let first = frames[i].candidates.first(where: { !$0.isStatic }) { frames[i].choose(first) } else {
                frames[i].height = nil; frames[i].insets = nil
            }
        }
        return frames
    }

    /// The frames with the background's edges marked static. An edge is the background's when, from one frame to the
    /// next, it stays within half a pixel while the edge just below it moves by more than a pixel (the sheet's top
    /// passing beneath a street); the sheet's own top carries its content with it, and at a rest nothing moves. Once
    /// two frames have caught an edge so, it is the background's wherever it shows (at a rest too, where nothing
    /// moves to catch it).
    static func withoutStaticEdges(_ frames: [TrackedFrame], scale: Double) -> [TrackedFrame] {
        var frames = frames
        let pixel = 1 / scale
        let bin = { (h: Double) in Int((h * scale * 2).rounded()) }
        func below(_ f: TrackedFrame, _ k: Int) -> Double? { f.candidates[(k + 1)...].first?.height }
        var caught: [Int: Int] = [:]
        for i in frames.indices.dropFirst() {
            let previous = frames[i - 1], here = frames[i]
            for (k, c) in here.candidates.enumerated() {
                guard let j = previous.candidates.firstIndex(where: { abs($0.height - c.height) <= pixel / 2 }),
                      let a = below(here, k), let b = below(previous, j), abs(a - b) > pixel else { continue }
                caught[bin(c.height), default: 0] += 1
            }
        }
        for i in frames.indices {
            for k in frames[i].candidates.indices {
                let key = bin(frames[i].candidates[k].height)
                let count = (caught[key - 1] ?? 0) + (caught[key] ?? 0) + (caught[key + 1] ?? 0)
                if count >= 2 { frames[i].candidates[k].isStatic = true }
            }
        }
        return frames
    }
}
