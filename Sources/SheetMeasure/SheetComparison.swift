import SheetKit

/// One feature of the sheet as read off a reference image and off the render of a config, and whether they agree.
public struct FeatureComparison: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        case within
        case beyond
        /// One of the readings is too weak to trust (or the feature is not there to compare): reported, never failed.
        case notCompared(String)
    }

    public var feature: String
    /// The value read off the reference image, and off the config's render, as printed.
    public var image: String
    public var config: String
    /// Config minus image, signed, with its unit ("+40 pt"); "–" where the feature is a kind, not a number.
    public var delta: String
    /// "±2 pt", "same" for a kind.
    public var tolerance: String
    public var verdict: Verdict

    public var isBeyond: Bool { verdict == .beyond }
}

/// The sheet in a reference image against the sheet a config draws on the same canvas, feature by feature, each read
/// by `SheetMeasurer` off both pictures (issue 37 item 3). Pure: the caller renders the config and measures both.
///
/// A feature is compared only when both readings are firm (`Measured.isFirm`); otherwise it is listed as not compared,
/// with whose reading was too weak, so that a screenshot the measurer cannot read well never fails a check on a guess.
public struct SheetComparison: Sendable {
    public var features: [FeatureComparison]
    public var tolerance: MatchTolerance

    /// The features beyond their tolerance.
    public var beyond: [FeatureComparison] { features.filter(\.isBeyond) }
    public var notCompared: [FeatureComparison] {
        features.filter { if case .notCompared = $0.verdict { true } else { false } }
    }
    /// Whether every compared feature is within its tolerance.
    public var passes: Bool { beyond.isEmpty }

    /// `opaqueFill`: whether the config draws its sheet with an opaque fill. Only then are the surface's and the
    /// grabber's colours the config's own; a material's are what is behind it, blurred and tinted (and a material over
    /// an even patch of the scene reads as even as a fill), so they are listed, not compared.
    public static func compare(image a: SheetMeasurement, render b: SheetMeasurement, tolerance t: MatchTolerance,
                               opaqueFill: Bool) -> SheetComparison {
        let throughMaterial = "the config draws a material: colours on it are what is behind it, blurred and tinted (the tint is not solved)"
        var rows: [FeatureComparison] = []
        /// Whose reading is too weak, or nil when both are firm.
        func weak(_ ca: Double, _ cb: Double) -> String? {
            let firm = Measured<Double>.firmConfidence
            if ca < firm { return "the image's reading is too weak (confidence \(format(ca)), under \(format(firm)))" }
            if cb < firm { return "the render's reading is too weak (confidence \(format(cb)), under \(format(firm)))" }
            return nil
        }
        func number(_ feature: String, _ ma: Measured<Double>, _ mb: Measured<Double>, limit: Double, unit: String,
                    shown: (Double) -> String = { format($0) }) {
            let d = mb.value - ma.value
            let verdict: FeatureComparison.Verdict = weak(ma.confidence, mb.confidence).map { .notCompared($0) }
                ?? (abs(d) <= limit + 1e-9 ? .within : .beyond)
            rows.append(FeatureComparison(feature: feature, image: shown(ma.value) + " " + unit, config: shown(mb.value) + " " + unit,
                                          delta: signed(d, shown) + " " + unit, tolerance: "±\(format(limit)) \(unit)", verdict: verdict))
        }
        func kind(_ feature: String, _ va: String, _ vb: String, confidence ca: Double, _ cb: Double, notCompared: String? = nil) {
            let verdict: FeatureComparison.Verdict = (notCompared ?? weak(ca, cb)).map { .notCompared($0) } ?? (va == vb ? .within : .beyond)
            rows.append(FeatureComparison(feature: feature, image: va, config: vb, delta: "–", tolerance: "same", verdict: verdict))
        }
        func colour(_ feature: String, _ ca: RGB, _ cb: RGB, confidence: Double, _ confidenceB: Double) {
            let d = max(abs(cb.r - ca.r), abs(cb.g - ca.g), abs(cb.b - ca.b))
            let verdict: FeatureComparison.Verdict = weak(confidence, confidenceB).map { .notCompared($0) }
                ?? (d <= t.levels + 1e-9 ? .within : .beyond)
            rows.append(FeatureComparison(feature: feature, image: ca.hex, config: cb.hex, delta: "\(format(d)) levels",
                                          tolerance: "≤\(format(t.levels)) levels", verdict: verdict))
        }

        func corners(_ feature: String, _ ca: Measured<CornerFit>, _ cb: Measured<CornerFit>) {
            number("\(feature) radius", Measured(ca.value.radius, residual: ca.residual, confidence: ca.confidence),
                   Measured(cb.value.radius, residual: cb.residual, confidence: cb.confidence), limit: t.radius, unit: "pt")
            let told = ca.value.isToldApart && cb.value.isToldApart
            kind("\(feature) curve", ca.value.curve.rawValue, cb.value.curve.rawValue, confidence: ca.confidence, cb.confidence,
                 notCompared: told ? nil : "the curves fit too alike to tell in the \(ca.value.isToldApart ? "render" : "image")")
        }

        kind("style", a.style.value, b.style.value, confidence: a.style.confidence, b.style.confidence)
        number("visible height", a.visibleHeight, b.visibleHeight, limit: t.points, unit: "pt")
        number("left inset", a.outline.leftInset, b.outline.leftInset, limit: t.points, unit: "pt")
        number("right inset", a.outline.rightInset, b.outline.rightInset, limit: t.points, unit: "pt")
        number("bottom inset", a.outline.bottomInset, b.outline.bottomInset, limit: t.points, unit: "pt")

        corners("top corners", a.outline.topCorner, b.outline.topCorner)
        switch (a.outline.bottomCorner, b.outline.bottomCorner) {
        case let (ba?, bb?): corners("bottom corners", ba, bb)
        case (nil, nil):
            // Attached sheets have none; a floating sheet's may not be traced (content or the rim in the way).
            if max(a.outline.bottomInset.value, b.outline.bottomInset.value) > 0.5 {
                rows.append(FeatureComparison(feature: "bottom corners", image: "not traced", config: "not traced", delta: "–",
                                              tolerance: "±\(format(t.radius)) pt", verdict: .notCompared("not traced in either picture")))
            }
        case let (ba, bb):
            rows.append(FeatureComparison(feature: "bottom corners", image: ba.map { "\(format($0.value.radius)) pt" } ?? "not found",
                                          config: bb.map { "\(format($0.value.radius)) pt" } ?? "not found", delta: "–",
                                          tolerance: "±\(format(t.radius)) pt",
                                          verdict: .notCompared("read off one picture only (the bottom inset says whether the sheet floats)")))
        }

        switch (a.grabber, b.grabber) {
        case let (ga?, gb?):
            number("grabber width", ga.width, gb.width, limit: t.points, unit: "pt")
            number("grabber height", ga.height, gb.height, limit: t.points, unit: "pt")
            number("grabber top", ga.top, gb.top, limit: t.points, unit: "pt")
            if opaqueFill {
                colour("grabber colour", ga.color, gb.color, confidence: ga.width.confidence, gb.width.confidence)
            } else {
                rows.append(FeatureComparison(feature: "grabber colour", image: ga.color.hex, config: gb.color.hex, delta: "–",
                                              tolerance: "≤\(format(t.levels)) levels", verdict: .notCompared(throughMaterial)))
            }
        case (nil, nil):
            kind("grabber", "none", "none", confidence: 1, 1)
        case let (ga, gb):
            func seen(_ g: GrabberReading?) -> String { g.map { "\(format($0.width.value))×\(format($0.height.value)) pt" } ?? "none" }
            kind("grabber", seen(ga), seen(gb), confidence: ga?.width.confidence ?? 1, gb?.width.confidence ?? 1)
        }

        kind("appearance", a.appearance.value, b.appearance.value, confidence: a.appearance.confidence, b.appearance.confidence)
        // An opaque fill is even and its own colour: the image's surface must be too. A material is not compared.
        if opaqueFill {
            kind("surface", a.isSolidFill ? "even fill" : "uneven (a material)", "even fill", confidence: 1, 1)
            if a.isSolidFill { colour("fill colour", a.outline.surface, b.outline.surface, confidence: 1, 1) }
        } else {
            rows.append(FeatureComparison(feature: "surface", image: (a.isSolidFill ? "even, " : "uneven, ") + a.outline.surface.hex,
                                          config: "material, " + b.outline.surface.hex, delta: "–", tolerance: "≤\(format(t.levels)) levels",
                                          verdict: .notCompared(throughMaterial)))
        }

        let sceneA = a.dimming.scene.map { "\($0), \(a.dimming.appearance ?? "")" }, sceneB = b.dimming.scene.map { "\($0), \(b.dimming.appearance ?? "")" }
        let noScene = sceneA == nil ? "no built-in scene fits behind the image's sheet" : sceneB == nil ? "no built-in scene fits behind the render's sheet" : nil
        kind("background", sceneA ?? "unknown", sceneB ?? "unknown", confidence: a.dimming.opacity.confidence, b.dimming.opacity.confidence,
             notCompared: noScene)
        if let noScene {
            rows.append(FeatureComparison(feature: "dimming", image: sceneA == nil ? "–" : "α \(format(a.dimming.opacity.value))",
                                          config: sceneB == nil ? "–" : "α \(format(b.dimming.opacity.value))", delta: "–",
                                          tolerance: "±\(format(t.alpha)) α", verdict: .notCompared("not measurable: \(noScene)")))
        } else {
            number("dimming", a.dimming.opacity, b.dimming.opacity, limit: t.alpha, unit: "α", shown: { format3($0) })
        }
        return SheetComparison(features: rows, tolerance: t)
    }

    /// The comparison as a table for the terminal: feature, image, config, delta, tolerance, verdict.
    public var table: String { table(image: "image", config: "config") }

    /// The table with its two value columns named (a scenario compares a reference with a frame).
    public func table(image: String, config: String) -> String {
        let header = ["feature", image, config, "delta", "tolerance", "verdict"]
        let body = features.map { f -> [String] in
            let verdict = switch f.verdict {
            case .within: "ok"
            case .beyond: "BEYOND"
            case .notCompared(let why): "not compared: \(why)"
            }
            return [f.feature, f.image, f.config, f.delta, f.tolerance, verdict]
        }
        let all = [header] + body
        let widths = (0..<header.count - 1).map { i in all.map { $0[i].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { i, cell in i < widths.count ? cell.padding(toLength: widths[i] + 2, withPad: " ", startingAt: 0) : cell }.joined()
        }.joined(separator: "\n")
    }

    /// One line for the end: "every compared feature within tolerance" or the features beyond it.
    public var summary: String {
        let skipped = notCompared.count
        let note = skipped == 0 ? "" : " (\(skipped) not compared, each listed with why: never failed)"
        if passes { return "all \(features.count - skipped) compared features within tolerance" + note }
        return "\(beyond.count) feature\(beyond.count == 1 ? "" : "s") beyond tolerance: "
            + beyond.map { f in "\(f.feature) (\(f.image) → \(f.config)" + (f.delta == "–" ? ")" : ", \(f.delta); \(f.tolerance))") }
            .joined(separator: ", ") + note
    }
}

/// A difference with its sign: "+40", "-0.5", "0".
func signed(_ x: Double, _ shown: (Double) -> String) -> String {
    let s = shown(x)
    return s == "0" || s == "-0" ? "0" : (x > 0 ? "+" + s : s)
}

/// An opacity to three decimals.
func format3(_ x: Double) -> String {
    let r = (x * 1000).rounded() / 1000
    return r == r.rounded() ? String(Int(r)) : String(r)
}
