import Raster
import SheetKit
import SheetRender

/// Panels drawn over the canvas in the window: the HUD, the key help and the error banner.
struct Overlay {
    let text: TextEngine
    let scale: Int

    var s: Double { Double(scale) }

    /// The help overlay's lines: the key table, then the pointer.
    static var keys: [(String, String)] {
        KeyTable.bindings.map { ($0.label, $0.help) } + [KeyTable.fieldHelp, ("Mouse, touch", "drag, flick and tap; scroll to drag"),
                                                          ("Drop", "a screenshot of a sheet: measure it, then C")]
    }

    /// A rounded dark panel with lines of text, at (x, y) points; returns its height in points.
    @discardableResult
    func panel(_ lines: [(String, SRGBColor)], x: Double, y: Double, width: Double, size: Double = 13,
               fill: SRGBColor = SRGBColor(hex: "#000000B8")!, into frame: inout Pixmap) -> Double {
        let lineHeight = size * 1.45
        let padding = 10.0
        let height = Double(lines.count) * lineHeight + 2 * padding
        frame.fillRoundedRect(RectF(x: x * s, y: y * s, width: width * s, height: height * s), radius: 10 * s,
                              curve: .continuous, fill.premultiplied)
        let pixelSize = Int((size * s).rounded())
        let fontLine = text.rasterizer.metrics(weight: .medium, pixelSize: pixelSize).lineHeight
        for (i, (line, color)) in lines.enumerated() {
            let top = (y + padding + Double(i) * lineHeight) * s + (lineHeight * s - Double(fontLine)) / 2
            text.draw(line, weight: .medium, pixelSize: pixelSize, color: color.premultiplied,
                      x: Int(((x + padding) * s).rounded()), y: Int(top.rounded()), into: &frame)
        }
        return height
    }

    /// The HUD at the top left; `belowBadges` moves it under the badge row, so that a long badge never covers it.
    func hud(_ lines: [String], canvas: Canvas, belowBadges: Bool = false, into frame: inout Pixmap) {
        panel(lines.map { ($0, SRGBColor.white) }, x: 8, y: canvas.safeTop + 4 + (belowBadges ? 24 : 0), width: 222, size: 12,
              into: &frame)
    }

    /// The key table, as wide as its longest line; on a narrow canvas the text gets smaller rather than cut.
    func help(canvas: Canvas, into frame: inout Pixmap) {
        var lines: [(String, SRGBColor)] = [("Keys", .white)]
        for (key, what) in Self.keys { lines.append(("\(key)  —  \(what)", SRGBColor(hex: "#EBEBF5")!)) }
        let room = canvas.width - 16
        func widest(_ size: Double) -> Double {
            let pixels = lines.map { text.width($0.0, weight: .medium, pixelSize: Int((size * s).rounded())) }.max() ?? 0
            return Double(pixels) / s + 20
        }
        var size = 13.0
        while size > 9 && widest(size) > room { size -= 0.5 }
        let width = min(room, widest(size))
        let height = Double(lines.count) * size * 1.45 + 20
        panel(lines, x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, size: size, into: &frame)
    }

    func banner(_ message: String, canvas: Canvas, into frame: inout Pixmap) {
        let width = canvas.width - 16
        let wrapped = text.wrap(message, weight: .medium, pixelSize: 12, maxWidth: Int(width - 20))
        let lines = wrapped.prefix(8).map { ($0, SRGBColor.white) }
        panel(Array(lines), x: 8, y: canvas.safeTop + 4, width: width, size: 12, fill: SRGBColor(hex: "#C62828E6")!, into: &frame)
    }

    /// A toast; one line, or several (the export's capability diff) wrapped to the canvas and growing upward.
    func toast(_ message: String, canvas: Canvas, into frame: inout Pixmap) {
        let parts = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 {
            let width = min(canvas.width - 16, Double(text.width(message, weight: .medium, pixelSize: 13)) + 20)
            panel([(message, .white)], x: (canvas.width - width) / 2, y: canvas.height - canvas.safeBottom - 60, width: width,
                  into: &frame)
            return
        }
        let width = canvas.width - 16
        let wrapped = parts.flatMap { text.wrap($0, weight: .medium, pixelSize: 12, maxWidth: Int(width - 20)) }
        let limit = 18
        let lines = wrapped.count <= limit ? wrapped : Array(wrapped.prefix(limit - 1)) + ["… (the full list is on stderr)"]
        let height = Double(lines.count) * 16 + 16
        panel(lines.map { ($0, SRGBColor.white) }, x: 8, y: canvas.height - canvas.safeBottom - 20 - height, width: width, size: 12,
              into: &frame)
    }
}
