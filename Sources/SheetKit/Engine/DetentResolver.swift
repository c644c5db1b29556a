/// Turns detent specs into heights.
public struct DetentResolver: Sendable {
    public var canvas: Canvas
    /// What a `fit` detent measures: the content's natural height, before capping.
    public var naturalHeight: Double

    public init(canvas: Canvas, naturalHeight: Double) {
        self.canvas = canvas
        self.naturalHeight = naturalHeight
    }

    /// A detent's visible height (bottom safe area included), as UIKit and SwiftUI resolve it.
    ///
    /// - `large`: M.
    /// - `medium`: UIKit's `.medium()`, half the screen plus the bottom safe area, H/2 + B, capped at M (iOS 16,
    ///   390 × 844: 455.7 pt measured, 455.68 by this rule; docs/ios-reference.md).
    /// - a fraction f: SwiftUI's `.fraction(f)`, f of the largest height inside the safe area, plus B:
    ///   f·(M_f − B) + B, capped at M (iOS 26, 402 × 874, `.fraction(0.65)`: top 337.1 measured, 336.8 by this rule).
    ///   M_f is M for the classic sheet; glass fractions resolve 3.8 pt lower than its large top (`Canvas.fractionTopGap`).
    public func height(of spec: DetentSpec) -> Double {
        let m = canvas.maxSheetHeight
        let b = min(canvas.safeBottom, m)
        switch spec {
        case .large: return m
        case .medium: return min(canvas.height / 2 + canvas.safeBottom, m)
        case .fit: return min(naturalHeight, m)
        case .height(_, let points): return min(points, m)
        case .fraction(_, let f):
            let mf = canvas.fractionBaseHeight
            return min(f * (mf - min(b, mf)) + min(b, mf), m)
        }
    }

    /// Resolved detents in ascending height; equal heights keep their order.
    public func resolve(_ specs: [DetentSpec]) -> [ResolvedDetent] {
        specs.enumerated()
            .map { (offset: $0.offset, detent: ResolvedDetent(id: $0.element.id, height: height(of: $0.element))) }
            .sorted { $0.detent.height != $1.detent.height ? $0.detent.height < $1.detent.height : $0.offset < $1.offset }
            .map(\.detent)
    }
}
