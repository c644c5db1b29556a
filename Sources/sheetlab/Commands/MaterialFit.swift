import Foundation
import Raster
import SheetKit
import SheetMeasure

/// A measured sheet's material, solved by drawing it (issue 37, item 1): where the background behind the sheet is
/// known (a built-in scene, or the picture given with `--behind`), the measured config is drawn with each named
/// material and the one whose surface matches the screenshot's is kept; when none does, the blur and saturation are
/// searched and, for each, the tint is solved in closed form (the renderer lays the tint over the blurred backdrop:
/// observed = tint·α + (1 − α)·untinted, linear in α and the premultiplied tint), and the best is written as
/// `{"blur", "saturation", "tint"}`. The surface is compared on the middle columns, 3–12 pt under the top edge: past a
/// glass rim, clear of the grabber and of the content, which the measured config does not draw.
@MainActor
enum MaterialFit {
    static let names = ["ultraThin", "thin", "regular", "thick", "chrome"]
    static let blurs: [Double] = [10, 15, 20, 25, 30]
    static let saturations: [Double] = [1, 1.2, 1.4, 1.6, 1.8, 2]
    /// A named material is kept when it matches to this RMS, in levels (rounding and the blur's own error).
    static let namedWithin = 1.5
    /// A solved material is written when it matches to this RMS, in levels.
    static let solvedWithin = 3.0

    /// `measurement` with its material solved, when the background is known and the surface is a material.
    static func solve(_ measurement: SheetMeasurement, picture: Pixmap, canvas: MatchedCanvas) -> SheetMeasurement {
        guard !measurement.isSolidFill, measurement.dimming.scene != nil else { return measurement }
        let band = self.band(measurement, canvas: canvas, image: ScreenImage(picture, scale: Double(canvas.scale)))
        guard band.count >= 20 else { return measurement }
        let observed = band.map { color(picture, $0) }
        func rms(_ frame: Pixmap) -> Double {
            var sq = 0.0
            for (p, o) in zip(band, observed) { let r = color(frame, p); sq += ((r.0 - o.0) * (r.0 - o.0) + (r.1 - o.1) * (r.1 - o.1) + (r.2 - o.2) * (r.2 - o.2)) / 3 }
            return (sq / Double(band.count)).squareRoot()
        }
        var named: [(name: String, rms: Double)] = []
        for name in names {
            if let frame = render(measurement, material: .string(name), canvas: canvas) { named.append((name, rms(frame))) }
        }
        named.sort { $0.rms < $1.rms }
        var m = measurement
        if let best = named.first, best.rms <= namedWithin {
            let next = named.dropFirst().first.map { "; next, \($0.name), \(f($0.rms))" } ?? ""
            m.material = (.string(best.name), "\(best.name): drawn, it matches the surface to \(f(best.rms)) levels RMS\(next)")
            return m
        }
        // The blur and saturation searched; the tint solved for each.
        var found: (blur: Double, saturation: Double, tint: (Double, Double, Double, Double), rms: Double)?
        for blur in blurs {
            for saturation in saturations {
                let clear = JSONNode.object([("blur", .number(blur)), ("saturation", .number(saturation)), ("tint", .string("#00000000"))])
                guard let frame = render(measurement, material: clear, canvas: canvas) else { continue }
                let untinted = band.map { color(frame, $0) }
                guard let tint = tintSolved(observed: observed, untinted: untinted) else { continue }
                if found.map({ tint.rms < $0.rms }) ?? true { found = (blur, saturation, tint.tint, tint.rms) }
            }
        }
        guard let found else { return measurement }
        let (r, g, b, a) = found.tint
        func hex(_ v: Double) -> String { String(format: "%02X", Int(min(255, max(0, v.rounded())))) }
        let tintHex = "#" + hex(r) + hex(g) + hex(b) + hex(a * 255)
        let value = JSONNode.object([("blur", .number(found.blur)), ("saturation", .number(found.saturation)), ("tint", .string(tintHex))])
        // Checked by drawing what is written (the tint rounded to levels).
        guard let frame = render(measurement, material: value, canvas: canvas) else { return measurement }
        let drawn = rms(frame)
        let nearest = named.first.map { "; the nearest named, \($0.name), \(f($0.rms))" } ?? ""
        guard drawn <= solvedWithin else {
            m.material = nil
            return m
        }
        m.material = (value, "blur σ \(f(found.blur)) pt, saturation \(f(found.saturation)), tint \(tintHex): solved, it matches the surface to \(f(drawn)) levels RMS\(nearest)")
        return m
    }

    /// α and the premultiplied tint p that best explain observed = p + (1 − α)·untinted, by least squares over every
    /// band pixel's three channels; the tint unpremultiplied, and the misfit in levels RMS. Nil when α is not in (0, 1].
    static func tintSolved(observed: [(Double, Double, Double)], untinted: [(Double, Double, Double)])
        -> (tint: (Double, Double, Double, Double), rms: Double)? {
        // Unknowns x = (α, pr, pg, pb); each channel c: O_c − U_c = −α·U_c + p_c.
        var n = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 4)
        for (o, u) in zip(observed, untinted) {
            for (c, (oc, uc)) in [(o.0, u.0), (o.1, u.1), (o.2, u.2)].enumerated() {
                var row = [-uc, 0, 0, 0]
                row[1 + c] = 1
                let y = oc - uc
                for i in 0..<4 { for j in 0..<4 { n[i][j] += row[i] * row[j] }; n[i][4] += row[i] * y }
            }
        }
        // Gaussian elimination with partial pivoting.
        for col in 0..<4 {
            guard let pivot = (col..<4).max(by: { abs(n[$0][col]) < abs(n[$1][col]) }), abs(n[pivot][col]) > 1e-9 else { return nil }
            n.swapAt(col, pivot)
            for r in 0..<4 where r != col {
                let k = n[r][col] / n[col][col]
                for j in col..<5 { n[r][j] -= k * n[col][j] }
            }
        }
        let x = (0..<4).map { n[$0][4] / n[$0][$0] }
        let alpha = x[0]
        guard alpha > 0.001, alpha <= 1.0001 else { return nil }
        var sq = 0.0
        for (o, u) in zip(observed, untinted) {
            let e = [o.0 - (x[1] + (1 - alpha) * u.0), o.1 - (x[2] + (1 - alpha) * u.1), o.2 - (x[3] + (1 - alpha) * u.2)]
            sq += (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]) / 3
        }
        return ((x[1] / alpha, x[2] / alpha, x[3] / alpha, min(1, alpha)), (sq / Double(observed.count)).squareRoot())
    }

    /// The measured config drawn at rest with `material`, on `canvas`.
    static func render(_ measurement: SheetMeasurement, material: JSONNode, canvas: MatchedCanvas) -> Pixmap? {
        var m = measurement
        m.material = (material, "")
        guard case .success(let document) = ConfigLoader.load(root: m.config, file: "material fit"),
              let played = try? ResolvedScript.resting(document) else { return nil }
        let renderer = played.renderer(at: 0, scale: canvas.scale)
        renderer.render(played.simulation.engine(at: 0))
        return renderer.frame
    }

    /// The pixels the surface is compared on.
    static func band(_ m: SheetMeasurement, canvas: MatchedCanvas, image: ScreenImage) -> [(x: Int, y: Int)] {
        let height = image.height
        let s = Double(canvas.scale), top = m.outline.top.value
        let step = max(1, Int(s))
        let columns = SheetFinder.middleColumns(image, every: step)
        let rows = stride(from: Int(((top + 3) * s).rounded(.up)), to: min(height, Int(((top + 12) * s).rounded(.down))), by: step)
        return rows.flatMap { y in columns.map { (x: $0, y: y) } }
    }

    static func color(_ p: Pixmap, _ at: (x: Int, y: Int)) -> (Double, Double, Double) {
        let v = p.pixels[at.y * p.width + at.x]
        return (Double(v & 0xFF), Double(v >> 8 & 0xFF), Double(v >> 16 & 0xFF))
    }

    static func f(_ x: Double) -> String { MeasuredRecording.format(x) }
}
