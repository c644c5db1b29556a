/// A phone or tablet screen: size in points, scale and safe-area insets.
public struct DevicePreset: Sendable, Equatable {
    public var name: String
    public var width: Double
    public var height: Double
    public var scale: Int
    public var safeTop: Double
    public var safeBottom: Double

    public static let all: [DevicePreset] = [
        DevicePreset(name: "iphone-se", width: 375, height: 667, scale: 2, safeTop: 20, safeBottom: 0),
        DevicePreset(name: "iphone-13-mini", width: 375, height: 812, scale: 3, safeTop: 50, safeBottom: 34),
        DevicePreset(name: "iphone-15", width: 393, height: 852, scale: 3, safeTop: 59, safeBottom: 34),
        DevicePreset(name: "iphone-15-pro", width: 393, height: 852, scale: 3, safeTop: 59, safeBottom: 34),
        DevicePreset(name: "iphone-15-pro-max", width: 430, height: 932, scale: 3, safeTop: 59, safeBottom: 34),
        DevicePreset(name: "ipad-mini", width: 744, height: 1133, scale: 2, safeTop: 24, safeBottom: 20),
    ]

    public static let defaultName = "iphone-15"

    public static func named(_ name: String) -> DevicePreset? { all.first { $0.name == name } }
}

/// The canvas a sheet lives on, in points (SPEC §2).
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

    public init(width: Double, height: Double, scale: Int = 1, safeTop: Double = 0, safeBottom: Double = 0) {
        self.width = width; self.height = height; self.scale = scale; self.safeTop = safeTop; self.safeBottom = safeBottom
    }

    public init(_ preset: DevicePreset) {
        self.init(width: preset.width, height: preset.height, scale: preset.scale,
                  safeTop: preset.safeTop, safeBottom: preset.safeBottom)
    }

    /// The maximum sheet height, M = H − T − 10.
    public var maxSheetHeight: Double { max(0, height - safeTop - 10) }
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

    public init(width: Double? = nil, height: Double? = nil, scale: Int? = nil, safeArea: SafeAreaOverrides? = nil) {
        self.width = width; self.height = height; self.scale = scale; self.safeArea = safeArea
    }

    enum CodingKeys: String, CodingKey { case width, height, scale, safeArea }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.contains(.width) ? c.number(.width, or: .nan, .canvasSide).nonNaN : nil
        height = try c.contains(.height) ? c.number(.height, or: .nan, .canvasSide).nonNaN : nil
        if let s = try c.decodeIfPresent(Int.self, forKey: .scale) {
            if Canvas.scales.contains(s) { scale = s } else { c.report(Canvas.scaleProblem(s), at: .scale) }
        }
        safeArea = try c.decodeIfPresent(SafeAreaOverrides.self, forKey: .safeArea)
    }

    public func applied(to base: Canvas) -> Canvas {
        var canvas = base
        if let width { canvas.width = width }
        if let height { canvas.height = height }
        if let scale { canvas.scale = scale }
        if let top = safeArea?.top { canvas.safeTop = top }
        if let bottom = safeArea?.bottom { canvas.safeBottom = bottom }
        return canvas
    }
}

public struct SafeAreaOverrides: Sendable, Equatable, Codable {
    public var top: Double?
    public var bottom: Double?

    enum CodingKeys: String, CodingKey { case top, bottom }

    public init(top: Double? = nil, bottom: Double? = nil) { self.top = top; self.bottom = bottom }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        top = try c.contains(.top) ? c.number(.top, or: .nan, .closed(0, 500)).nonNaN : nil
        bottom = try c.contains(.bottom) ? c.number(.bottom, or: .nan, .closed(0, 500)).nonNaN : nil
    }
}

extension Double {
    var nonNaN: Double? { isNaN ? nil : self }
}
