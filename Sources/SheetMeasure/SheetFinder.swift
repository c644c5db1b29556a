/// Finds the sheet in a screenshot: its top edge, sides, bottom and corners (`SheetOutline`).
///
/// A sheet's top edge is a row where, across the middle of the screen (clear of the corners and of the grabber),
/// the picture steps from the background to a surface that stays one colour for the next 2 pt: a solid fill, or a
/// material whose blur leaves no detail. Maps have such rows too (a street's edge), so every candidate must also
/// show rounded corners where it meets the sides, within 10 pt of the canvas's edges: a street runs off the screen
/// square, a list's card is inset 16 pt or more. Of the candidates that pass, the one read with the most confidence
/// (its top edge straight, its corners traced on both sides and fitting their curve) is the sheet.
public enum SheetFinder {
    /// The widest side or bottom inset a sheet may have (glass floats 8 pt in).
    static let maxInset = 10.0
    /// The widest a sheet floating evenly may have, read when nothing within `maxInset` is a sheet: iOS 26 pulls a short
    /// glass sheet in to a pill, 26 pt from the sides and the bottom at 62 pt tall (G-S, docs/ios-reference.md).
    static let maxFloatingInset = 40.0
    /// How far along each edge a top corner is traced, in points: past 1.6 r for radii up to 40 pt.
    static let topSpan = 64.0
    /// The same for a floating sheet's bottom corners: radii up to 65 pt, past the 54 pt concentric with the 2025
    /// iPhones' 62 pt displays (80 pt capped them at 51; G-B reads 55.5–59.9, docs/ios-reference.md).
    static let bottomSpan = 104.0
    /// How far inside its edge a sheet's surface is read, past a glass rim, in points.
    static let rimWidth = 1.5

    /// `displayRadius`: the device's display corner radius in points, which a floating sheet's bottom corners follow
    /// (less the inset); it guides where the surface is read beside them, not what they measure. 0: unknown.
    /// `backgrounds`: the built-in scenes that could be behind. When the edges alone find no sheet, and one of them
    /// fits the rows under the status bar, the sheet is looked for again where the picture leaves that scene.
    static func find(_ image: ScreenImage, safeTop: Double, displayRadius: Double = 0, backgrounds: [BackgroundCandidate] = [])
        -> Result<SheetOutline, NoSheetFound> {
        let plain = findOnEdges(image, safeTop: safeTop, displayRadius: displayRadius)
        if case .success(let o) = plain, o.certainty >= 0.9 { return plain }
        // Read off the scene, a sheet SheetLab drew is exact (certainty 0.96–0.99 on the examples): a weaker reading
        // is something else (a glass sheet in motion, its shadow taken for its sides), and not kept.
        guard let revealed = revealing(image, backgrounds: backgrounds, safeTop: safeTop),
              case .success(let seen) = findOnEdges(revealed, safeTop: safeTop, displayRadius: displayRadius),
              seen.certainty >= 0.8 else { return plain }
        if case .success(let o) = plain, o.certainty >= seen.certainty { return plain }
        return .success(seen)
    }

    /// `image` with the scene behind it known: the candidate that fits a band of rows just under the status bar (the
    /// dimming solved there), or nil when none fits as well as a scene drawn by SheetLab does.
    static func revealing(_ image: ScreenImage, backgrounds: [BackgroundCandidate], safeTop: Double) -> ScreenImage? {
        let step = max(1, Int(image.scale))
        let rows = stride(from: image.px(safeTop + 4), to: image.px(safeTop + 16), by: step).map { $0 }
        let columns = stride(from: 0, to: image.width, by: step).map { $0 }
        var best: (candidate: BackgroundCandidate, keep: Double, rms: Double)?
        for candidate in backgrounds {
            guard let fit = DimmingFit.kept(image, scene: candidate.picture, rows: rows, columns: columns) else { continue }
            if best.map({ fit.rms < $0.rms }) ?? true { best = (candidate, fit.keep, fit.rms) }
        }
        // A scene SheetLab drew, dimmed, fits to its rounding: half a level or so.
        guard let best, best.rms <= 1.5 else { return nil }
        return image.revealing(best.candidate.picture, keep: best.keep, misfit: best.rms)
    }

    /// The sheet's top edge alone, in pixels from the image's top, read where the picture leaves the scene behind it
    /// (`revealing`): the first candidate row whose edge most middle columns read within a pixel. For a recording's
    /// frames, where the still finder's corners are not needed; nil when no scene fits or no row leaves it.
    static func revealedTop(_ image: ScreenImage, backgrounds: [BackgroundCandidate], safeTop: Double)
        -> (top: Double, residual: Double, columns: Int)? {
        guard let revealed = revealing(image, backgrounds: backgrounds, safeTop: safeTop) else { return nil }
        let band = revealed.px(2, minimum: 2), rimPx = revealed.px(rimWidth, minimum: 0)
        let columns = middleColumns(revealed, every: max(1, Int(revealed.scale) - 1))
        for row in candidateRows(revealed, safeTop: safeTop).prefix(4) {
            let edges = columns.compactMap { x in
                revealed.entryAlongColumn(x, from: row - 6, to: row + rimPx + band, surface: revealed.color(x, row + rimPx + band))
            }
            guard let top = robustMean(edges, within: 0.6, of: Double(columns.count)), top.confidence >= 0.5 else { continue }
            return (top.value, top.residual, Int((top.confidence * Double(columns.count)).rounded()))
        }
        return nil
    }

    static func findOnEdges(_ image: ScreenImage, safeTop: Double, displayRadius: Double) -> Result<SheetOutline, NoSheetFound> {
        let rows = candidateRows(image, safeTop: safeTop)
        var best: SheetOutline?
        var rejected: [String] = []
        for row in rows.prefix(24) {
            switch outline(image, candidateRow: row, displayRadius: displayRadius) {
            case .success(let o):
                if best.map({ o.certainty > $0.certainty }) ?? true { best = o }
            case .failure(let why):
                rejected.append("y = \(format(Double(row) / image.scale)) pt: \(why.reason)")
            }
        }
        if let best { return .success(best) }
        // Nothing within 10 pt of the sides: a sheet floating further in, evenly from the sides and the bottom.
        var pill: SheetOutline?
        for row in rows.prefix(24) {
            if case .success(let o) = outline(image, candidateRow: row, displayRadius: displayRadius, floatingFar: true),
               pill.map({ o.certainty > $0.certainty }) ?? true { pill = o }
        }
        if let pill { return .success(pill) }
        // Glass over busy content: the blurred content shows just under the top edge, so fewer middle columns find an
        // even surface there (G-B "issue": the rows of a menu behind, half the columns).
        var busy: SheetOutline?
        for row in candidateRows(image, safeTop: safeTop, agreeing: 0.4).filter({ !rows.contains($0) }).prefix(24) {
            if case .success(let o) = outline(image, candidateRow: row, displayRadius: displayRadius),
               busy.map({ o.certainty > $0.certainty }) ?? true { busy = o }
        }
        if let busy { return .success(busy) }
        guard !rows.isEmpty else {
            return .failure(NoSheetFound(reason: "no row across the middle of the image steps from the background onto an even surface"))
        }
        return .failure(NoSheetFound(reason: "\(rows.count) horizontal edge\(rows.count == 1 ? "" : "s") with an even surface below, none a sheet's ("
                                     + rejected.prefix(3).joined(separator: "; ") + (rejected.count > 3 ? "; …" : "") + ")"))
    }

    /// The middle columns the top edge is read on: two spans clear of the corners and of the grabber.
    public static func middleColumns(_ image: ScreenImage, every step: Int) -> [Int] {
        let w = Double(image.width)
        let left = Int(w * 0.26)..<Int(w * 0.42), right = Int(w * 0.58)..<Int(w * 0.74)
        return stride(from: left.lowerBound, to: left.upperBound, by: max(1, step)).map { $0 }
            + stride(from: right.lowerBound, to: right.upperBound, by: max(1, step)).map { $0 }
    }

    /// Pixel rows that could be the first row of a sheet: most middle columns step there onto a surface that stays
    /// even for 2 pt. Runs of neighbouring rows count once (their first).
    /// `agreeing`: the share of the middle columns that must step there.
    static func candidateRows(_ image: ScreenImage, safeTop: Double, agreeing: Double = 0.6) -> [Int] {
        let columns = middleColumns(image, every: max(1, image.width / 80))
        let band = image.px(2, minimum: 2), rim = image.px(rimWidth, minimum: 0)
        let first = max(3, image.px(safeTop - 4, minimum: 0)), last = image.height - image.px(24)
        guard first < last, !columns.isEmpty else { return [] }
        var found: [Int] = []
        var y = first
        while y < last {
            var agree = 0
            for (k, x) in columns.enumerated() {
                // The surface is read past a glass sheet's rim (a band a point or so wide just inside its edge); the
                // step is onto the row itself, rim or surface.
                let c = image.color(x, y + rim)
                guard c.distance(to: image.color(x, y + rim + band)) <= 4, c.distance(to: image.color(x, y + rim + band / 2)) <= 4 else { continue }
                if let behind = image.behind, let behindAbove = image.behindColor(x, y - 2), let behindBelow = image.behindColor(x, y + 1) {
                    // The scene known: the background two rows up, the sheet from the next row.
                    guard image.color(x, y - 2).distance(to: behindAbove) <= behind.revealedBy,
                          image.color(x, y + 1).distance(to: behindBelow) > behind.revealedBy else { continue }
                } else {
                    guard image.color(x, y - 2).distance(to: image.color(x, y)) >= 12 else { continue }
                }
                if k > 0, columns[k - 1] == x - max(1, image.width / 80), image.color(x - max(1, image.width / 80), y + 1).distance(to: image.color(x, y + 1)) > 12 { continue }
                agree += 1
            }
            if Double(agree) >= agreeing * Double(columns.count) {
                found.append(y)
                y += band   // the rows just under an edge pass too
            } else {
                y += 1
            }
        }
        return found
    }

    /// The whole outline for a candidate first row, or why it is not a sheet.
    /// `floatingFar`: the sheet floats more than `maxInset` in (up to `maxFloatingInset`), as far from the bottom as from
    /// the sides; its sides and bottom are read where the scans first leave the background at the canvas's edge.
    static func outline(_ image: ScreenImage, candidateRow row: Int, displayRadius: Double = 0, floatingFar: Bool = false) -> Result<SheetOutline, NoSheetFound> {
        let s = image.scale
        let band = image.px(2, minimum: 2)
        // The top edge, to a fraction of a pixel, on every middle column.
        var edges: [Double] = [], surfaces: [RGB] = [], rims: [RGB] = []
        let rimPx = image.px(rimWidth, minimum: 0)
        for x in middleColumns(image, every: max(1, Int(s) - 1)) {
            let surface = image.mean(xs: x..<(x + 1), ys: (row + rimPx + 1)..<(row + rimPx + band + 1))
            var rim: RGB? = image.color(x, row)
            // With the scene behind known, a candidate row may be the edge's anti-aliased row: a mix of the scene and the
            // surface is no rim (a glass rim is brighter than both).
            if let b = image.behindColor(x, row), let c = rim {
                let f = EdgeCrossing.fraction(c, outside: b, inside: surface)
                if c.distance(to: b * (1 - f) + surface * f) <= EdgeEntry.tolerance { rim = nil }
            }
            surfaces.append(surface); rims.append(rim ?? surface)
            if let e = image.entryAlongColumn(x, from: row - 6, to: row + rimPx + band, surface: surface, rim: rim) { edges.append(e) }
        }
        guard let top = robustMean(edges, within: 0.6, of: Double(surfaces.count)) else {
            return .failure(NoSheetFound(reason: "the edge is not straight across the middle"))
        }
        let topY = top.value
        let surface = RGB.mean(surfaces)
        // The rim's colour where the top edge is, for the sides and corners (nil when there is none to speak of).
        let rimMean = RGB.mean(rims)
        let rim: RGB? = rimMean.distance(to: surface) > EdgeEntry.tolerance ? rimMean : nil
        let spread = (surfaces.map { $0.distance(to: surface) * $0.distance(to: surface) }.reduce(0, +) / Double(surfaces.count)).squareRoot()

        // Sides: the middle of the sheet's height, scanned in from each canvas edge. A short floating sheet has no
        // straight side between its corners; there the outermost readings are the side, within a fraction of a point
        // (a continuous corner meets its side that gently).
        // A far-floating sheet's bottom is read first, and its sides across the middle of its own height.
        // Each scan looks for the surface the top edge steps onto: in the same column for the bottom, at the outermost
        // middle column for a side.
        let underTop = Int(topY) + rimPx + band
        let farBottom = floatingFar ? farInset(image, lines: middleColumns(image, every: max(1, image.width / 40)), side: .bottom, rim: rim,
                                               surface: { image.color($0, underTop) }) : nil
        let sideSpan = farBottom.map { (topY, Double(image.height) - $0.value * s) } ?? (topY, Double(image.height))
        let sideRows = stride(from: Int(sideSpan.0 + 0.3 * (sideSpan.1 - sideSpan.0)), to: Int(sideSpan.1 - 0.3 * (sideSpan.1 - sideSpan.0)),
                              by: max(1, image.px(floatingFar ? 2 : 4))).map { $0 }
        let columns = middleColumns(image, every: 1)
        let leftSide = floatingFar ? farInset(image, lines: sideRows, side: .left, rim: rim, surface: { _ in image.color(columns.first!, underTop) }, displayRadius: displayRadius)
            : sideInset(image, rows: sideRows, fromLeft: true, rim: rim)
        let rightSide = floatingFar ? farInset(image, lines: sideRows, side: .right, rim: rim, surface: { _ in image.color(columns.last!, underTop) }, displayRadius: displayRadius)
            : sideInset(image, rows: sideRows, fromLeft: false, rim: rim)
        let widest = floatingFar ? maxFloatingInset : maxInset
        guard leftSide.value <= widest, rightSide.value <= widest else {
            return .failure(NoSheetFound(reason: "its sides are \(format(leftSide.value)) and \(format(rightSide.value)) pt in from the canvas's"))
        }
        // A sheet attached at the sides is attached at the bottom (content may end above it); one that floats at the
        // sides floats above the bottom by its own gap, read there.
        let floats = max(leftSide.value, rightSide.value) >= SheetMeasurer.floatingInset
        let bottom = farBottom ?? (floats ? bottomInset(image, rim: rim) : Measured(0.0, residual: 0, confidence: min(leftSide.confidence, rightSide.confidence)))
        guard bottom.value <= widest else {
            return .failure(NoSheetFound(reason: "it ends \(format(bottom.value)) pt above the canvas's bottom"))
        }
        if floatingFar {
            // Floating evenly, as iOS 26 floats a sheet: a card in a list or a banner is not so placed.
            let sides = (leftSide.value + rightSide.value) / 2
            guard min(leftSide.value, rightSide.value, bottom.value) > maxInset, abs(leftSide.value - rightSide.value) <= 3,
                  abs(bottom.value - sides) <= 4, min(leftSide.confidence, rightSide.confidence, bottom.confidence) >= 0.3 else {
                return .failure(NoSheetFound(reason: "its sides and bottom (\(format(leftSide.value)), \(format(rightSide.value)) and \(format(bottom.value)) pt in) are not one floating inset"))
            }
        }

        // The top corners, traced and fitted on both sides.
        // An attached sheet's sides are the canvas's: a column of something else at the very edge (a framed picture's
        // blended border, G-L: 1.0–1.2 px) is not a side to fit the corners to. A gap of two pixels or more is a side
        // (P-H light, iOS 26 glass at a 0.65 fraction: 1.6 pt, 5 px at 3×; fitted to the canvas's edge instead, its top
        // corners read 40.4 pt against 37.6).
        func side(_ inset: Double) -> Double { floats || inset * s >= 2 ? inset * s : 0 }
        let xl = side(leftSide.value), xr = Double(image.width) - side(rightSide.value)
        // A pill's top and bottom corners share its short sides: each is traced over its own half.
        let yBottom = Double(image.height) - bottom.value * s
        let halfSide = floatingFar ? (yBottom - topY) / 2 / s : .infinity
        let spanPx = min(image.px(topSpan), (image.width - 2) / 2, image.height - Int(topY) - 2)
        let topSurfaceLeft = image.mean(xs: Int(xl) + spanPx + image.px(2)..<Int(xl) + spanPx + image.px(2) + 3,
                                        ys: Int(topY) + rimPx + 1..<Int(topY) + rimPx + 1 + band)
        let topSurfaceRight = image.mean(xs: Int(xr) - spanPx - image.px(2) - 3..<Int(xr) - spanPx - image.px(2),
                                         ys: Int(topY) + rimPx + 1..<Int(topY) + rimPx + 1 + band)
        let maxRadius = Double(spanPx) / s / 1.6
        let topTraces = [image.traceCorner(x: xl, y: topY, sx: 1, sy: 1, span: spanPx, surface: topSurfaceLeft, rim: rim),
                         image.traceCorner(x: xr, y: topY, sx: -1, sy: 1, span: spanPx, surface: topSurfaceRight, rim: rim)]
        let topSides = topTraces.map { CornerFit.fit($0.filter { $0.v <= halfSide }, maxRadius: maxRadius) }
        let fits = topSides.compactMap { $0 }
        guard var topCorner = combined(fits), topCorner.value.radius >= 2 else {
            return .failure(NoSheetFound(reason: fits.isEmpty ? "no corners could be traced at its ends" : "its ends are square, not rounded"))
        }
        guard topCorner.value.rms < 0.35 * max(1, topCorner.value.radius / 8) else {
            return .failure(NoSheetFound(reason: "its ends do not follow a corner curve (misfit \(format(topCorner.value.rms)) pt)"))
        }

        // The bottom corners of a sheet floating above the bottom edge.
        var bottomCorner: Measured<CornerFit>?
        var bottomSides: [CornerFit?] = [nil, nil]
        if bottom.value > 0.5, bottom.confidence > 0.3 {
            let yb = Double(image.height) - bottom.value * s
            let spanB = min(image.px(bottomSpan), (image.width - 2) / 2, Int(yb - topY) / 2)
            let sideSurfaceLeft = image.mean(xs: Int(xl) + image.px(3)..<Int(xl) + image.px(3) + 3,
                                             ys: Int(yb) - spanB - image.px(4)..<Int(yb) - spanB - image.px(4) + 3)
            let sideSurfaceRight = image.mean(xs: Int(xr) - image.px(3) - 3..<Int(xr) - image.px(3),
                                              ys: Int(yb) - spanB - image.px(4)..<Int(yb) - spanB - image.px(4) + 3)
            let maxB = Double(floatingFar ? min(image.px(bottomSpan), (image.width - 2) / 2) : spanB) / s / 1.6
            // A material's surface drifts along a bottom corner (the blurred scene under it) and content reaches down
            // into it: each scan reads the surface a little inside where a corner concentric with the display's would be.
            // A pill is not concentric with the display (G-S: 30.8 pt corners 26 pt in from a 62 pt display's).
            let guide = !floatingFar && displayRadius - bottom.value > 2 ? displayRadius - bottom.value : nil
            let bottomTraces = [image.traceCorner(x: xl, y: yb, sx: 1, sy: -1, span: spanB, surface: sideSurfaceLeft, rim: rim, guide: guide),
                                image.traceCorner(x: xr, y: yb, sx: -1, sy: -1, span: spanB, surface: sideSurfaceRight, rim: rim, guide: guide)]
            bottomSides = bottomTraces.map { CornerFit.fit($0, maxRadius: maxB) }
            bottomCorner = combined(bottomSides.compactMap { $0 })
            // So short that a glass top corner (up to 40 pt) would run into the bottom one: the renderer, as CSS does, then
            // shrinks both corners by one factor until they meet, and what is drawn is that. Both are fitted together,
            // meeting, and the bottom's known radius (the display's less the inset) undoes the factor.
            let side = (yb - topY) / s
            if !floatingFar, let guide, side < UnitCorner.extent * (guide + 40),
               let meeting = CornerFit.fitMeeting(top: topTraces.flatMap { $0 }, bottom: bottomTraces.flatMap { $0 }, side: side) {
                let k = meeting.bottom / guide
                var t = topCorner.value, b = bottomCorner?.value ?? t
                (t.radius, t.curve, t.rms) = (meeting.top / k, .continuous, meeting.rms)
                (b.radius, b.curve, b.rms) = (guide, .continuous, meeting.rms)
                // The factor multiplies the top's misfit: a tenth of a point off the drawn corners is more off the config's.
                let residual = meeting.rms / k
                let confidence = max(0, 1 - residual / 1.5)
                topCorner = Measured(t, residual: residual, confidence: confidence)
                bottomCorner = Measured(b, residual: residual, confidence: confidence)
            }
        }
        var outline = SheetOutline(top: Measured(topY / s, residual: top.residual / s, confidence: top.confidence),
                                   leftInset: leftSide, rightInset: rightSide, bottomInset: bottom,
                                   topCorner: topCorner, bottomCorner: bottomCorner, surface: surface, surfaceSpread: spread)
        (outline.topCornerSides, outline.bottomCornerSides) = (topSides, bottomSides)
        return .success(outline)
    }

    /// One inset from scans in from a canvas edge on `rows`: the median edge where most rows find one, 0 where most
    /// rows start on the sheet already.
    static func sideInset(_ image: ScreenImage, rows: [Int], fromLeft: Bool, rim: RGB?) -> Measured<Double> {
        let depth = image.px(maxInset + 4), probe = image.px(maxInset + 2)
        var edges: [Double] = [], attached = 0
        for y in rows {
            let (start, end, inside) = fromLeft ? (-4, depth, probe) : (image.width + 3, image.width - 1 - depth, image.width - 1 - probe)
            let surface = image.color(inside, y)
            if let e = image.entryAlongRow(y, from: start, to: end, surface: surface, rim: rim) {
                edges.append(fromLeft ? e : Double(image.width) - e)
            } else if image.color(fromLeft ? 0 : image.width - 1, y).distance(to: surface) <= EdgeEntry.tolerance {
                attached += 1
            }
        }
        return inset(edges, attached: attached, of: rows.count, scale: image.scale)
    }

    enum CanvasEdge { case left, right, bottom }

    /// A far inset (`outline`'s `floatingFar`): on each of `lines` (rows for a side, columns for the bottom), the scan in
    /// from 2 pt inside the canvas's edge up to `maxFloatingInset` + 4 pt stops where it first leaves the colour there for
    /// 3 pt (a street or a label is narrower) onto a colour within 21 levels of the sheet's (`expected`: the surface
    /// under the top edge, for the scan on that line); the edge is read there onto the surface 2 pt further in.
    /// `displayRadius`: a side's scan starts past the display's rounded corner, which is black in a framed screenshot.
    static func farInset(_ image: ScreenImage, lines: [Int], side: CanvasEdge, rim: RGB?, surface expected: (Int) -> RGB,
                         displayRadius: Double = 0) -> Measured<Double> {
        let depth = image.px(maxFloatingInset + 4), held = image.px(3, minimum: 2)
        let into = image.px(rimWidth, minimum: 0) + image.px(2, minimum: 2)
        let (extent, flip) = side == .bottom ? (image.height, true) : (image.width, side == .right)
        var edges: [Double] = []
        for line in lines {
            // k pixels in from the edge.
            func at(_ k: Int) -> RGB {
                let i = flip ? extent - 1 - k : k
                return side == .bottom ? image.color(line, i) : image.color(i, line)
            }
            // From 2 pt in: a framed picture's outermost pixels are blended with its frame (G-L).
            let fromBottom = Double(image.height - line) / image.scale
            let corner = side == .bottom || displayRadius <= 0 ? 0 : displayRadius * UnitCorner.continuous.across(fromBottom / displayRadius) as Double
            let start = image.px(2 + corner)
            let outside = at(start)
            let sheet = expected(line)
            guard let k = ((start + 1)..<depth).first(where: { k in
                at(k + into).distance(to: sheet) <= 3 * EdgeEntry.tolerance
                    && (0..<held).allSatisfy { at(k + $0).distance(to: outside) >= EdgeEntry.minimumContrast }
            }) else { continue }
            let surface = at(k + into)
            let (from, to) = flip ? (extent - 1 - max(0, k - 6), extent - 1 - (k + into)) : (max(0, k - 6), k + into)
            let e = side == .bottom ? image.entryAlongColumn(line, from: from, to: to, surface: surface, rim: rim)
                : image.entryAlongRow(line, from: from, to: to, surface: surface, rim: rim)
            if let e { edges.append(flip ? Double(extent) - e : e) }
        }
        // A pill's side is curved all along: the median, where the outermost readings would be a street's.
        return inset(edges, attached: 0, of: lines.count, scale: image.scale, fromEdge: side == .bottom)
    }

    /// The gap between the sheet's bottom and the canvas's, from scans up the middle columns.
    static func bottomInset(_ image: ScreenImage, rim: RGB?) -> Measured<Double> {
        let depth = image.px(maxInset + 4), probe = image.px(maxInset + 2)
        var edges: [Double] = [], attached = 0
        let columns = middleColumns(image, every: max(1, image.width / 40))
        for x in columns {
            let surface = image.color(x, image.height - 1 - probe)
            if let e = image.entryAlongColumn(x, from: image.height + 3, to: image.height - 1 - depth, surface: surface, rim: rim) {
                edges.append(Double(image.height) - e)
            } else if image.color(x, image.height - 1).distance(to: surface) <= EdgeEntry.tolerance {
                attached += 1
            }
        }
        return inset(edges, attached: attached, of: columns.count, scale: image.scale)
    }

    /// `fromEdge`: the readings are distances in from a canvas edge, and the smallest of them (a tenth of the way
    /// up) is the side, not their median.
    static func inset(_ edges: [Double], attached: Int, of count: Int, scale: Double, fromEdge: Bool = true) -> Measured<Double> {
        // The outermost readings that a third of the scans agree with: a background feature the rim's colour that one
        // scan took for the sheet is not the side.
        if edges.count > attached,
           let m = (fromEdge ? [0.1, 0.2, 0.3, 0.4, 0.5] : [0.5]).lazy.compactMap({ robustMean(edges, within: 0.6, of: Double(count), around: $0) }).first {
            return Measured(m.value / scale, residual: m.residual / scale, confidence: m.confidence)
        }
        // Attached: the canvas's edge is the sheet's, as sure as the rows that start on it are many.
        return Measured(0, residual: 0, confidence: count > 0 ? Double(attached) / Double(count) : 0)
    }

    /// The mean of the values within `within` of their median, its RMS spread, and a confidence: the share of
    /// `count` readings that agreed, lowered as the spread nears a pixel. Nil when fewer than a third agree.
    static func robustMean(_ values: [Double], within: Double, of count: Double, around quantile: Double = 0.5)
        -> (value: Double, residual: Double, confidence: Double)? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let median = sorted[min(sorted.count - 1, Int(Double(sorted.count) * quantile))]
        let kept = values.filter { abs($0 - median) <= within }
        guard Double(kept.count) >= count / 3 else { return nil }
        let mean = kept.reduce(0, +) / Double(kept.count)
        let rms = (kept.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(kept.count)).squareRoot()
        return (mean, rms, min(1, Double(kept.count) / count * 1.25) * max(0, 1 - rms))
    }

    /// The two sides' fits as one reading: the better fit's curve, the radii averaged by weight, the residual their RMS and the
    /// radii's disagreement together.
    static func combined(_ fits: [CornerFit]) -> Measured<CornerFit>? {
        guard let best = fits.min(by: { $0.rms < $1.rms }) else { return nil }
        var fit = best
        // The two sides name different curves: the curve is not known, whatever the better side's margin. Each side
        // still gives its radius for the better side's curve (G-S: 32.77 continuous on the left, 29.21 on the right,
        // which fits a circle better by a hair); leaving that side out would take one corner's radius for both.
        if fits.contains(where: { $0.curve != best.curve }) { fit.otherRMS = min(fit.otherRMS, fit.rms) }
        let same = fits.map { $0.curve == best.curve ? (radius: $0.radius, rms: $0.rms) : (radius: $0.otherRadius, rms: $0.otherRMS) }
        // Weighted by their misfits: one side's trace spoilt by content or a street beside it counts less.
        let weights = same.map { 1 / ($0.rms * $0.rms + 0.01) }
        fit.radius = zip(same, weights).map { $0.radius * $1 }.reduce(0, +) / weights.reduce(0, +)
        let disagreement = (same.map(\.radius).max() ?? 0) - (same.map(\.radius).min() ?? 0)
        let residual = (best.rms * best.rms + disagreement * disagreement / 4).squareRoot()
        // The radius is sure when both sides were traced and agree; which curve it is, is `CornerFit.isToldApart`.
        let confidence = (fits.count == 2 ? 1 : 0.7) * max(0, 1 - residual / 1.5)
        return Measured(fit, residual: residual, confidence: confidence)
    }
}

/// A number for messages: at most two decimals.
func format(_ x: Double) -> String {
    let r = (x * 100).rounded() / 100
    return r == r.rounded() ? String(Int(r)) : String(r)
}

extension ScreenImage {
    /// Points (u along the top or bottom edge, v along the side; points from where the straight edges would meet)
    /// on the outline of a corner at pixel coordinates (x, y), the sheet lying towards +sx and +sy: scans along every
    /// row and every column within `span` pixels of it, each run in from outside.
    /// `guide`, a radius in points: each scan reads its own surface 3 pt inside where a continuous corner of that radius
    /// would cross it, rather than `surface` for all.
    func traceCorner(x: Double, y: Double, sx: Int, sy: Int, span: Int, surface: RGB, rim: RGB?, guide: Double? = nil) -> [(u: Double, v: Double)] {
        var points: [(u: Double, v: Double)] = []
        let spanPoints = Double(span) / scale
        let x0 = sx > 0 ? Int(x.rounded(.down)) - 4 : Int(x.rounded(.up)) + 3
        let y0 = sy > 0 ? Int(y.rounded(.down)) - 4 : Int(y.rounded(.up)) + 3
        // Every other row and column from 2× up: a hundred points or more a corner still, for half the work.
        for j in stride(from: 0, to: span, by: scale >= 2 ? 2 : 1) {
            let yi = sy > 0 ? Int(y.rounded(.up)) + j : Int(y.rounded(.down)) - 1 - j
            let v = Double(sy) * (Double(yi) + 0.5 - y) / scale
            let xi = sx > 0 ? Int(x.rounded(.up)) + j : Int(x.rounded(.down)) - 1 - j
            // Each point is kept from the scan that crosses the outline at 45° or more (rows where the curve runs
            // closer to the side, columns where it runs closer to the top or bottom edge): a grazing scan spreads the
            // edge's anti-aliasing and rim over many pixels and reads it poorly.
            /// The surface `depth` points in from the guide's curve at `along` points along the other edge.
            func local(_ along: Double, row: Bool) -> RGB {
                guard let guide else { return surface }
                let into = (guide * UnitCorner.continuous.across(along / guide) + 3 + SheetFinder.rimWidth) * scale
                let c = row ? color(Int(x + Double(sx) * into), yi) : color(xi, Int(y + Double(sy) * into))
                return c.distance(to: surface) <= 4 * EdgeEntry.tolerance ? c : surface
            }
            if let e = entryAlongRow(yi, from: x0, to: x0 + sx * (span + 4), surface: local(v, row: true), rim: rim), Double(sx) * (e - x) / scale <= v + 0.5 / scale {
                points.append((Double(sx) * (e - x) / scale, v))
            }
            let u = Double(sx) * (Double(xi) + 0.5 - x) / scale
            if let e = entryAlongColumn(xi, from: y0, to: y0 + sy * (span + 4), surface: local(u, row: false), rim: rim), Double(sy) * (e - y) / scale <= u + 0.5 / scale {
                points.append((u, Double(sy) * (e - y) / scale))
            }
        }
        return points.filter { $0.u >= -1 && $0.v >= -1 && min($0.u, $0.v) < spanPoints * 0.9 }.map { (max(0, $0.u), max(0, $0.v)) }
    }
}
