import Raster
import SheetKit

/// How a recording is read; the defaults suit a screen recording or a `sheetlab clip`.
public struct RecordingOptions: Sendable, Equatable {
    /// How long the sheet must stand still to count as resting, in seconds. Default 0.1: longer than any settle's
    /// last sub-pixel creep, shorter than a tap's pause.
    public var minimumRest = 0.1
    /// The rubber band's stiffness a spring's overshoot past the highest or lowest rest is read through. Default
    /// SheetLab's 0.55 (`MotionConfig.rubberBand`), which is UIKit's.
    public var rubberBand = MotionConfig().rubberBand
    /// How many times slower than life the recording plays: 1, or iOS's Slow Animations' factor, so that a fitted
    /// response or duration is the real one. Default 1.
    public var timeScale = 1.0

    public init() {}
}

/// Why a recording gave no measurement.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
    case noFrames
    /// No frame showed a sheet's top edge.
    case noSheet(frames: Int)
    /// The sheet never stood still for `minimumRest`: no detent can be read.
    case noRest(frames: Int, longestStill: Double, minimumRest: Double)

    public var description: String {
        switch self {
        case .noFrames: return "the recording has no frames"
        case .noSheet(let n): return "no sheet found: none of its \(n) frames shows a sheet's top edge across the screen"
        case .noRest(let n, let longest, let minimum):
            return "no resting frame: the sheet never stands still for \(Int((minimum * 1000).rounded())) ms in \(n) frames "
                + "(the longest stillness is \(Int((longest * 1000).rounded())) ms), so no detent can be read"
        }
    }
}

/// Reads a recording frame by frame, keeping only each frame's tracked edges (a few numbers), never its pixels, but
/// for a frame from each still stretch when it knows the canvas (`init(canvas:…)`): those are measured as screenshots
/// at the end, and where the still finder reads the sheet, its reading anchors the track.
public struct RecordingReader: Sendable {
    public let tracker: SheetTopTracker
    public private(set) var frames: [TrackedFrame] = []
    /// The share of each frame's sampled pixels that changed from the first frame of the still stretch it continues
    /// (1 for the first frame).
    public private(set) var changes: [Double] = []
    private(set) var canvas: MatchedCanvas?
    var stills: StillFrames?
    /// The first frame of the current still stretch.
    var previous: FrameSample?
    let sampleStep: Int
    /// A frame that changes by less than this share of its sampled pixels is still. A sheet with no content that moves
    /// by half a point changes one row of its edge: 0.06 % of R-A's samples at 3×; a caret's blink is 0.01 %, and a
    /// frame a codec repeats changes nothing.
    public static let stillBelow = 0.0003

    /// `scale` is pixels per point: the recording's pixel width over the device's point width. `safeTop`, the device's
    /// top safe area in points when it is known: no sheet's top rises above it (a large detent's top is the safe
    /// area's, glass, or 10 pt below it, classic), while a classic sheet's receded presenting view has its top edge
    /// 11 pt above it, so rows above it are not searched. Unknown, the tracker searches below 40 pt.
    public init(scale: Double, width: Int, height: Int, safeTop: Double? = nil) {
        var tracker = SheetTopTracker(scale: scale, width: width, height: height)
        if let safeTop { tracker.topMargin = max(0, safeTop - 1) }
        self.tracker = tracker
        canvas = nil
        sampleStep = max(1, Int(scale.rounded()) * 2)
    }

    /// A recording of `canvas` (its frames `canvas.scale` pixels per point): still stretches are kept, to be measured
    /// as screenshots by `finish`, within `budget` bytes of frames.
    /// `backgrounds`: the built-in scenes that could be behind the sheet (the frames must be the canvas's size): each
    /// frame's top is also read off the scene that fits it (`SheetFinder.revealedTop`), for `finish` to follow a sheet
    /// whose edge is too faint for the tracker.
    public init(canvas: MatchedCanvas, width: Int, height: Int, budget: Int = 256 << 20, backgrounds: [BackgroundCandidate] = []) {
        self.init(scale: Double(canvas.scale), width: width, height: height, safeTop: canvas.safeTop)
        self.canvas = canvas
        stills = StillFrames(frameBytes: width * height * 4, budget: budget)
        self.backgrounds = backgrounds.filter { $0.picture.width == width && $0.picture.height == height }
    }

    /// The scenes each frame is read against, and each frame's top read off the one that fits it.
    var backgrounds: [BackgroundCandidate] = []
    private(set) var offScene: [EdgeCandidate?] = []
    /// The top read off the scene in the first frame of the current still stretch.
    private var stretchTop: Double?

    /// Tracks one frame; `time` in seconds from the start, `duration` when the file gives one.
    public mutating func add(_ frame: Pixmap, at time: Double, duration: Double? = nil) {
        frames.append(tracker.track(frame, time: time, duration: duration))
        if let canvas, !backgrounds.isEmpty {
            let image = ScreenImage(frame, scale: Double(canvas.scale))
            offScene.append(SheetFinder.revealedTop(image, backgrounds: backgrounds, safeTop: canvas.safeTop).map { r in
                EdgeCandidate(height: Double(tracker.height) / tracker.scale - r.top / tracker.scale, spread: r.residual / tracker.scale,
                              columns: r.columns, crossesWidth: false, insets: (0, 0))
            })
        }
        let sample = FrameSample(frame, step: sampleStep)
        // Against the first frame of the still stretch it may continue, not the frame before: a slowed settle creeps a
        // fifth of a pixel a frame, under the threshold from one frame to the next but not for long.
        var change = previous.map { sample.changed(from: $0) } ?? 1
        // A sheet a few levels off the scene moves without changing a pixel by the threshold: its top read off the
        // scene says it moved.
        let top = offScene.count == frames.count ? offScene.last! : nil
        if change < Self.stillBelow, let h = top?.height, let s = stretchTop, abs(h - s) > 1 / tracker.scale { change = 1 }
        changes.append(change)
        if change >= Self.stillBelow { previous = sample; stretchTop = top?.height }
        stills?.offer(frame, index: frames.count - 1, time: time, duration: duration, still: change < Self.stillBelow)
    }

    /// The measurement. With the canvas known, each still stretch shown for at least half of `options.minimumRest`
    /// is measured over `backgrounds` as a screenshot, and its reading anchors the track.
    public mutating func finish(options: RecordingOptions = RecordingOptions(), backgrounds: [BackgroundCandidate] = []) throws -> RecordingMeasurement {
        var readings: [RecordingStill] = []
        var anchors: [(first: Int, last: Int, height: Double)] = []
        if let canvas, var stills {
            stills.close()
            for run in stills.runs where run.end - run.start >= options.minimumRest / 2 || frames.count == 1
                || (run.last == frames.count - 1 && run.last - run.first >= 2) {
                let picture = ScreenImage(run.frame, scale: Double(canvas.scale))
                let result = SheetMeasurer.measure(picture, canvas: canvas, backgrounds: backgrounds)
                var height: Double?
                switch result {
                case .success(let m): height = m.visibleHeight.value
                case .failure: height = nil
                }
                if let height { anchors.append((run.first, run.last, height)) }
                readings.append(RecordingStill(first: run.first, last: run.last, start: run.start, end: run.end, frame: run.frame,
                                               picture: picture, result: result, height: height))
            }
            self.stills = stills
        }
        // A classic sheet that casts no shadow, as every still found it, is followed off the scene behind it too: its
        // own edge may be a level or two from the scene (a grey sheet over the map), where the tracker sees nothing.
        // (A shadow over the scene would be taken for the sheet: a glass sheet is followed by its rim.)
        var track = frames
        let found = readings.compactMap { r -> SheetMeasurement? in if case .success(let m) = r.result { m } else { nil } }
        if !found.isEmpty, found.allSatisfy({ $0.style.value == "classic" && ($0.shadow?.darkening.confidence ?? 0) < 0.5 }) {
            for (i, c) in offScene.enumerated() where track.indices.contains(i) {
                guard var c else { continue }
                c.offScene = true
                if let k = track[i].candidates.firstIndex(where: { abs($0.height - c.height) <= 1 / tracker.scale }) {
                    track[i].candidates[k].offScene = true
                } else {
                    track[i].candidates.append(c)
                    track[i].candidates.sort { $0.height > $1.height }
                }
            }
        }
        var m = try RecordingMeasurement.measure(track: track, scale: tracker.scale, canvasHeight: Double(tracker.height) / tracker.scale,
                                                 options: options, anchors: anchors, changes: changes)
        m.stills = readings
        return m
    }
}

/// What a recording of a sheet says about its detents and its motion (issue 37, `sheetlab measure VIDEO`).
public struct RecordingMeasurement: Sendable {
    /// Pixels per point, and the canvas's height in points.
    public var scale: Double
    public var canvasHeight: Double
    public var frames: [TrackedFrame]
    /// Every stillness, in time order.
    public var rests: [Rest]
    /// The distinct resting heights (points), lowest first: the detents. Rests within a pixel are one detent.
    public var detents: [Measured<Double>]
    /// Each settle into a rest, in time order.
    public var settles: [SettleFit]
    /// The motion before each release: a finger's, not the config's.
    public var fingers: [FingerSegment]
    /// How the glass inset followed the height, when the sheet floats.
    public var morph: GlassMorphReading?
    /// The still stretches measured as screenshots (`RecordingReader(canvas:…)`), in time order; empty otherwise.
    public var stills: [RecordingStill] = []
    /// The largest misfit (points) a frame may have and still be explained by a model: 4 × the noise of the tracked
    /// height at rest, and at least ¾ px.
    public var tolerance: Double

    /// Pixels in, through `RecordingReader`: frames as (pixels, seconds).
    public static func measure(frames: some Sequence<(pixmap: Pixmap, time: Double)>, scale: Double,
                               options: RecordingOptions = RecordingOptions()) throws -> RecordingMeasurement {
        var reader: RecordingReader?
        for frame in frames {
            if reader == nil { reader = RecordingReader(scale: scale, width: frame.pixmap.width, height: frame.pixmap.height) }
            reader!.add(frame.pixmap, at: frame.time)
        }
        guard var reader else { throw RecordingError.noFrames }
        return try reader.finish(options: options)
    }

    /// A frame whose picture changed by more than this share of its sampled pixels is moving, whatever height the
    /// tracker holds (see `measure(track:…)`).
    static let movingAbove = 0.1

    /// Heights in, already tracked (or simulated: `sheetlab simulate`'s heights make a track with no pixels).
    /// `anchors`: frame ranges where a still's reading is the visible height (`SheetTopTracker.resolve(_:scale:anchors:)`).
    /// `changes`, from pixels: the share of each frame's sampled pixels that changed (`RecordingReader.changes`).
    public static func measure(track: [TrackedFrame], scale: Double, canvasHeight: Double,
                               options: RecordingOptions = RecordingOptions(),
                               anchors: [(first: Int, last: Int, height: Double)] = [],
                               changes: [Double]? = nil) throws -> RecordingMeasurement {
        guard !track.isEmpty else { throw RecordingError.noFrames }
        guard track.contains(where: { $0.height != nil }) || !anchors.isEmpty else { throw RecordingError.noSheet(frames: track.count) }
        var frames = SheetTopTracker.resolve(track, scale: scale, anchors: anchors)
        if options.timeScale != 1 {
            for i in frames.indices {
                frames[i].time /= options.timeScale
                frames[i].duration = frames[i].duration.map { $0 / options.timeScale }
            }
        }
        let pixel = 1 / scale
        // A stillness a few points from the rest that follows it within half a second is a spring's overshoot turning
        // slowly enough at a low frame rate to look still (the apex test needs five frames): 8 pt covers a ζ 0.85
        // spring's overshoot, and no two detents are visited that close together.
        // A resting sheet leaves the picture nearly still: a sheet with content creeping its last pixel into a rest
        // changes 0.7–3.7 % of the sampled pixels a frame (the default example's clip at 1×). A height held while most
        // frames change far more is an edge of the scene the tracker held while the sheet moved: the default example
        // cut mid-settle over the map changes 15–28 % a frame, and a park's edge 739.36 pt up was a "rest" of the whole clip.
        func held(_ runs: [Rest]) -> [Rest] {
            guard let changes, changes.count == frames.count else { return runs }
            return runs.filter { r in
                r.last == r.first || Double((r.first + 1...r.last).filter { changes[$0] > Self.movingAbove }.count) <= Double(r.last - r.first) / 2
            }
        }
        var rests = Rest.merged(held(Rest.find(in: frames, band: pixel, minimum: options.minimumRest)), within: max(2 * pixel, 8))
        // One picture (a still WebP or GIF) shows the sheet where it rests.
        if rests.isEmpty, frames.count == 1, let h = frames[0].height {
            rests = [Rest(first: 0, last: 0, start: frames[0].time, end: frames[0].time + (frames[0].duration ?? 0),
                          height: Measured(h, residual: 0, confidence: 1))]
        }
        guard !rests.isEmpty else {
            let longest = held(Rest.find(in: frames, band: pixel, minimum: 0)).map { $0.end - $0.start }.max() ?? 0
            throw RecordingError.noRest(frames: frames.count, longestStill: longest, minimumRest: options.minimumRest)
        }
        let detents = Self.detents(rests, within: pixel)
        let noise = (rests.map { $0.height.residual * $0.height.residual }.reduce(0, +) / Double(rests.count)).squareRoot()
        let tolerance = max(0.75 * pixel, 4 * noise)
        var measurement = RecordingMeasurement(scale: scale, canvasHeight: canvasHeight, frames: frames, rests: rests,
                                               detents: detents, settles: [], fingers: [], morph: nil, tolerance: tolerance)
        measurement.fitSettles(options: options)
        measurement.morph = GlassMorphReading.read(frames: frames, rests: rests, detents: detents.map(\.value), scale: scale)
        return measurement
    }

    /// Rests grouped by height: each group's heights averaged, weighted by how long each rest lasted.
    static func detents(_ rests: [Rest], within pixel: Double) -> [Measured<Double>] {
        var groups: [[Rest]] = []
        for rest in rests.sorted(by: { $0.height.value < $1.height.value }) {
            if let last = groups.last?.last, rest.height.value - last.height.value <= pixel {
                groups[groups.count - 1].append(rest)
            } else {
                groups.append([rest])
            }
        }
        return groups.map { group in
            // A still picture's one frame lasts no time: weigh every rest at least a little.
            let weights = group.map { max($0.end - $0.start, 1e-3) }, total = weights.reduce(0, +)
            let mean = zip(group, weights).map { $0.height.value * $1 }.reduce(0, +) / total
            let spread = group.map { abs($0.height.value - mean) }.max() ?? 0
            let residual = max(spread, group.map(\.height.residual).max() ?? 0)
            return Measured(mean, residual: residual, confidence: group.map(\.height.confidence).max() ?? 0)
        }
    }

    /// The resolution the file keeps times at, in seconds: a centisecond when every time is a whole number of them (a
    /// GIF), a millisecond likewise (a WebP), else 0 (a video's times are exact enough).
    static func timeResolution(_ times: [Double]) -> Double {
        func whole(_ unit: Double) -> Bool { times.allSatisfy { abs(($0 / unit).rounded() * unit - $0) < 1e-6 } }
        if whole(0.01) { return 0.01 }
        if whole(0.001) { return 0.001 }
        return 0
    }

    /// Fits the motion into each rest that follows a movement.
    mutating func fitSettles(options: RecordingOptions) {
        let timeResolution = Self.timeResolution(frames.map(\.time)) / options.timeScale
        let lowest = detents.first!.value, highest = detents.last!.value
        for (k, rest) in rests.enumerated() {
            let begin = k > 0 ? rests[k - 1].last : 0
            // The rest's first quarter second too: a spring's tail pins the damping.
            var end = rest.first
            while end + 1 <= rest.last, frames[end + 1].time - frames[rest.first].time <= 0.25 { end += 1 }
            let span = frames[begin...end].filter { $0.height != nil }
            guard span.count > SettleSearch.minimumFrames + 1,
                  let moved = span.compactMap(\.height).map({ abs($0 - rest.height.value) }).max(), moved > tolerance else { continue }
            let target = rest.height.value
            var bands: [BandedRange] = [.none]
            let atTop = abs(target - highest) <= 1 / scale, atBottom = abs(target - lowest) <= 1 / scale
            if atTop || atBottom {
                bands.append(BandedRange(lower: atBottom ? target : nil, upper: atTop ? target : nil,
                                         coefficient: options.rubberBand, dimension: canvasHeight))
            }
            let arrival = span.firstIndex { $0.time >= rest.start } ?? span.count - 1
            let times = span.map(\.time), heights = span.map { $0.height! }
            let slack = heights.indices.map { i -> Double in
                let a = max(0, i - 1), b = min(heights.count - 1, i + 1)
                guard times[b] > times[a] else { return 0 }
                return abs(heights[b] - heights[a]) / (times[b] - times[a]) * timeResolution / 2
            }
            let search = SettleSearch(times: times, heights: heights, target: target,
                                      arrival: arrival, tolerance: tolerance, bands: bands, slack: slack)
            guard let outcome = search.run() else { continue }
            let best = outcome.best
            let r = best.release
            let fitted = span.count - r - 1
            // Confidence: how far under the tolerance, how many frames, and how far ahead of another kind of model.
            var confidence = outcome.accepted ? 1 - 0.5 * min(1, best.rms / tolerance) : 0.25 * min(1, tolerance / best.rms)
            confidence *= min(1, Double(fitted) / 10)
            // A settle over a few points (the end of a slowed settle a recording cuts into) cannot tell one curve from
            // another: firm from 20 pt.
            confidence *= min(1, abs(span[r].height! - target) / 20)
            let rival = outcome.alternatives.first { ($0.model.curve == .spring) != (best.model.curve == .spring) }
            if let rival, rival.rms < 1.5 * best.rms, rival.worst <= tolerance { confidence *= 0.6 }
            settles.append(SettleFit(from: span[r].height!, to: target, release: span[r].time, arrival: rest.start,
                                     frames: fitted, model: best.model, releaseVelocity: best.start?.v, banded: best.banded,
                                     residual: best.rms, confidence: confidence,
                                     alternatives: outcome.alternatives.map { SettleFit.Alternative(model: $0.model, residual: $0.rms) }))
            if r > 0 {
                fingers.append(FingerSegment(start: span[0].time, end: span[r].time, from: span[0].height!, to: span[r].height!))
            }
        }
    }

    /// The motion to write into `sheet.motion`: the kind of model most settles chose (by summed confidence), with the
    /// median of its parameters over the firm settles; nil when no settle is firm. The residual is the worst of those
    /// settles'; the confidence their mean, halved when their parameters disagree by more than 10 %.
    public func motion(over base: MotionConfig = MotionConfig()) -> Measured<MotionConfig>? {
        let firm = settles.filter { $0.confidence >= Measured<Double>.firmConfidence }
        guard !firm.isEmpty else { return nil }
        var weight: [MotionConfig.Curve: Double] = [:]
        for s in firm { weight[s.model.curve, default: 0] += s.confidence }
        let kind = weight.max { $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue) }!.key
        let chosen = firm.filter { $0.model.curve == kind }
        func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2 }
        func agree(_ xs: [Double]) -> Bool { (xs.max()! - xs.min()!) <= 0.1 * median(xs) }
        let model: SettleModel
        var agreeing = true
        if kind == .spring {
            let responses = chosen.compactMap { $0.response?.value }, zetas = chosen.compactMap { $0.dampingRatio?.value }
            model = .spring(response: median(responses), dampingRatio: median(zetas))
            agreeing = agree(responses) && agree(zetas)
        } else {
            let durations = chosen.compactMap { $0.duration?.value }
            let middle = chosen.min { abs($0.duration!.value - median(durations)) < abs($1.duration!.value - median(durations)) }!
            guard case .timed(_, _, let points) = middle.model else { return nil }
            model = .timed(curve: kind, duration: median(durations), bezier: points)
            agreeing = agree(durations)
        }
        let confidence = chosen.map(\.confidence).reduce(0, +) / Double(chosen.count) * (agreeing ? 1 : 0.5)
        return Measured(model.applied(to: base), residual: chosen.map(\.residual).max()!, confidence: confidence)
    }
}
