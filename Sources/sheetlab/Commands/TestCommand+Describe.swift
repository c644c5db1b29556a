import Foundation
import Raster
import SheetKit

extension TestCommand {
    /// Why a snapshot that changed still passes: how many pixels changed, by how much, and the tolerance in force.
    nonisolated static func withinTolerance(_ c: ImageComparison, _ tolerance: Tolerance) -> String {
        let percent = String(format: "%.4f", c.ratio * 100)
        let beyond = c.differing == 0 ? "none beyond the per-pixel tolerance"
            : "\(c.differing) beyond the per-pixel tolerance (\(percent) %; \(tolerance.allowedPixels(of: c.total)) allowed)"
        return (c.changed == 1 ? "1 pixel differs" : "\(c.changed) pixels differ") + " by up to \(c.largestDelta), \(beyond); within \(tolerance.description)"
    }

    /// One line on how a render differs from its golden: sizes, count and ratio, largest delta, box, first pixel,
    /// and the tolerance in force.
    nonisolated static func describe(_ c: ImageComparison, tolerance: Tolerance) -> String {
        let allowed = tolerance.allowedPixels(of: c.total)
        var parts: [String] = []
        if !c.sizesMatch {
            parts.append("size \(c.actualSize.width)×\(c.actualSize.height), expected \(c.expectedSize.width)×\(c.expectedSize.height)")
        } else {
            parts.append("size \(c.actualSize.width)×\(c.actualSize.height)")
        }
        let percent = String(format: "%.4f", c.ratio * 100)
        parts.append("\(c.differing) of \(c.total) pixels differ (\(percent) %; \(allowed) allowed)"
                     + (c.changed > c.differing ? ", \(c.changed - c.differing) more within the per-pixel tolerance" : ""))
        parts.append("largest channel delta \(c.largestDelta)")
        if let b = c.boundingBox { parts.append("within x \(b.x)…\(b.maxX - 1), y \(b.y)…\(b.maxY - 1)") }
        if let f = c.first {
            func rgba(_ p: StraightRGBA8?) -> String { p.map { "rgba(\($0.r), \($0.g), \($0.b), \($0.a))" } ?? "none" }
            parts.append("first at (\(f.x), \(f.y)): expected \(rgba(f.expected)), actual \(rgba(f.actual))")
        }
        parts.append("tolerance: \(tolerance.description)")
        return parts.joined(separator: "; ")
    }
}
