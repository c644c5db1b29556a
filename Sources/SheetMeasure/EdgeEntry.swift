/// Where a scan line enters a surface of known colour, to a fraction of a pixel.
///
/// The scan runs from outside (the background) inwards. The first pixel that matches the surface colour, with the
/// next one, marks the surface; the background is read three pixels before it, beside the edge rather than at the
/// scan's start, because behind a sheet the background is a textured map, not one colour. The anti-aliased pixels
/// in between give the edge by their coverage (`EdgeCrossing`, the reader recordings use too); a glass rim, where
/// there is one, by its profile (`RimProfile`).
enum EdgeEntry {
    /// How close to the surface colour a pixel must be to count as surface, in levels.
    static let tolerance = 7.0
    /// The least contrast between background and surface that locates an edge, in levels.
    static let minimumContrast = 12.0

    /// The edge's position in sample units from the first sample's leading side: sample k covers [k, k + 1).
    /// `rim`, when given, is the colour of a bright or dark band just inside the edge (a glass sheet's rim): a pixel
    /// of that colour is the surface too, and the one the coverage is measured against. `nil` when the scan never
    /// enters the surface, enters it at once, or the background there is too close to it.
    /// `rimWidth` (pixels), given with `rim`, reads the edge off the rim's known profile (`RimProfile`) rather than off
    /// the step onto it.
    static func entry(_ samples: [RGB], surface: RGB, rim: RGB? = nil, rimWidth: Double = 0) -> Double? {
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
            // is narrow and fades into the surface, so its first pixel counts alone, and with the rim's profile known
            // (`rimWidth`) a match that does not fade as the rim does is background and the scan goes on.
            if let t = matches(samples[i]), t == rim || i + 1 >= samples.count || matches(samples[i + 1]) != nil {
                if rim != nil, rimWidth > 0 {
                    if let e = RimProfile(width: rimWidth).edge(samples, near: i, surface: surface) { return e }
                } else {
                    target = t; break
                }
            }
            i += 1
        }
        guard i < samples.count, rimWidth <= 0 || rim == nil else { return nil }
        let background = samples[i - 3]
        guard target.distance(to: background) >= minimumContrast else { return nil }
        return EdgeCrossing.position(samples[(i - 2)...i], from: i - 2, outside: background, inside: target)
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
        guard let e = EdgeEntry.entry(samples, surface: surface, rim: rim, rimWidth: RimProfile.widthPoints * scale) else { return nil }
        return step > 0 ? Double(from) + e : Double(from + 1) - e
    }

    /// As `entryAlongRow`, down or up column `x`.
    func entryAlongColumn(_ x: Int, from: Int, to: Int, surface: RGB, rim: RGB? = nil) -> Double? {
        let step = to >= from ? 1 : -1
        let samples = stride(from: from, through: to, by: step).map { color(x, $0) }
        guard let e = EdgeEntry.entry(samples, surface: surface, rim: rim, rimWidth: RimProfile.widthPoints * scale) else { return nil }
        return step > 0 ? Double(from) + e : Double(from + 1) - e
    }
}
