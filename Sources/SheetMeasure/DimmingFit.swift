/// A picture of what could be behind the sheet: a built-in scene drawn on the same canvas with no sheet, in one
/// appearance. The command renders them (this module draws nothing).
public struct BackgroundCandidate: Sendable {
    /// The scene's config name (`map`, `list`, `gradient`).
    public var scene: String
    /// `light` or `dark`.
    public var appearance: String
    public var picture: ScreenImage
    /// The image file it was read from, when it is the user's own picture of what is behind the sheet (`--behind`):
    /// the config draws that file as its background. Nil for a built-in scene.
    public var image: String?
    public init(scene: String, appearance: String, picture: ScreenImage, image: String? = nil) {
        self.scene = scene; self.appearance = appearance; self.picture = picture; self.image = image
    }
}

/// The dimming over the background, and which background it is.
public struct DimmingReading: Sendable, Equatable {
    /// The dimming's opacity over black (SheetLab's and UIKit's dimming colour).
    public var opacity: Measured<Double>
    /// The scene that fits, and its appearance; nil when none did.
    public var scene: String?
    public var appearance: String?
    /// The image file behind the sheet, when the background that fits is the user's picture (`--behind`).
    public var image: String? = nil
    /// The mean colour above the sheet: the background to write when no scene fits.
    public var meanColor: RGB
}

/// The shadow just outside the sheet's top edge: how much darker the background is there than the dimmed scene
/// predicts.
public struct ShadowReading: Sendable, Equatable {
    /// The darkening in the pixel row above the edge, 0–1 (0.05: 5 % darker).
    public var darkening: Measured<Double>
    /// How far above the edge the darkening falls to half, in points.
    public var reach: Double
}

/// Solves observed = (1 − α)·scene for α by least squares over the rows above the sheet, for each candidate
/// background, and keeps the one that fits: with the right scene the misfit is a level or two (rounding), with a
/// wrong one it is tens of levels, so the background is identified along with α. Black is the dimming colour, as
/// SheetLab and UIKit draw it. The status bar (its ink changes with the dimming) and the band a shadow could reach
/// are left out. With no candidate that fits, α is not measurable from one picture: confidence 0.
enum DimmingFit {
    /// The misfit, in levels, under which a candidate is the background.
    static let fitsWithin = 4.0
    /// The least share of a scene that must show through the dimming for the scene to be told (α ≤ 0.95).
    static let minimumKept = 0.05

    /// The share of `scene` that shows through the dimming in `image` (observed = keep·scene, by least squares over
    /// `rows` × `columns`), and the misfit in levels RMS. Nil when the two differ in size, the scene is black there,
    /// or less than `minimumKept` shows: black above the sheet (C-M: iOS 16 over a black view) is every scene dimmed to
    /// black, and tells no scene.
    static func kept(_ image: ScreenImage, scene: ScreenImage, rows: [Int], columns: [Int]) -> (keep: Double, rms: Double)? {
        guard scene.width == image.width, scene.height == image.height, !rows.isEmpty, !columns.isEmpty else { return nil }
        var ob = 0.0, bb = 0.0
        for y in rows { for x in columns { let o = image.color(x, y), b = scene.color(x, y); ob += o.dot(b); bb += b.dot(b) } }
        guard bb > 0 else { return nil }
        let keep = min(1, max(0, ob / bb))
        guard keep >= minimumKept else { return nil }
        var sq = 0.0
        for y in rows { for x in columns { let r = image.color(x, y) - scene.color(x, y) * keep; sq += r.dot(r) / 3 } }
        return (keep, (sq / Double(rows.count * columns.count)).squareRoot())
    }

    static func fit(_ image: ScreenImage, candidates: [BackgroundCandidate], safeTop: Double, sheetTop: Double) -> DimmingReading {
        let s = image.scale
        let y0 = Int((safeTop + 4) * s), shadowClear = Int((sheetTop - 56) * s)
        let y1 = shadowClear - y0 > image.px(20) ? shadowClear : Int((sheetTop - 6) * s)
        let step = max(1, Int(s))
        let rows = stride(from: y0, to: max(y0, y1), by: step).map { $0 }
        let columns = stride(from: 0, to: image.width, by: step).map { $0 }
        var mean = RGB(0, 0, 0), count = 0.0
        for y in rows { for x in columns { mean = mean + image.color(x, y); count += 1 } }
        mean = count > 0 ? mean * (1 / count) : mean
        var best: (candidate: BackgroundCandidate, alpha: Double, rms: Double)?
        for candidate in candidates {
            guard let fit = kept(image, scene: candidate.picture, rows: rows, columns: columns) else { continue }
            if best.map({ fit.rms < $0.rms }) ?? true { best = (candidate, 1 - fit.keep, fit.rms) }
        }
        guard count > 0, let best, best.rms <= fitsWithin else {
            return DimmingReading(opacity: Measured(0, residual: .infinity, confidence: 0), scene: nil, appearance: nil, meanColor: mean)
        }
        // α's own uncertainty: the misfit in levels over the scene's mean level.
        let level = max(1, (best.candidate.picture.mean(xs: 0..<image.width, ys: y0..<max(y0 + 1, y1)).dot(RGB(1, 1, 1)) / 3))
        return DimmingReading(opacity: Measured(best.alpha, residual: best.rms / level / count.squareRoot() * 10,
                                                confidence: max(0, 1 - best.rms / fitsWithin / 2)),
                              scene: best.candidate.scene, appearance: best.candidate.appearance.isEmpty ? nil : best.candidate.appearance,
                              image: best.candidate.image, meanColor: mean)
    }

    /// The shadow above the sheet's top edge against the fitted background; nil when there is no background fit.
    static func shadow(_ image: ScreenImage, background: BackgroundCandidate?, alpha: Double, sheetTop: Double) -> ShadowReading? {
        guard let background else { return nil }
        let s = image.scale
        let columns = SheetFinder.middleColumns(image, every: max(1, Int(s)))
        let edgeRow = Int((sheetTop * s).rounded(.down))
        func darkening(_ pointsAbove: Double) -> Double {
            let y = edgeRow - 1 - Int((pointsAbove * s).rounded(.down))
            guard y >= 0 else { return 0 }
            var o = 0.0, p = 0.0
            for x in columns { o += image.color(x, y).dot(RGB(1, 1, 1)); p += background.picture.color(x, y).dot(RGB(1, 1, 1)) * (1 - alpha) }
            return p > 0 ? 1 - o / p : 0
        }
        let near = darkening(0)
        let far = darkening(56)
        var reach = 0.0
        for d in stride(from: 0.0, through: 48, by: 1) where darkening(d) - far >= (near - far) / 2 { reach = d }
        let signal = near - far
        // A level's worth at the background's brightness is the noise floor.
        return ShadowReading(darkening: Measured(max(0, signal), residual: abs(far), confidence: min(1, max(0, signal / 0.02))), reach: reach)
    }
}
