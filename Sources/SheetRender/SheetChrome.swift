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
            let blurred = BackdropBlur.blur(shape, region: PixelRect(x: 0, y: 0, width: shadowWidth, height: shadowRows), sigma: sigma)
            let strength = UInt32(shadow.color.alpha)
            shadowMask = blurred.pixels.map { UInt8(((($0 >> 24) * strength) + 127) / 255) }
        } else {
            shadowMask = []
            shadowWidth = 0
            shadowRows = 0
            shadowTop = 0
            shadowLeft = 0
        }
    }
}
