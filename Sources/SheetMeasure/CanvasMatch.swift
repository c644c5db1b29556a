import SheetKit

/// The canvas a screenshot was taken on: a device preset, the scale and the orientation its pixel size says.
public struct MatchedCanvas: Sendable, Equatable {
    public var device: DevicePreset
    public var scale: Int
    public var landscape: Bool
    /// Other presets of the same size, which the picture cannot tell apart.
    public var alternatives: [String]

    public init(device: DevicePreset, scale: Int, landscape: Bool, alternatives: [String] = []) {
        self.device = device; self.scale = scale; self.landscape = landscape; self.alternatives = alternatives
    }

    /// The canvas in points.
    public var width: Double { landscape ? device.height : device.width }
    public var height: Double { landscape ? device.width : device.height }
    /// The canvas in pixels.
    public var pixelWidth: Int { Int((width * Double(scale)).rounded()) }
    public var pixelHeight: Int { Int((height * Double(scale)).rounded()) }
    /// The status bar's band, left out of the background fit.
    public var safeTop: Double { landscape ? 0 : device.safeTop }

    /// The preset whose size at 1×, 2× or 3×, upright or turned, is `width` × `height` pixels; `named` picks the
    /// device instead, and the size must then be one of its. Where several presets share a size, the one whose own
    /// scale it is comes first, then the order of `DevicePreset.all`.
    public static func match(width: Int, height: Int, named: String?, in presets: [DevicePreset] = DevicePreset.all)
        -> Result<MatchedCanvas, CanvasMismatch> {
        func fits(_ p: DevicePreset) -> [MatchedCanvas] {
            Canvas.scales.flatMap { s -> [MatchedCanvas] in
                var found: [MatchedCanvas] = []
                if Int((p.width * Double(s)).rounded()) == width, Int((p.height * Double(s)).rounded()) == height {
                    found.append(MatchedCanvas(device: p, scale: s, landscape: false, alternatives: []))
                }
                if Int((p.height * Double(s)).rounded()) == width, Int((p.width * Double(s)).rounded()) == height {
                    found.append(MatchedCanvas(device: p, scale: s, landscape: true, alternatives: []))
                }
                return found
            }
        }
        let sizes = presets.map { p in
            "\(p.name) \(format(p.width))×\(format(p.height)) pt (\(Canvas.scales.map { s in "\(Int(p.width * Double(s)))×\(Int(p.height * Double(s)))" }.joined(separator: ", ")) px)"
        }
        if let named {
            guard let preset = presets.first(where: { $0.name == named }) else {
                return .failure(CanvasMismatch(message: "unknown device '\(named)'; devices: \(presets.map(\.name).joined(separator: ", "))"))
            }
            guard let m = fits(preset).first else {
                return .failure(CanvasMismatch(message: "the image is \(width)×\(height) px, which is not \(named) (\(format(preset.width))×\(format(preset.height)) pt) at 1×, 2× or 3×, upright or turned"))
            }
            return .success(m)
        }
        let all = presets.flatMap(fits).sorted { ($0.scale == $0.device.scale ? 0 : 1) < ($1.scale == $1.device.scale ? 0 : 1) }
        guard var first = all.first else {
            return .failure(CanvasMismatch(message: "the image is \(width)×\(height) px, the size of no device; give --device NAME, or crop it to one of: "
                                           + sizes.joined(separator: "; ")))
        }
        first.alternatives = all.dropFirst().filter { $0.scale == first.scale && $0.landscape == first.landscape }.map(\.device.name)
        return .success(first)
    }
}

/// An image whose size matches no device, or not the one asked for.
public struct CanvasMismatch: Error, Sendable, Equatable {
    public var message: String
}
