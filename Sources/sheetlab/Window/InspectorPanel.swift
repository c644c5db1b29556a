import Raster
import SheetKit
import SheetRender

/// The inspector's panel beside the canvas, drawn from the designer's rows and selection.
enum InspectorPanel {
    /// The hint's top, above the canvas's bottom edge, in points.
    static let hintTop = 30.0

    /// The frame and the panel side by side.
    static func beside(_ frame: Pixmap, panel: Pixmap) -> Pixmap {
        var out = Pixmap(width: frame.width + panel.width, height: frame.height)
        out.draw(frame, x: 0, y: 0)
        out.draw(panel, x: frame.width, y: 0)
        return out
    }
}

extension App {
    /// The panel, drawn at the frame's scale.
    func inspectorPanel() -> Pixmap {
        let scale = renderer.scale
        let s = Double(scale)
        let canvas = designer.canvas, inspector = designer.inspector
        let inspectorSelection = inspector.selection, inspectorTyping = inspector.typing
        var panel = Pixmap(width: Int((Inspector.width * s).rounded()), height: renderer.heightPixels,
                           fill: SRGBColor(hex: "#1C1C1E")!.premultiplied)
        let overlay = Overlay(text: text, scale: scale)
        let rows = designer.inspectorRows
        for (i, row) in rows.enumerated() {
            let y = Inspector.top + Double(i) * Inspector.rowHeight - inspector.scroll
            if y < 0 { continue }
            guard y + Inspector.rowHeight <= canvas.height - Inspector.hintHeight else { break }
            if i == inspectorSelection {
                panel.fillRoundedRect(RectF(x: 6 * s, y: y * s, width: (Inspector.width - 12) * s, height: (Inspector.rowHeight - 2) * s),
                                      radius: 6 * s, SRGBColor(hex: "#0A84FF55")!.premultiplied)
            }
            var label = "", value = "", color = SRGBColor(hex: "#EBEBF5")!
            switch row {
            case .header(let h): label = h.uppercased(); color = SRGBColor(hex: "#8E8E93")!
            case .number(let l, _, let v, _, let unit): label = l; value = JSONWriter.number((v * 1000).rounded() / 1000) + (unit.isEmpty ? "" : " \(unit)")
            case .detent(let id, let h): label = "  \(id)"; value = JSONWriter.number((h * 10).rounded() / 10) + " pt"
            case .choice(let l, let path, _, let current):
                label = l; value = InspectorRows.shownChoice(current, path: path, setup: designer.setup) + "  ‹›"
            case .toggle(let l, _, let on): label = l; value = on ? "on" : "off"
                color = on ? SRGBColor(hex: "#EBEBF5")! : SRGBColor(hex: "#8E8E93")!
            case .color(let l, _, let hex): label = l; value = hex
                if let c = SRGBColor(hex: hex) {
                    let sw = 14.0, x = Inspector.width - 16 - Double(text.width(hex, weight: .medium, pixelSize: Int((13 * s).rounded()))) / s - sw - 8
                    panel.fillRoundedRect(RectF(x: x * s, y: (y + 4) * s, width: sw * s, height: sw * s), radius: 4 * s, c.premultiplied)
                }
            case .addDetent: label = "  + Add a detent"; color = SRGBColor(hex: "#0A84FF")!
            case .note(let n): label = "  " + (n.count > 34 ? String(n.prefix(33)) + "…" : n); color = SRGBColor(hex: "#AEAEB2")!
            case .text(let l, _, let v):
                let shown = i == inspectorSelection && inspectorTyping != nil ? inspectorTyping! + "▏" : v
                label = "  \(l): " + (shown.count > 30 ? "…" + String(shown.suffix(29)) : shown)
                color = i == inspectorSelection && inspectorTyping != nil ? SRGBColor(hex: "#FFD60A")! : SRGBColor(hex: "#EBEBF5")!
            }
            if i == inspectorSelection, let typed = inspectorTyping, !row.isText { value = typed + "▏" }
            overlay.line(label, x: 14, top: y, height: Inspector.rowHeight, color: color, into: &panel)
            if !value.isEmpty {
                let w = Double(text.width(value, weight: .medium, pixelSize: Int((13 * s).rounded()))) / s
                overlay.line(value, x: Inspector.width - 16 - w, top: y, height: Inspector.rowHeight,
                             color: i == inspectorSelection && inspectorTyping != nil ? SRGBColor(hex: "#FFD60A")! : .white, into: &panel)
            }
        }
        let hint = "Drag sideways · ↑↓ (⇧ ×10) · Enter types · ⌫ removes"
        overlay.line(hint, x: 14, top: canvas.height - InspectorPanel.hintTop, height: 20, color: SRGBColor(hex: "#8E8E93")!, size: 10, into: &panel)
        return panel
    }
}

extension Overlay {
    func line(_ string: String, x: Double, top: Double, height: Double, color: SRGBColor, size: Double = 13, into frame: inout Pixmap) {
        let px = Int((size * s).rounded())
        let lh = text.rasterizer.metrics(weight: .medium, pixelSize: px).lineHeight
        text.draw(string, weight: .medium, pixelSize: px, color: color.premultiplied, x: Int((x * s).rounded()),
                  y: Int((top * s + (height * s - Double(lh)) / 2).rounded()), into: &frame)
    }
}
