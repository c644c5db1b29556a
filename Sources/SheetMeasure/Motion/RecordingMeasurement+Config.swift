import SheetKit

/// A recording's detents and motion written into a config (`sheetlab measure VIDEO`, issue 37): the look comes from a
/// still of one of its rests, measured as a screenshot is; the recording adds what only motion shows.
extension RecordingMeasurement {
    /// What the caller learnt about each detent (index into `detents`) from the pictures.
    public struct DetentLook: Sendable, Equatable {
        /// A system detent's name when the height is that detent's on this canvas within a pixel (`medium`, `large`).
        public var name: String?
        /// The dimming's opacity over black at this rest, when a firm reading says (nil: not measured).
        public var dimming: Double?

        public init(name: String? = nil, dimming: Double? = nil) { self.name = name; self.dimming = dimming }
    }

    /// The dimming at each detent's rest, read off the recording itself: each rest's picture against the lowest
    /// rest's (`pictures[i]` for `detents[i]`; the lowest shows the most background), over the rows above both sheets,
    /// solved as a scene is (`DimmingFit`): observed = k · lower rest. With `lowest` the lowest rest's own opacity
    /// (from a built-in scene, or 0 when assumed undimmed), α = 1 − k (1 − lowest). Nil where the rows do not fit (a
    /// classic sheet's receded background at large moves the pixels) or there is no picture.
    public func dimmingAgainstLowest(_ pictures: [ScreenImage?], safeTop: Double, lowest: Double = 0) -> [Measured<Double>?] {
        guard let base = pictures.first ?? nil else { return pictures.map { _ in nil } }
        let candidate = BackgroundCandidate(scene: "the lowest rest", appearance: "", picture: base)
        return pictures.enumerated().map { i, picture in
            guard let picture else { return nil }
            if i == 0 { return Measured(lowest, residual: 0, confidence: 1) }
            let sheetTop = canvasHeight - detents[i].value
            let reading = DimmingFit.fit(picture, candidates: [candidate], safeTop: safeTop, sheetTop: sheetTop)
            guard reading.opacity.isFirm else { return nil }
            let kept = 1 - reading.opacity.value
            return Measured(1 - kept * (1 - lowest), residual: reading.opacity.residual, confidence: reading.opacity.confidence)
        }
    }

    /// Each detent's id: its system name, or `detent1`, `detent2`… from the lowest.
    public func detentIDs(_ looks: [DetentLook]) -> [String] {
        var taken = Set(looks.compactMap(\.name))
        return detents.indices.map { i in
            if let name = i < looks.count ? looks[i].name : nil { return name }
            var k = i + 1
            while taken.contains("detent\(k)") { k += 1 }
            taken.insert("detent\(k)")
            return "detent\(k)"
        }
    }

    /// The index in `detents` of the rest a recording starts at (its first rest).
    public var initialDetentIndex: Int {
        let first = rests[0].height.value
        return detents.indices.min { abs(detents[$0].value - first) < abs(detents[$1].value - first) }!
    }

    /// `look` (a still's config, or a bare one) with the recording's detents, the detent it starts at, the largest
    /// undimmed detent where the stills tell it, and the fitted motion when one is firm. Keys the look has and the
    /// recording does not touch are kept.
    public func config(look: JSONNode, looks: [DetentLook]) -> JSONNode {
        let ids = detentIDs(looks)
        var root = look
        func set(_ path: [String], _ value: JSONNode?) {
            let keyPath = KeyPath(path.map { KeyPath.Component.key($0) })
            root = (value.map { ConfigEditor.Edit.set(keyPath, $0) } ?? .remove(keyPath)).applied(to: root)
        }
        let entries: [JSONNode] = detents.indices.map { i in
            if i < looks.count, looks[i].name != nil { return .string(ids[i]) }
            return .object([("id", .string(ids[i])), ("height", .number((detents[i].value * 100).rounded() / 100))])
        }
        set(["sheet", "detents"], .array(entries))
        set(["sheet", "initialDetent"], .string(ids[initialDetentIndex]))
        // Dimming: where it starts is the largest detent still undimmed; its opacity, the highest detent's.
        let measured = detents.indices.compactMap { i in i < looks.count ? looks[i].dimming.map { (i, $0) } : nil }
        if !measured.isEmpty {
            let undimmed = measured.filter { $0.1 < Self.undimmedBelow }.map(\.0)
            let dimmed = measured.filter { $0.1 >= Self.undimmedBelow }
            if dimmed.isEmpty {
                set(["sheet", "dimming"], .object([("largestUndimmedDetent", .string(ids[undimmed.max()!]))]))
            } else {
                let alpha = dimmed.max { $0.0 < $1.0 }!.1
                // The largest undimmed detent must sit below every dimmed one.
                let largest = undimmed.filter { u in dimmed.allSatisfy { $0.0 > u } }.max()
                set(["sheet", "dimming"], .object([("color", .string("#000000")), ("opacity", .number((alpha * 1000).rounded() / 1000)),
                                                   ("largestUndimmedDetent", largest.map { .string(ids[$0]) } ?? .null)]))
            }
        } else if let named = root.value(at: KeyPath([.key("sheet"), .key("dimming"), .key("largestUndimmedDetent")]))?.stringValue,
                  !ids.contains(named) {
            // The still's own detent is gone: with nothing measured, the style's dimming stands.
            set(["sheet", "dimming"], nil)
        }
        if let motion = motion() { set(["sheet", "motion"], Self.node(motion.value)) }
        return root
    }

    /// Under this opacity a rest counts as undimmed: a level and a half in 255.
    public static let undimmedBelow = 0.006

    /// A motion's curve keys as the config writes them.
    static func node(_ m: MotionConfig) -> JSONNode {
        func r(_ x: Double) -> JSONNode { .number((x * 10000).rounded() / 10000) }
        switch m.curve {
        case .spring: return .object([("curve", .string("spring")), ("response", r(m.response)), ("dampingRatio", r(m.dampingRatio))])
        case .bezier: return .object([("curve", .string("bezier")), ("duration", r(m.duration)), ("bezier", .array(m.bezier.map(r)))])
        default: return .object([("curve", .string(m.curve.rawValue)), ("duration", r(m.duration))])
        }
    }

    /// The printout: the recording, one line per rest, per settle, the motion written and the morph.
    public func report(ids: [String], frameSize: (width: Int, height: Int)) -> String {
        var lines: [(String, String)] = []
        let duration = (frames.last?.time ?? 0) + (frames.last?.duration ?? 0)
        lines.append(("recording", "\(frameSize.width)×\(frameSize.height) px at \(format(scale)) px/pt, \(frames.count) frames over \(format(duration)) s; "
                      + "a frame counts as still within \(format(1 / scale)) pt"))
        for (k, rest) in rests.enumerated() {
            let d = detents.indices.min { abs(detents[$0].value - rest.height.value) < abs(detents[$1].value - rest.height.value) }!
            lines.append(("rest \(k + 1)", "\(format(rest.start))–\(format(rest.end)) s at \(format(rest.height.value)) pt "
                          + "[±\(format(rest.height.residual)) pt, confidence \(format(rest.height.confidence))] → detent \"\(ids[d])\""))
        }
        for (k, s) in settles.enumerated() {
            var text = "\(format(s.from)) → \(format(s.to)) pt, released at \(format(s.release)) s, \(s.frames) frames: \(Self.describe(s.model))"
                + (s.banded ? " (through the rubber band)" : "")
                + " [rms \(format(s.residual)) pt, confidence \(format(s.confidence))]"
            if let rival = s.alternatives.first(where: { $0.model.curve != s.model.curve }) {
                text += "; next best \(Self.describe(rival.model)), rms \(format(rival.residual)) pt"
            }
            lines.append(("settle \(k + 1)", text))
        }
        if settles.isEmpty {
            lines.append(("settles", "none: the sheet never moved from one rest to another by more than \(format(tolerance)) pt"))
        }
        if let motion = motion() {
            lines.append(("motion", "\(Self.describe(motion.value)) → sheet.motion [rms ≤ \(format(motion.residual)) pt, confidence \(format(motion.confidence))]"))
        } else if !settles.isEmpty {
            lines.append(("motion", "no settle is firm enough to write (the default motion kept)"))
        }
        if let morph {
            lines.append(("glass morph", "inset at rest \(format(morph.restInset.value)) pt; largest |inset − rule| \(format(morph.worst)) pt over \(morph.samples.count) frames"))
        }
        return lines.map { $0.0.padding(toLength: 16, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }

    static func describe(_ model: SettleModel) -> String {
        switch model {
        case .spring(let r, let z): return "spring response \(format(r, digits: 4)) s, ζ \(format(z, digits: 4))"
        case .timed(let curve, let d, let b):
            return "\(curve.rawValue) \(format(d, digits: 4)) s" + (curve == .bezier ? " (\(b.map { format($0, digits: 3) }.joined(separator: ", ")))" : "")
        }
    }

    static func describe(_ m: MotionConfig) -> String {
        describe(m.curve == .spring ? .spring(response: m.response, dampingRatio: m.dampingRatio) : .timed(curve: m.curve, duration: m.duration, bezier: m.bezier))
    }
}

/// A number to at most `digits` decimals.
private func format(_ x: Double, digits: Int) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let r = (x * p).rounded() / p
    return r == r.rounded() ? String(Int(r)) : String(r)
}
