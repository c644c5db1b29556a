import Raster

/// A still stretch of a recording, measured as a screenshot is (`SheetMeasurer`): where the sheet rests, read by the
/// still finder (which tells a sheet's top from a street by its corners and sides), and the picture, for the look.
public struct RecordingStill: Sendable {
    /// Indices of its first and last frame, and the seconds it is shown.
    public var first: Int
    public var last: Int
    public var start: Double
    public var end: Double
    /// The frame as decoded, and as the measurer reads it.
    public var frame: Pixmap
    public var picture: ScreenImage
    public var result: Result<SheetMeasurement, NoSheetFound>
    /// The visible height the still finder read, when it found a sheet.
    public var height: Double?
}

/// How much of a frame changed from the one before: the share of sampled pixels (every `step`-th in both directions)
/// whose colour moved by more than `threshold` (sum of RGB differences). A resting frame changes by nothing (a video
/// codec's noise stays under the threshold); a sheet that moves changes its whole content.
struct FrameSample: Sendable {
    var pixels: [UInt32]
    static let threshold = 24

    init(_ frame: Pixmap, step: Int) {
        var out: [UInt32] = []
        out.reserveCapacity((frame.width / step + 1) * (frame.height / step + 1))
        var y = step / 2
        while y < frame.height {
            var x = step / 2
            while x < frame.width { out.append(frame.pixels[y * frame.width + x]); x += step }
            y += step
        }
        pixels = out
    }

    func changed(from other: FrameSample) -> Double {
        guard other.pixels.count == pixels.count, !pixels.isEmpty else { return 1 }
        var count = 0
        for i in pixels.indices where pixels[i] != other.pixels[i] {
            let a = pixels[i], b = other.pixels[i]
            let d = abs(Int(a & 0xFF) - Int(b & 0xFF)) + abs(Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)) + abs(Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF))
            if d > Self.threshold { count += 1 }
        }
        return Double(count) / Double(pixels.count)
    }
}

/// A frame from each still stretch of a recording, so that its rests can be measured as screenshots: the latest frame
/// of each run of frames that change by under `RecordingReader.stillBelow` from its first (a WebP or GIF shows a still stretch as
/// one long frame). Past `limit` runs, the ones shown for the shortest time are let go.
struct StillFrames: Sendable {
    struct Run: Sendable { var first: Int; var last: Int; var start: Double; var end: Double; var frame: Pixmap }
    private(set) var runs: [Run] = []
    private var current: Run?
    let limit: Int

    init(frameBytes: Int, budget: Int = 256 << 20) {
        limit = max(4, budget / max(1, frameBytes))
    }

    /// Frame `index`, first shown at `time` for `duration` seconds when the file says; `still` when it did not change
    /// from the frame before.
    mutating func offer(_ frame: Pixmap, index: Int, time: Double, duration: Double?, still: Bool) {
        if var run = current { run.end = max(run.end, time); current = run }
        if still, var run = current {
            run.last = index
            run.frame = frame
            run.end = time + (duration ?? 0)
            current = run
        } else {
            close()
            current = Run(first: index, last: index, start: time, end: time + (duration ?? 0), frame: frame)
        }
    }

    mutating func close() {
        guard let run = current else { return }
        current = nil
        runs.append(run)
        if runs.count > limit, let shortest = runs.indices.min(by: { runs[$0].end - runs[$0].start < runs[$1].end - runs[$1].start }) {
            runs.remove(at: shortest)
        }
    }
}

extension SheetTopTracker {
    /// The bottom of the screen, in points, whose edges do not move with a sheet's content.
    static let bottomBand = 16.0

    /// The sheet's top in every frame, with the still finder's readings at the rests as anchors (`anchors`: frame
    /// ranges and the visible height read there). In an anchored range the candidate within a pixel of the reading is
    /// the top (else the reading itself). Between anchors the sheet is followed from each end: from the anchor before,
    /// forward, each frame's top is the candidate nearest where the last two put it (constant velocity), within a gate;
    /// from the anchor after, backward, the same; a frame both passes agree on keeps that top, any other has none (a
    /// street the sheet passes, a frame a codec smeared). Background edges (static, or across the whole width) are not
    /// followed. With no anchors, `resolve(_:scale:)`.
    public static func resolve(_ tracked: [TrackedFrame], scale: Double, anchors: [(first: Int, last: Int, height: Double)]) -> [TrackedFrame] {
        guard !anchors.isEmpty else { return resolve(tracked, scale: scale) }
        var frames = withoutStaticEdges(tracked, scale: scale)
        let pixel = 1 / scale
        var fixed = [Double?](repeating: nil, count: frames.count)
        for anchor in anchors {
            // The still finder read the run's last frame. Its reading calibrates the tracker's own edge there (a glass
            // rim or a soft edge puts the two apart by up to a point); the frames before follow that edge back, as a
            // "still" run can hold a sub-pixel creep (a slowed settle's tail).
            var edge = frames.indices.contains(anchor.last) ? frames[anchor.last].candidates
                .min(by: { abs($0.height - anchor.height) < abs($1.height - anchor.height) })
                .flatMap { abs($0.height - anchor.height) <= 2 * max(pixel, 0.5) ? $0.height : nil } : nil
            let offset = edge.map { anchor.height - $0 } ?? 0
            for i in stride(from: anchor.last, through: anchor.first, by: -1) where frames.indices.contains(i) {
                let c = edge.flatMap { e in frames[i].candidates.min(by: { abs($0.height - e) < abs($1.height - e) })
                    .flatMap { abs($0.height - e) <= pixel ? $0 : nil } }
                if let c {
                    frames[i].choose(c)
                    edge = c.height
                    frames[i].height = c.height + offset
                } else {
                    frames[i].spread = 0; frames[i].columns = 0; frames[i].insets = nil
                    frames[i].height = anchor.height
                }
                fixed[i] = frames[i].height
            }
        }
        // A frame whose top was read off the scene behind has that top alone to follow.
        let followable = frames.map { f in
            f.candidates.contains(where: \.offScene) ? f.candidates.filter(\.offScene) : f.candidates.filter { !$0.isStatic && !$0.crossesWidth }
        }
        // The sheet carries its content: the edges below its top move with it. A candidate is scored by how many of the
        // edges below the top in the last frame the top was found in, moved as that candidate moved, land on an edge.
        let match = max(pixel, 0.75)
        func follow(_ order: [Int]) -> [Int: Double] {
            var chosen: [Int: Double] = [:]
            var found: (index: Int, height: Double)?, anchor: (index: Int, height: Double)?
            var last: (time: Double, height: Double)?, before: (time: Double, height: Double)?
            for i in order {
                if let h = fixed[i] {
                    found = (i, h); anchor = (i, h); before = nil; last = (frames[i].time, h)
                    continue
                }
                guard let l = last, let f = found else { continue }
                var predicted = l.height
                if let b = before, l.time != b.time { predicted += (l.height - b.height) / (l.time - b.time) * (frames[i].time - l.time) }
                let here = frames[i].candidates.map(\.height)
                // The shift of the sheet's content from a reference frame: the edges below its top there (not the
                // background's, nor the screen's bottom 16 pt: a floating sheet's own bottom edge and the home
                // indicator's stay put as the top moves) that, moved by one shift, land on edges here; two at least,
                // averaged over every edge that agrees (one edge's sub-pixel noise would add up over a settle).
                func shift(from r: (index: Int, height: Double)) -> (shift: Double, votes: Int)? {
                    let content = frames[r.index].candidates.filter { !$0.isStatic && $0.height >= Self.bottomBand }.map(\.height)
                        .filter { $0 < r.height - match }
                    func votes(_ d: Double) -> Int { content.filter { g in here.contains { abs($0 - (g + d)) <= match } }.count }
                    var best: (shift: Double, votes: Int)?
                    for g in content {
                        for h in here {
                            let d = h - g, v = votes(d)
                            if v >= 2, best.map({ v > $0.votes || (v == $0.votes && abs(d) < abs($0.shift)) }) ?? true { best = (d, v) }
                        }
                    }
                    guard let best else { return nil }
                    let pairs = content.compactMap { g in here.min { abs($0 - (g + best.shift)) < abs($1 - (g + best.shift)) }
                        .flatMap { abs($0 - (g + best.shift)) <= match ? $0 - g : nil } }
                    return (pairs.isEmpty ? best.shift : pairs.reduce(0, +) / Double(pairs.count), best.votes)
                }
                // From the anchor the pass last left when its content still shows (no sub-pixel errors add up), else
                // from the last frame the top was found in.
                var reference = f
                var best = anchor.flatMap { a in shift(from: a) }
                if best != nil, let a = anchor { reference = a } else { best = shift(from: f) }
                // How far off the prediction an edge may be: a settle's first frames accelerate hard (a flick's spring
                // turns hundreds of points a second around in a frame or two).
                let gate = max(40, abs(predicted - l.height))
                var top: Double?
                if let best {
                    let inferred = reference.height + best.shift
                    // The top's own edge where it shows; else where its content says it is.
                    top = followable[i].min { abs($0.height - inferred) < abs($1.height - inferred) }
                        .flatMap { abs($0.height - inferred) <= match ? $0.height : nil } ?? inferred
                } else if let c = followable[i].min(by: { abs($0.height - predicted) < abs($1.height - predicted) }), abs(c.height - predicted) <= gate {
                    // No content to follow: the edge nearest where the sheet was heading.
                    top = c.height
                }
                guard let top else {
                    // Lost in this frame: carry the prediction on.
                    before = last; last = (frames[i].time, predicted)
                    continue
                }
                chosen[i] = top
                found = (i, top)
                before = last; last = (frames[i].time, top)
            }
            return chosen
        }
        let forward = follow(Array(frames.indices)), backward = follow(Array(frames.indices.reversed()))
        for i in frames.indices where fixed[i] == nil {
            let f = forward[i], b = backward[i]
            let agreed: Double?
            switch (f, b) {
            // Agreeing within a point: each pass places a frame by its content from the frame before, so its sub-pixel
            // readings add up; a street or a wrong edge is tens of points off.
            case (let f?, let b?): agreed = abs(f - b) <= max(1, 2 * pixel) ? (f + b) / 2 : nil
            // Before the first anchor or after the last, one pass only reaches the frame.
            case (let f?, nil): agreed = anchors.contains { $0.first > i } ? nil : f
            case (nil, let b?): agreed = anchors.contains { $0.last < i } ? nil : b
            default: agreed = nil
            }
            if let agreed, let c = followable[i].first(where: { abs($0.height - agreed) <= match }) {
                frames[i].choose(c)
            } else if let agreed {
                // Placed by its content: no edge of its own in this frame.
                frames[i].height = agreed; frames[i].spread = 0; frames[i].columns = 0; frames[i].insets = nil
            } else {
                frames[i].height = nil; frames[i].insets = nil
            }
        }
        return frames
    }
}
