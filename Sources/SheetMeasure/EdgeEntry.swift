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

    /// How far from the scene behind a pixel must be to be the sheet, in levels, at least: past a picture's rounding
    /// (under a level), under the least step a sheet makes over its scene (systemGray5 over the dark map's blocks:
    /// 2.2 levels). A scene that fits less well raises it (`ScreenImage.Behind.revealedBy`).
    static let revealedBy = 1.5

    /// The edge where a scan leaves the scene known to be behind the sheet (`behind`, the same pixels with no sheet):
    /// the first two pixels in a row that are off the scene start the sheet, the pixel after them is its surface, and
    /// the crossing is read with each pixel's own background (`EdgeCrossing` with the scene's pixel as the outside).
    /// `by`: how far off the scene a pixel must be to be the sheet; the sheet's surface must be as far from the scene.
    /// Nil when the scan starts on the sheet, never leaves the scene, or the sheet there is too close to it.
    /// A shadow is not modelled: it darkens the scene above the edge as the sheet's step does. This reader serves the
    /// sheets whose edge is too faint for `entry` (a classic sheet close to its scene's colours, and SheetLab's classic
    /// sheets cast no shadow by default); a glass sheet, with its shadow, is read by its rim.
    static func revealed(_ samples: [RGB], behind: [RGB], by revealedBy: Double) -> Double? {
        guard samples.count >= 7, behind.count == samples.count else { return nil }
        func off(_ k: Int) -> Bool { samples[k].distance(to: behind[k]) > revealedBy }
        guard !off(0) || !off(1) else { return nil }
        var i = 1
        while i + 2 < samples.count, !(off(i) && off(i + 1)) { i += 1 }
        guard i + 2 < samples.count else { return nil }
        let inside = samples[i + 2]
        var outsideArea = 0.0
        for k in (i - 1)...(i + 1) {
            guard inside.distance(to: behind[k]) > revealedBy else { return nil }
            outsideArea += 1 - EdgeCrossing.fraction(samples[k], outside: behind[k], inside: inside)
        }
        return Double(i - 1) + outsideArea
    }
}

extension ScreenImage {
    /// The pixels of row `y` from column `from` one by one towards `to` (either way), with the edge position
    /// mapped back to a pixel coordinate: the surface lies on the `to` side of it.
    func entryAlongRow(_ y: Int, from: Int, to: Int, surface: RGB, rim: RGB? = nil) -> Double? {
        let step = to >= from ? 1 : -1
        let samples = stride(from: from, through: to, by: step).map { color($0, y) }
        if behind != nil, rim == nil {
            guard let e = EdgeEntry.revealed(samples, behind: stride(from: from, through: to, by: step).map { behindColor($0, y)! }, by: behind!.revealedBy) else { return nil }
            return step > 0 ? Double(from) + e : Double(from + 1) - e
        }
        guard let e = EdgeEntry.entry(samples, surface: surface, rim: rim, rimWidth: RimProfile.widthPoints * scale) else { return nil }
        return step > 0 ? Double(from) + e : Double(from + 1) - e
    }

    /// As `entryAlongRow`, down or up column `x`.
    func entryAlongColumn(_ x: Int, from: Int, to: Int, surface: RGB, rim: RGB? = nil) -> Double? {
        let step = to >= from ? 1 : -1
        let samples = stride(from: from, through: to, by: step).map { color(x, $0) }
        if behind != nil, rim == nil {
            guard let e = EdgeEntry.revealed(samples, behind: stride(from: from, through: to, by: step).map { behindColor(x, $0)! }, by: behind!.revealedBy) else { return nil }
            return step > 0 ? Double(from) + e : Double(from + 1) - e
        }
        guard let e = EdgeEntry.entry(samples, surface: surface, rim: rim, rimWidth: RimProfile.widthPoints * scale) else { return nil }
        return step > 0 ? Double(from) + e : Double(from + 1) - e
    }
}
