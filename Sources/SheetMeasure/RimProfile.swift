/// A glass sheet's specular rim as SheetLab draws it, to read the outline off it where the rim is the only edge
/// there is (dark glass: the surface is a few levels from the dimmed dark map, the rim 20–40 levels above both).
///
/// The renderer (`OutlineOptics.pixel`, SheetRender) draws the rim in white over the body, at a pixel whose centre lies
/// d pixels outside the outline (negative inside), with alpha k · clamp(0.5 − d) · max(0, 1 − max(0, −d) / w), and
/// mixes the result over the background by the coverage clamp(0.5 − d): the rim starts at the outline and fades out w
/// pixels inside it. Along a scan line that crosses the outline at an angle, d changes by c per pixel (c the cosine
/// between the scan and the outline's normal, 0.7 or more: the corner tracer keeps each point from the scan that crosses
/// it more squarely). So a scan's pixels are fitted with that model: the edge e, the slant c
/// and the strength k (linear, solved in closed form); the background is read outside, the surface inside.
struct RimProfile {
    /// The rim's width in points: SheetLook's `rimWidth` (1.3 pt).
    static let widthPoints = 1.3
    /// In pixels.
    var width: Double

    /// The edge's position in sample units (sample k covers [k, k + 1)) along `samples`, which run from outside in and
    /// first meet the rim or the surface at `first`; nil when the fit is poor (not a rim).
    /// The background is read just outside the reach: the match may be the rim's second or third pixel (a scan
    /// crossing the outline at a slant, or a faint rim, matches late), so the edge is looked for up to the rim's width
    /// and two pixels before it.
    func edge(_ samples: [RGB], near first: Int, surface: RGB) -> Double? {
        let reach = Int(width.rounded(.up))
        let lo = max(1, first - 2 - reach), hi = min(samples.count - 1, first + reach + 2)
        guard hi - lo >= 4 else { return nil }
        let background = samples[lo - 1]
        // The surface as it is just past the rim on this scan, where that is the surface (a blurred material drifts by
        // a few levels along the outline, as much as the step onto it on dark glass).
        let past = samples[min(samples.count - 1, hi + 1)]
        let surface = past.distance(to: surface) <= 2 * EdgeEntry.tolerance ? past : surface
        let white = RGB(255, 255, 255)
        let lift = white - surface
        /// The misfit of edge `e` at slant `c`, with the best strength: one pass, the squared residual expanded in k.
        func misfit(_ e: Double, _ c: Double) -> (cost: Double, k: Double) {
            var rr = 0.0, rb = 0.0, bb = 0.0
            for j in lo...hi {
                let d = c * (e - (Double(j) + 0.5))
                let cover = min(1, max(0, 0.5 - d))
                let band = cover * max(0, 1 - max(0, -d) / width)
                let r = samples[j] - (background * (1 - cover) + surface * cover)
                let b = lift * (cover * band)
                rr += r.dot(r); rb += r.dot(b); bb += b.dot(b)
            }
            let k = bb > 0 ? min(1, max(0, rb / bb)) : 0
            return (max(0, rr - 2 * k * rb + k * k * bb), k)
        }
        var best = (e: Double(first), c: 1.0, cost: Double.infinity, k: 0.0)
        for c in [1.0, 0.9, 0.8, 0.7] {
            var e = Double(lo)
            while e <= Double(first) + 1.5 {
                let m = misfit(e, c)
                if m.cost < best.cost { best = (e, c, m.cost, m.k) }
                e += 0.1
            }
        }
        // Finer, round the best.
        let (e0, c0) = (best.e, best.c)
        var e = max(Double(lo), e0 - 0.1)
        while e <= e0 + 0.1 {
            for c in [c0 - 0.1, c0 - 0.05, c0, c0 + 0.05, c0 + 0.1] where c >= 0.65 && c <= 1 {
                let m = misfit(e, c)
                if m.cost < best.cost { best = (e, c, m.cost, m.k) }
            }
            e += 0.01
        }
        // A rim, or a step onto the surface, that the model explains to a few levels; else background that happened
        // to match (a street the rim's colour).
        let n = Double(hi - lo + 1)
        guard (best.cost / (3 * n)).squareRoot() <= Self.misfit else { return nil }
        let peak = lift.dot(lift).squareRoot() * best.k * max(0, 1 - 0.5 / width)
        let strongest = max(surface.distance(to: background), peak)
        guard strongest >= EdgeEntry.minimumContrast else { return nil }
        return best.e
    }

    /// The largest RMS misfit of a rim's pixels to the model, in levels per channel.
    static let misfit = 3.0
}
