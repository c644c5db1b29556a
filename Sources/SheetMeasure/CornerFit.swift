import Foundation

/// The corner curve a traced outline fits best: Apple's continuous corner or a quarter circle, and its radius.
///
/// The continuous corner is PaintCode's published construction of iOS 7's rounded rectangle (three cubics, reaching
/// 1.52866 r along each edge from the corner), the same constants scripts/measure-sheet.py fitted by hand. Both
/// curves are fitted by least squares of the points' distances to the curve, a coarse scan of radii and then a fine
/// one around the best; the curve with the smaller RMS misfit is the corner's style. The two differ most where the
/// curve leaves the straight sides, so the trace must reach past 1.6 r along both.
public struct CornerFit: Sendable, Equatable {
    public enum Curve: String, Sendable { case continuous, circular }
    public var radius: Double
    public var curve: Curve
    /// RMS distance of the points from the fitted curve, in points.
    public var rms: Double
    /// The other curve's RMS at its own best radius, in points: how clearly the style was told.
    public var otherRMS: Double
    public var otherRadius: Double
    /// How many traced points the fit used.
    public var points: Int

    /// Whether the other curve fits clearly worse (by a fifth of this one's misfit, and at least 0.02 pt), so the curve
    /// is known and not only the radius.
    public var isToldApart: Bool { otherRMS - rms >= max(0.02, 0.2 * rms) }

    /// Fits `points` (u along the top or bottom edge away from the corner, v along the side; points from the corner
    /// where the two straight edges would meet) with radii up to `maxRadius`; nil with fewer than 8 points.
    public static func fit(_ points: [(u: Double, v: Double)], maxRadius: Double) -> CornerFit? {
        guard var fit = fitOnce(points, maxRadius: maxRadius) else { return nil }
        // Again without the stray points (content, or background beside the edge that bent a reading): those more than
        // four times the median distance off both curves, each at its own best radius, and 0.15 pt; until none is dropped
        // (three rounds at most). Off both, not off the one ahead: a few strays (a street under a light glass edge) can put
        // the wrong curve ahead by a hair, and the points then dropped as off it are those on the other curve where the
        // two part, which would leave the wrong curve fitting better by far.
        var kept = points
        for _ in 0..<3 {
            let (rc, rk) = fit.curve == .continuous ? (fit.radius, fit.otherRadius) : (fit.otherRadius, fit.radius)
            let off = kept.map { min(UnitCorner.continuous.distance(u: $0.u / rc, v: $0.v / rc) * rc,
                                     UnitCorner.circular.distance(u: $0.u / rk, v: $0.v / rk) * rk) }
            let median = off.sorted()[off.count / 2]
            let cut = max(0.15, 4 * median)
            let next = zip(kept, off).filter { $0.1 <= cut }.map(\.0)
            guard next.count < kept.count, let refit = fitOnce(next, maxRadius: maxRadius) else { break }
            kept = next; fit = refit
        }
        fit.points = points.count
        return fit
    }

    /// Top and bottom continuous corners on one side of a sheet so short that they meet: `side` points from the top
    /// edge to the bottom edge, split at the join e into a top corner of extent e and a bottom one of extent side − e.
    /// `top` holds points from the top corner (v down from the top edge), `bottom` from the bottom one (v up from the
    /// bottom edge); each point is measured against the corner its v falls in. The radii drawn, and the RMS misfit of
    /// the best four fifths of the points; nil with too few points.
    public static func fitMeeting(top: [(u: Double, v: Double)], bottom: [(u: Double, v: Double)], side: Double)
        -> (top: Double, bottom: Double, rms: Double)? {
        let points = top + bottom.map { (u: $0.u, v: side - $0.v) }
        guard points.count >= 16, side > 4 else { return nil }
        let line = UnitCorner.continuous
        func cost(_ e: Double) -> Double {
            let rt = e / UnitCorner.extent, rb = (side - e) / UnitCorner.extent
            var d = points.map { p in p.v < e ? line.distance(u: p.u / rt, v: p.v / rt) * rt : line.distance(u: p.u / rb, v: (side - p.v) / rb) * rb }
            d.sort()
            let kept = d.prefix(max(1, d.count * 4 / 5))
            return kept.map { $0 * $0 }.reduce(0, +) / Double(kept.count)
        }
        var best = (e: side / 2, cost: Double.infinity)
        var e = 0.1 * side
        while e <= 0.9 * side { let c = cost(e); if c < best.cost { best = (e, c) }; e += 0.25 }
        var lo = best.e - 0.25, hi = best.e + 0.25
        while hi - lo > 0.002 {
            let a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3
            if cost(a) < cost(b) { hi = b } else { lo = a }
        }
        let join = (lo + hi) / 2
        return (join / UnitCorner.extent, (side - join) / UnitCorner.extent, cost(join).squareRoot())
    }

    static func fitOnce(_ points: [(u: Double, v: Double)], maxRadius: Double) -> CornerFit? {
        guard points.count >= 8, maxRadius > 1 else { return nil }
        let continuous = bestRadius(.continuous, points, maxRadius)
        let circular = bestRadius(.circular, points, maxRadius)
        let (win, lose, curve) = continuous.rms <= circular.rms ? (continuous, circular, Curve.continuous) : (circular, continuous, Curve.circular)
        // Points only on the straight edges fit any radius short of where they start: the curve itself must be seen.
        let bend = points.filter { min($0.u, $0.v) > 0.08 * win.radius && max($0.u, $0.v) < 1.2 * win.radius }.count
        guard bend >= max(4, Int(win.radius / 4)) else { return nil }
        return CornerFit(radius: win.radius, curve: curve, rms: win.rms, otherRMS: lose.rms, otherRadius: lose.radius, points: points.count)
    }

    static func bestRadius(_ curve: Curve, _ points: [(u: Double, v: Double)], _ maxRadius: Double) -> (radius: Double, rms: Double) {
        let line = curve == .continuous ? UnitCorner.continuous : UnitCorner.circular
        func cost(_ r: Double) -> Double {
            var sum = 0.0
            for p in points { let d = line.distance(u: p.u / r, v: p.v / r) * r; sum += d * d }
            return sum / Double(points.count)
        }
        var best = (radius: 1.0, cost: Double.infinity)
        var r = 1.0
        while r <= maxRadius { let c = cost(r); if c < best.cost { best = (r, c) }; r += 1 }
        // Golden-section search in the bracket round the best coarse radius: the cost is smooth and has one minimum there.
        var lo = max(0.5, best.radius - 1), hi = best.radius + 1
        let g = (5.0.squareRoot() - 1) / 2
        var a = hi - g * (hi - lo), b = lo + g * (hi - lo)
        var ca = cost(a), cb = cost(b)
        while hi - lo > 0.005 {
            if ca < cb { hi = b; b = a; cb = ca; a = hi - g * (hi - lo); ca = cost(a) } else { lo = a; a = b; ca = cb; b = lo + g * (hi - lo); cb = cost(b) }
        }
        let mid = (lo + hi) / 2, cm = cost(mid)
        if cm < best.cost { best = (mid, cm) }
        return (best.radius, best.cost.squareRoot())
    }
}

/// A corner of unit radius as a polyline from far along one edge, round the corner, to far along the other, in
/// radii from the corner point.
struct UnitCorner: Sendable {
    let u: [Double]
    let v: [Double]

    /// PaintCode's constants for iOS 7's continuous corner, in radii from the corner.
    static let extent = 1.52866483
    static let continuous: UnitCorner = {
        let join = (0.63149379, 0.07491139)
        let edge = [(extent, 0.0), (1.08849296, 0.0), (0.86840694, 0.0), join]
        let arc = [join, (0.37282383, 0.16905956), (0.16905956, 0.37282383), (join.1, join.0)]
        let back = edge.reversed().map { ($0.1, $0.0) }
        var pts = [(extent + 6, 0.0)]
        for seg in [edge, arc, back] {
            for i in 0...24 {
                let t = Double(i) / 24, m = 1 - t
                let a = m * m * m, b = 3 * m * m * t, c = 3 * m * t * t, d = t * t * t
                pts.append((a * seg[0].0 + b * seg[1].0 + c * seg[2].0 + d * seg[3].0,
                            a * seg[0].1 + b * seg[1].1 + c * seg[2].1 + d * seg[3].1))
            }
        }
        pts.append((0, extent + 6))
        return UnitCorner(u: pts.map(\.0), v: pts.map(\.1))
    }()
    static let circular: UnitCorner = {
        var pts = [(7.0, 0.0), (1.0, 0.0)]
        for i in 1..<72 {
            let a = Double.pi / 2 * Double(i) / 72
            pts.append((1 - sin(a), 1 - cos(a)))
        }
        pts += [(0, 1), (0, 7)]
        return UnitCorner(u: pts.map(\.0), v: pts.map(\.1))
    }()

    /// How far in from the side the curve is at `along` radii along the side from the corner point (the curve is
    /// symmetric, so the same reads along the top or bottom edge): 0 past the curve's end.
    func across(_ along: Double) -> Double {
        for i in 0..<(u.count - 1) where (v[i] - along) * (v[i + 1] - along) <= 0 && v[i] != v[i + 1] {
            return u[i] + (u[i + 1] - u[i]) * (along - v[i]) / (v[i + 1] - v[i])
        }
        return 0
    }

    /// Distance from (pu, pv) to the polyline.
    func distance(u pu: Double, v pv: Double) -> Double {
        var best = Double.infinity
        for i in 0..<(u.count - 1) {
            let ax = u[i], ay = v[i], dx = u[i + 1] - ax, dy = v[i + 1] - ay
            let l = dx * dx + dy * dy
            let t = l == 0 ? 0 : min(1, max(0, ((pu - ax) * dx + (pv - ay) * dy) / l))
            let ex = pu - ax - t * dx, ey = pv - ay - t * dy
            let d = ex * ex + ey * ey
            if d < best { best = d }
        }
        return best.squareRoot()
    }
}
