import Foundation

/// Number formatting shared by the exporters: the shortest text that reads back as the same value, at most 4 decimals.
enum Fmt {
    static func n(_ value: Double) -> String {
        let rounded = (value * 10000).rounded() / 10000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        var s = String(format: "%.4f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}
