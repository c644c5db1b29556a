import Raster
import SheetKit

/// The parts of the sheet's look that depend only on its config and scale, computed once:
/// the coverage of its top rows (the rounded corners) and the soft shadow above its top edge.
struct SheetChrome {
    /// Coverage (0…255) of the first `cornerRows` rows of the sheet, full sheet width.
    let cornerMask: [UInt8]
    let cornerRows: Int
    /// The shadow's alpha (0…255), `shadowWidth` wide, its row 0 at `shadowTop` rows relative to the sheet's top row.
    let shadowMask: [UInt8]
    let shadowWidth: Int
    let shadowRows: Int
    let shadowTop: Int
    let shadowLeft: Int

    init(setup: SheetSetup, scale: Int) {
        let s = Double(scale)
        let sheet = setup.sheet
        let width = Int((setup.sheetWidth * s).rounded())
        let curve: CornerCurve = sheet.cornerStyle == .continuous ? .continuous : .circular
        let extent = min(curve.extent(radius: sheet.cornerRadius * s), Double(width) / 2)
        cornerRows = Int(extent.rounded(.up)) + 1
        var mask = Pixmap(width: width, height: cornerRows)
        mask.fillRoundedRect(RectF(x: 0, y: 0, width: Double(width), height: Double(cornerRows) + extent + 2),
                             radius: sheet.cornerRadius * s, topOnly: true, curve: curve, .white)
        cornerMask = mask.pixels.map { UInt8($0 >> 24) }

        // The shadow: the sheet's top-rounded shape, offset and blurred (CSS-style radius = 2σ).
        if let shadow = sheet.shadow, shadow.color.alpha > 0, shadow.radius > 0 || shadow.y != 0 {
            let sigma = shadow.radius / 2 * s
            let pad = Int((3 * sigma).rounded(.up)) + 1
            let offset = Int((shadow.y * s).rounded())
            shadowWidth = width + 2 * pad
            shadowLeft = -pad
            shadowTop = offset - pad
            shadowRows = 2 * pad + cornerRows
            var shape = Pixmap(width: shadowWidth, height: shadowRows)
            shape.fillRoundedRect(RectF(x: Double(pad), y: Double(pad), width: Double(width), height: Double(shadowRows)),
                                  radius: sheet.cornerRadius * s, topOnly: true, curve: curve, .white)
            let alpha = shape.pixels.map { Float($0 >> 24) / 255 }
            let blurred = Self.gaussian(alpha, width: shadowWidth, height: shadowRows, sigma: sigma)
            let strength = Float(shadow.color.alpha)
            shadowMask = blurred.map { UInt8(min(255, max(0, ($0 * strength).rounded()))) }
        } else {
            shadowMask = []
            shadowWidth = 0
            shadowRows = 0
            shadowTop = 0
            shadowLeft = 0
        }
    }

    /// A direct separable Gaussian over a small mask; run once per config and scale. Edges repeat.
    static func gaussian(_ values: [Float], width: Int, height: Int, sigma: Double) -> [Float] {
        guard sigma > 0.3 else { return values }
        let r = Int((3 * sigma).rounded(.up))
        var kernel = (-r...r).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let sum = kernel.reduce(0, +)
        kernel = kernel.map { $0 / sum }
        var tmp = [Float](repeating: 0, count: values.count)
        var out = [Float](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                var acc: Float = 0
                for k in -r...r { acc += kernel[k + r] * values[y * width + min(max(x + k, 0), width - 1)] }
                tmp[y * width + x] = acc
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                var acc: Float = 0
                for k in -r...r { acc += kernel[k + r] * tmp[min(max(y + k, 0), height - 1) * width + x] }
                out[y * width + x] = acc
            }
        }
        return out
    }
}

import Foundation
