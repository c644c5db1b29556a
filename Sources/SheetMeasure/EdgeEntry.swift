/// Where a scan line enters a surface of known colour, to a fraction of a pixel.
///
/// The scan runs from outside (the background) inwards. The first pixel that matches the surface colour, with the
/// next one, marks the surface; the background is read three pixels before it, beside the edge rather than at the
/// scan's start, because behind a sheet the background is a textured map, not one colour. The anti-aliased pixels
/// in between are each projected onto the line from background to surface colour, which gives their coverage; their
/// coverages summed say how far into them the surface starts. For an anti-aliased straight edge this is the
/// geometric edge exactly, as the Python measurer's halfway crossing was (scripts/measure-sheet.py), and it keeps
/// working where a corner's curve spreads the coverage over two or three pixels.
enum EdgeEntry {
    /// How close to the surface colour a pixel must be to count as surface, in levels.
    static let tolerance = 7.0
    /// The least contrast between background and surface that locates an edge, in levels.
    static let minimumContrast = 12.0

    /// The edge's position in sample units from the first sample's leading side: sample k covers [k, k + 1).
    /// `rim`, when given, is the colour of a bright or dark band just inside the edge (a glass sheet's rim): a pixel
    /// of that colour is the surface too, and the one the coverage is measured against. `nil` when the scan never
    /// enters the surface, enters it at once, or the background there is too close to it.
    static func entry(_ samples: [RGB], surface: RGB, rim: RGB? = nil) -> Double? {
        guard samples.count >= 5 else { return nil }
        func matches(_ p: RGB) -> RGB? {
            if p.distance(to: surface) <= tolerance { return surface }
            if let rim, p.distance(to: rim) <= rimTolerance { return rim }
            return nil
        }
        var i = 3
        var target = surface
        while i < samples.count {
            // A surface pixel counts with its neighbour (one stray pixel of the surface's colour is background); a rim
            // is narrow and fades into the surface, so its first pixel counts alone.
            if let t = matches(samples[i]), t == rim || i + 1 >= samples.count || matches(samples[i + 1]) != nil { target = t; break }
            i += 1
        }
        guard i < samples.count else { return nil }
        let background = samples[i - 3]
        let d = target - background
        let contrast = d.dot(d)
        guard contrast >= minimumContrast * minimumContrast else { return nil }
        var covered = 0.0
        for k in (i - 2)...i {
            covered += min(1, max(0, (samples[k] - background).dot(d) / contrast))
        }
        return Double(i + 1) - covered
    }

    /// A rim varies more along the outline than a surface across it.
    static let rimTolerance = 12.0
}

extension ScreenImage {
    /// The pixels of row `y` from column `from` one by one towards `to` (either way), with the edge position
    /// mapped back to a pixel coordinate: the surface lies on the `to` side of it.
    func entryAlongRow(_ y: Int, from: Int, to: Int, surface: RGB, rim: RGB? = nil) -> Double? {
        let step = to >= from ? 1 : -1
        let samples = stride(from: from, through: to, by: step).map { color($0, y) }
        guard let e = EdgeEntry.entry(samples, surface: surface, rim: rim) else { return nil }
        return step > 0 ? Double(from) + e : Double(from + 1) - e
    }

    /// As `entryAlongRow`, down or up column `x`.
    func entryAlongColumn(_ x: Int, from: Int, to: Int, surface: RGB, rim: RGB? = nil) -> Double? {
        let step = to >= from ? 1 : -1
        let samples = stride(from: from, through: to, by: step).map { color(x, $0) }
        guard let e = EdgeEntry.entry(samples, surface: surface, rim: rim) else { return nil }
        return step > 0 ? Double(from) + e : Double(from + 1) - e
    }
}
