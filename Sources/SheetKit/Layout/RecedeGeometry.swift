/// Where the presenting view sits as it recedes behind a modal sheet, as iOS's page sheet shows it: scaled
/// about its top centre, its top just below the status bar, its top corners rounded, over black.
///
/// All of it follows the recede progress t (`SheetSetup.recedeProgress(atHeight:)`), 0 the plain scene,
/// 1 fully receded, linearly, as vaul interpolates its background with the drag. Pure: numbers in points.
public struct RecedeGeometry: Sendable, Equatable {
    /// The presenting view's scale, 1 at t = 0, (W − 32) / W at t = 1.
    public var scale: Double
    /// Its left edge; it stays centred, so its right edge is at W − left.
    public var left: Double
    /// Its top edge.
    public var top: Double
    /// The radius of its top corners (continuous curve).
    public var cornerRadius: Double
    /// How far the status bar's ink has turned light, 0…1 (the dark ink fades out as the light fades in).
    public var lightInk: Double

    /// How much narrower the fully receded view is, in points: 16 pt each side, measured on an iOS 16 page sheet at
    /// large (a 3× screenshot, docs/ios-reference.md: the receded view's straight sides 16.0 pt in from the screen's
    /// edges on a 390 pt iPhone). vaul's web copy of iOS uses 26 (`WINDOW_TOP_OFFSET`, `scale((innerWidth − 26) /
    /// innerWidth)`), 3 pt a side too wide.
    public static let narrowing = 32.0
    /// The fully receded view's corner radius, in points: UIKit's 10 pt sheet radius, continuous, which the
    /// presenting view of an iOS 13–18 page sheet shares (vaul uses 8 px, `BORDER_RADIUS`).
    public static let cornerRadius = 10.0
    /// The recede is cached in this many steps (exact at 0 and 1): 1/128 of the 32 pt narrowing is 0.25 pt.
    public static let levels = 128

    /// The geometry at progress `t` (clamped to 0…1) on a canvas `width` points wide with a `safeTop` inset.
    ///
    /// The top edge goes from 0 to `safeTop`: the view comes to rest just below the status bar, 10 pt above
    /// the sheet at its largest detent (the canvas's `maxSheetHeight` leaves H − safeTop − 10). vaul instead
    /// translates by `safe-area-inset-top + 14px`, for a drawer that does not reach that high.
    public init(width: Double, safeTop: Double, recede t: Double) {
        let t = min(1, max(0, t))
        scale = width > 0 ? 1 - t * min(Self.narrowing, width / 2) / width : 1
        left = width * (1 - scale) / 2
        top = t * safeTop
        cornerRadius = t * Self.cornerRadius
        // The ink turns light as the black band above the view opens over it: the glyphs (centred 0.46 of
        // the way down the safe area, 12 pt tall) are over the view until t ≈ 0.3 and over black from t ≈ 0.55.
        lightInk = min(1, max(0, (t - 0.3) / 0.25))
    }

    /// The cache level of progress `t`: 0 only at t = 0, `levels` only at t = 1, the nearest step between.
    public static func level(_ t: Double) -> Int {
        guard t > 0 else { return 0 }
        guard t < 1 else { return levels }
        return min(levels - 1, max(1, Int((t * Double(levels)).rounded())))
    }

    /// The progress a cache level stands for.
    public static func progress(level: Int) -> Double { Double(min(max(level, 0), levels)) / Double(levels) }
}
