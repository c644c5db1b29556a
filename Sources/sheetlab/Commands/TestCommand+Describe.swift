import Foundation
import Raster

extension TestCommand {
    /// One line on how a render differs from its golden: sizes, count and ratio, largest delta, box, first pixel.
    static func describe(_ c: ImageComparison, allowed: Int) -> String {
        var parts: [String] = []
        if !c.sizesMatch {
            parts.append("size \(c.actualSize.width)×\(c.actualSize.height), expected \(c.expectedSize.width)×\(c.expectedSize.height)")
        } else {
            parts.append("size \(c.actualSize.width)×\(c.actualSize.height)")
        }
        let percent = String(format: "%.4f", c.ratio * 100)
        parts.append("\(c.differing) of \(c.total) pixels differ (\(percent) %; \(allowed) allowed)")
        parts.append("largest channel delta \(c.largestDelta)")
        if let b = c.boundingBox { parts.append("within x \(b.x)…\(b.maxX - 1), y \(b.y)…\(b.maxY - 1)") }
        if let f = c.first {
            func rgba(_ p: StraightRGBA8?) -> String { p.map { "rgba(\($0.r), \($0.g), \($0.b), \($0.a))" } ?? "none" }
            parts.append("first at (\(f.x), \(f.y)): expected \(rgba(f.expected)), actual \(rgba(f.actual))")
        }
        return parts.joined(separator: "; ")
    }
}
