/// A phone or tablet screen: size in points, scale and safe-area insets. The presets, and where each number
/// comes from, are in `DeviceCatalog.swift` and docs/ios-reference.md, "Device presets (issue 37)".
public struct DevicePreset: Sendable, Equatable {
    public var name: String
    public var width: Double
    public var height: Double
    public var scale: Int
    public var safeTop: Double
    public var safeBottom: Double
    /// Left and right safe-area insets when the device is turned to landscape, in points (the sensor housing's
    /// side): on every Face ID iPhone the portrait top inset (59 on the iPhone 15, 50 on the 13 mini); 0 on the SE
    /// and the iPads.
    public var landscapeSide: Double = 0
    /// The radius of the display's rounded corners, in points (0: square corners, as on the iPhone SE).
    public var displayCornerRadius: Double = 0
    /// The models with exactly this screen (size, scale, safe areas and corners), newest first; the name is the
    /// newest's unless an older name came first and configs use it.
    public var models: [String] = []

    public static let defaultName = "iphone-15"

    public static func named(_ name: String) -> DevicePreset? { all.first { $0.name == name } }

    /// The presets a screenshot of `pixelWidth` × `pixelHeight` pixels could come from, portrait or landscape: those
    /// whose points times their scale are that size. A screenshot has UIKit's pixels, not the panel's (an iPhone 13
    /// mini's are 1125 × 2436, its panel 1080 × 2340), and several presets can share a size, so this narrows, it does
    /// not decide; empty for a size no preset has.
    public static func matching(pixelWidth: Int, pixelHeight: Int) -> [DevicePreset] {
        all.filter { preset in
            let (w, h) = preset.pixelSize
            return (w, h) == (pixelWidth, pixelHeight) || (h, w) == (pixelWidth, pixelHeight)
        }
    }

    /// What to say after "unknown device \"name\"": a model's name in preset form (`iphone-17-pro`) points to the
    /// preset with its screen, since presets are named after the newest model and a near spelling would be another
    /// screen; anything else gets the nearest preset name.
    public static func hint(forUnknown name: String) -> String {
        withModel(name).map { "; the \($0.model)'s screen is the preset \($0.preset.name)" }
            ?? Suggest.didYouMean(name, in: all.map(\.name))
    }

    /// The preset listing a model spelled as `name` in preset form ("iphone-17-pro": the iPhone 17 Pro), if any.
    public static func withModel(_ name: String) -> (model: String, preset: DevicePreset)? {
        for preset in all {
            if let model = preset.models.first(where: { slug($0) == name.lowercased() }) { return (model, preset) }
        }
        return nil
    }

    /// A model's name as a preset name would spell it: "iPhone 17 Pro" → "iphone-17-pro".
    static func slug(_ model: String) -> String {
        model.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }

    /// The portrait size in pixels, width × scale by height × scale: the size of the device's screenshots.
    public var pixelSize: (width: Int, height: Int) {
        (Int((width * Double(scale)).rounded()), Int((height * Double(scale)).rounded()))
    }
}

/// The canvas a sheet lives on, in points.
public struct Canvas: Sendable, Equatable {
    /// The pixels per point a canvas is drawn at (a device's, a render's, a snapshot's): 1×, 2× or 3×.
    public static let scales = 1...3

    /// Width W in points.
    public var width: Double
    /// Height H in points.
    public var height: Double
    /// Pixels per point: 1, 2 or 3.
    public var scale: Int
    /// Safe-area inset at the top, T, in points.
    public var safeTop: Double
    /// Safe-area inset at the bottom, B, in points.
    public var safeBottom: Double
    /// Safe-area insets at the left and right, in points: 0 in portrait; a landscape iPhone's sensor housing.
    public var safeLeft: Double
    public var safeRight: Double
    /// The radius of the display's rounded corners in points; 0 for square corners. The glass sheet's bottom
    /// corners are concentric with these.
    public var displayCornerRadius: Double
    /// Whether frames are drawn with the display's rounded corners (black outside them).
    public var displayCorners: Bool

    public init(width: Double, height: Double, scale: Int = 1, safeTop: Double = 0, safeBottom: Double = 0,
                safeLeft: Double = 0, safeRight: Double = 0, displayCornerRadius: Double = 0, displayCorners: Bool = false) {
        self.width = width; self.height = height; self.scale = scale; self.safeTop = safeTop; self.safeBottom = safeBottom
        self.safeLeft = safeLeft; self.safeRight = safeRight
        self.displayCornerRadius = displayCornerRadius; self.displayCorners = displayCorners
    }

    /// The vertical size class: compact when the canvas is wider than tall and under 500 pt high (every iPhone
    /// in landscape); an iPad, either way up, stays regular.
    public var isCompactHeight: Bool { width > height && height < Self.compactHeightLimit }
    public static let compactHeightLimit = 500.0

    public init(_ preset: DevicePreset) {
        self.init(width: preset.width, height: preset.height, scale: preset.scale,
                  safeTop: preset.safeTop, safeBottom: preset.safeBottom, displayCornerRadius: preset.displayCornerRadius)
    }

    /// How far below the top safe area the large sheet's top edge sits, g in M = H − T − g: UIKit's
    /// 10 pt for the classic sheet (iOS 15–18, measured within 0.1 pt), `Canvas.glassLargeTopGap` for iOS 26's glass
    /// sheet, `glassStackedLargeTopGap` for a glass sheet presented over another. A config's canvas takes its style's
    /// (`SheetLabConfig.resolvedCanvas`).
    public var largeTopGap: Double = Canvas.classicLargeTopGap
    /// The g that fractions resolve against, f·(M_f − B) + B with M_f = H − T − g_f: the large gap for the classic
    /// sheet; 3.8 pt for glass (`glassFractionTopGap`).
    public var fractionTopGap: Double = Canvas.classicLargeTopGap

    /// UIKit's large sheet top below the safe area, iOS 15–18: 56.98 pt on a 47 pt safe area (iOS 16, 3×).
    public static let classicLargeTopGap = 10.0
    /// iOS 26's large glass sheet top, at the top safe area: T + 0, measured twice on a sheet presented over the app
    /// (docs/ios-reference.md, "Which large top"): Pokerist's SwiftUI `.large` (iOS 26.0, 402 × 874, top 62.0 on a
    /// 62 pt safe area) and FB21706305's `.large` (iOS 26.2, iPhone Air, top 68.0 with its 68 pt safe area).
    public static let glassLargeTopGap = 0.0
    /// A glass sheet presented over another sheet sits lower at large: T + 3.8 (TrueSheet's UIKit `.large()` over a
    /// sheet, iOS 26.1: 65.83 on a 62 pt safe area).
    public static let glassStackedLargeTopGap = 3.8
    /// What iOS 26's SwiftUI fractions resolve against: H − T − 3.8. Pokerist's `.fraction(0.65)` (iOS 26.0, 402 × 874)
    /// has its top at 337.1; f·(M_f − B) + B gives 336.8 with g_f = 3.8, and 334.3 with the large sheet's own g = 0.
    public static let glassFractionTopGap = 3.8

    /// The maximum sheet height, M = H − T − g (`largeTopGap`).
    public var maxSheetHeight: Double { max(0, height - safeTop - largeTopGap) }
    /// The height fractions resolve against, M_f = H − T − g_f (`fractionTopGap`), at most M.
    public var fractionBaseHeight: Double { min(max(0, height - safeTop - fractionTopGap), maxSheetHeight) }
}

/// The `canvas` object: each key overrides the device preset.
extension Canvas {
    /// What is wrong with scale `s`, in the words every scale error uses.
    public static func scaleProblem(_ s: Int) -> String {
        "must be " + scales.map(String.init).dropLast().joined(separator: ", ") + " or \(scales.upperBound), found \(s)"
    }
}

public struct CanvasOverrides: Sendable, Equatable, Codable {
    public var width: Double?
    public var height: Double?
    public var scale: Int?
    public var safeArea: SafeAreaOverrides?
    /// Whether frames show the display's rounded corners. Default: off in `render` and `test`, on in the window.
    public var displayCorners: Bool?
    /// The display's corner radius in points, overriding the device's.
    public var displayCornerRadius: Double?

    public init(width: Double? = nil, height: Double? = nil, scale: Int? = nil, safeArea: SafeAreaOverrides? = nil,
                displayCorners: Bool? = nil, displayCornerRadius: Double? = nil) {
        self.width = width; self.height = height; self.scale = scale; self.safeArea = safeArea
        self.displayCorners = displayCorners; self.displayCornerRadius = displayCornerRadius
    }

    enum CodingKeys: String, CodingKey { case width, height, scale, safeArea, displayCorners, displayCornerRadius }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.contains(.width) ? c.number(.width, or: .nan, .canvasSide).nonNaN : nil
        height = try c.contains(.height) ? c.number(.height, or: .nan, .canvasSide).nonNaN : nil
        if let s = try c.decodeIfPresent(Int.self, forKey: .scale) {
            if Canvas.scales.contains(s) { scale = s } else { c.report(Canvas.scaleProblem(s), at: .scale) }
        }
        safeArea = try c.decodeIfPresent(SafeAreaOverrides.self, forKey: .safeArea)
        displayCorners = try c.decodeIfPresent(Bool.self, forKey: .displayCorners)
        displayCornerRadius = try c.contains(.displayCornerRadius) ? c.number(.displayCornerRadius, or: .nan, .closed(0, 200)).nonNaN : nil
    }

    /// `base` with these overrides. A canvas turned to landscape (wider than tall) takes `landscapeSide` as its
    /// left and right insets unless `safeArea.left`/`right` are given.
    public func applied(to base: Canvas, landscapeSide: Double = 0) -> Canvas {
        var canvas = base
        if let width { canvas.width = width }
        if let height { canvas.height = height }
        if let scale { canvas.scale = scale }
        if let top = safeArea?.top { canvas.safeTop = top }
        if let bottom = safeArea?.bottom { canvas.safeBottom = bottom }
        if canvas.width > canvas.height { canvas.safeLeft = landscapeSide; canvas.safeRight = landscapeSide }
        if let left = safeArea?.left { canvas.safeLeft = left }
        if let right = safeArea?.right { canvas.safeRight = right }
        if let displayCorners { canvas.displayCorners = displayCorners }
        if let displayCornerRadius { canvas.displayCornerRadius = displayCornerRadius }
        return canvas
    }
}

public struct SafeAreaOverrides: Sendable, Equatable, Codable {
    public var top: Double?
    public var bottom: Double?
    /// Left and right insets; default 0, or the device's landscape insets on a landscape canvas.
    public var left: Double?
    public var right: Double?

    enum CodingKeys: String, CodingKey { case top, bottom, left, right }

    public init(top: Double? = nil, bottom: Double? = nil, left: Double? = nil, right: Double? = nil) {
        self.top = top; self.bottom = bottom; self.left = left; self.right = right
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        top = try c.contains(.top) ? c.number(.top, or: .nan, .closed(0, 500)).nonNaN : nil
        bottom = try c.contains(.bottom) ? c.number(.bottom, or: .nan, .closed(0, 500)).nonNaN : nil
        left = try c.contains(.left) ? c.number(.left, or: .nan, .closed(0, 500)).nonNaN : nil
        right = try c.contains(.right) ? c.number(.right, or: .nan, .closed(0, 500)).nonNaN : nil
    }
}

extension Double {
    var nonNaN: Double? { isNaN ? nil : self }
}
