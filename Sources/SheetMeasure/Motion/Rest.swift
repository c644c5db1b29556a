/// A stretch of a recording where the sheet stood still: a detent it rests at.
public struct Rest: Sendable, Equatable {
    /// Indices of its first and last frame in the recording's tracked frames.
    public var first: Int
    public var last: Int
    /// Seconds: from its first frame to when the frame after its last is shown.
    public var start: Double
    public var end: Double
    /// The visible height in points: the median of the rest's later half (a spring's last sub-pixel creep is already
    /// still, and belongs to the settle before it); the residual is the frames' RMS spread about it.
    public var height: Measured<Double>

    /// Runs of frames whose heights stay within `band` points of each other for at least `minimum` seconds. A frame
    /// lasts until the next one (or its own `duration`, else one typical frame, for the last), so a WebP or GIF that
    /// lengthened one frame instead of repeating it still makes a rest.
    static func find(in frames: [TrackedFrame], band: Double, minimum: Double) -> [Rest] {
        guard !frames.isEmpty else { return [] }
        let intervals = zip(frames.dropFirst(), frames).map { $0.time - $1.time }.filter { $0 > 0 }.sorted()
        let typical = intervals.isEmpty ? 1.0 / 60 : intervals[intervals.count / 2]
        func shownUntil(_ i: Int) -> Double {
            if i + 1 < frames.count { return frames[i + 1].time }
            return frames[i].time + (frames[i].duration ?? typical)
        }
        var rests: [Rest] = []
        var i = 0
        while i < frames.count {
            guard let h0 = frames[i].height else { i += 1; continue }
            var lo = h0, hi = h0
            var j = i
            while j + 1 < frames.count, let h = frames[j + 1].height, max(hi, h) - min(lo, h) <= band {
                lo = min(lo, h); hi = max(hi, h)
                j += 1
            }
            let end = shownUntil(j)
            // A recording often stops as the sheet arrives (R-A does): a still run of three frames or more at its very
            // end is a rest too, with the confidence its short duration earns.
            let atEnd = j == frames.count - 1 && j - i >= 2
            if (end - frames[i].time >= minimum - 1e-9 || atEnd) && !isApex(frames[i...j], pixel: band) {
                let values = frames[i...j].compactMap(\.height)
                let later = Array(values[(values.count / 2)...]).sorted()
                let median = later[later.count / 2]
                let rms = (values.map { ($0 - median) * ($0 - median) }.reduce(0, +) / Double(values.count)).squareRoot()
                // Firm after a tenth of a second still; a single long WebP frame is as firm as many equal ones.
                let confidence = min(1, (end - frames[i].time) / 0.1) * (rms <= band ? 1 : 0.5)
                rests.append(Rest(first: i, last: j, start: frames[i].time, end: end,
                                  height: Measured(median, residual: rms, confidence: confidence)))
                i = j + 1
            } else {
                i += 1
            }
        }
        return rests
    }

    /// Whether a still run is a spring's overshoot turning rather than a rest: a parabola through its heights peaks
    /// inside the run and falls by half a pixel or more toward its ends. A rest is flat, and a settle's last creep into
    /// it is monotonic (its parabola's vertex lies at or past the run's end).
    static func isApex(_ run: ArraySlice<TrackedFrame>, pixel: Double) -> Bool {
        let points = run.compactMap { f in f.height.map { (f.time, $0) } }
        guard points.count >= 5 else { return false }
        let t0 = points[0].0, span = points[points.count - 1].0 - t0
        guard span > 0 else { return false }
        // Least squares h = a + b·u + c·u², u = (t − t0)/span in 0…1.
        var s = [Double](repeating: 0, count: 5), y = [Double](repeating: 0, count: 3)
        for (t, h) in points {
            let u = (t - t0) / span
            var p = 1.0
            for k in 0..<5 { s[k] += p; if k < 3 { y[k] += p * h }; p *= u }
        }
        let m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        guard abs(d) > 1e-12 else { return false }
        var mc = m
        for r in 0..<3 { mc[r][2] = y[r] }
        var mb = m
        for r in 0..<3 { mb[r][1] = y[r] }
        let c = det(mc) / d, b = det(mb) / d
        guard c != 0 else { return false }
        let vertex = -b / (2 * c)
        guard vertex > 0.15, vertex < 0.85 else { return false }
        let drop = abs(c) * max(vertex * vertex, (1 - vertex) * (1 - vertex))
        return drop >= 0.5 * pixel
    }

    /// The rests with every stillness that a settle passes through dropped: a spring's overshoot turns within a pixel
    /// for a tenth of a second at its apex, then comes back to the rest it was going to. A stillness within `pixels` of
    /// the next one and less than half a second before it is such an apex, unless it is where the recording starts.
    static func merged(_ rests: [Rest], within band: Double) -> [Rest] {
        var kept: [Rest] = []
        for rest in rests.reversed() {
            if let next = kept.last, rest.first > 0, abs(rest.height.value - next.height.value) <= band, next.start - rest.end < 0.5 {
                continue
            }
            kept.append(rest)
        }
        return kept.reversed()
    }
}
