/// Dimming and fading as functions of the sheet's height.
public enum Dimming {
    /// The dimming opacity at `height`.
    ///
    /// Zero up to the largest undimmed detent, then a linear rise to `opacity` at the next larger
    /// detent. A modal sheet (no undimmed detent) is dimmed fully from its smallest detent up and
    /// fades with the sheet below it, so presenting and dismissing fade the dimming too.
    public static func amount(height: Double, detents: [ResolvedDetent], largestUndimmed: ResolvedDetent?, opacity: Double) -> Double {
        guard opacity > 0, let smallest = detents.first else { return 0 }
        guard let undimmed = largestUndimmed else {
            guard smallest.height > 0 else { return opacity }
            return opacity * min(1, max(0, height / smallest.height))
        }
        if height <= undimmed.height { return 0 }
        guard let next = detents.first(where: { $0.height > undimmed.height }) else { return 0 }
        let progress = (height - undimmed.height) / (next.height - undimmed.height)
        return opacity * min(1, progress)
    }

    /// The sheet's own opacity for a `slideAndFade` transition: it fades in over its rise to `reference`.
    public static func sheetAlpha(height: Double, reference: Double, fades: Bool) -> Double {
        guard fades, reference > 0 else { return 1 }
        return min(1, max(0, height / reference))
    }
}

/// A dimming difference carried over a reload: `offset` at height `from`, fading linearly to 0 at `to`.
struct DimCarry: Sendable, Equatable {
    var offset: Double
    var from: Double
    var to: Double

    func amount(at h: Double) -> Double {
        guard abs(to - from) > 1e-9 else { return 0 }
        return offset * min(1, max(0, abs(h - to) / abs(from - to)))
    }
}
