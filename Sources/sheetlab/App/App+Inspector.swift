import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// The inspector beside the canvas: every value by section, changed by scrubbing (drag sideways on
/// it), the arrow keys, or typing (Enter, digits, Enter). Detents can be added and removed.
enum Inspector {
    static let width = 300.0
    static let rowHeight = 22.0
    static let top = 12.0

    enum Row {
        case header(String)
        /// A number at a key path, changed in steps of `step`.
        case number(label: String, path: KeyPath, value: Double, step: Double, unit: String)
        /// A detent's height, by id.
        case detent(id: String, height: Double)
        /// One of a few values, cycled with ←/→ or a click; `nil` stands for JSON null.
        case choice(label: String, path: KeyPath, options: [String?], current: String?)
        /// A colour, typed as #RRGGBB or #RRGGBBAA.
        case color(label: String, path: KeyPath, hex: String)
        /// Words in the content, typed.
        case text(label: String, path: KeyPath, value: String)
        /// A switch, flipped with a click, ←/→ or Enter.
        case toggle(label: String, path: KeyPath, value: Bool)
        case addDetent
        case note(String)
    }

    static func rows(for config: SheetLabConfig, setup: SheetSetup) -> [Row] {
        let s = config.sheet
        func n(_ label: String, _ path: KeyPath, _ value: Double, _ step: Double, _ unit: String = "") -> Row {
            .number(label: label, path: path, value: value, step: step, unit: unit)
        }
        let sheet = KeyPath.root / "sheet"
        var rows: [Row] = [.header("Detents")]
        rows += setup.detents.map { .detent(id: $0.id, height: $0.height) }
        rows.append(.addDetent)
        let ids: [String?] = setup.detents.map(\.id)
        rows += [.choice(label: "Initial detent", path: sheet / "initialDetent", options: ids, current: setup.initialDetent.id),
                 .choice(label: "Transition", path: sheet / "transition", options: SheetConfig.Transition.allCases.map(\.rawValue),
                         current: s.transition.rawValue),
                 .toggle(label: "Dismissible", path: sheet / "dismissible", value: s.dismissible),
                 .toggle(label: "Tap outside dismisses", path: sheet / "tapOutsideToDismiss", value: s.tapOutsideToDismiss),
                 .header("Shape"),
                 n("Corner radius", sheet / "cornerRadius", s.cornerRadius, 1, "pt"),
                 .choice(label: "Corner style", path: sheet / "cornerStyle", options: SheetConfig.CornerStyle.allCases.map(\.rawValue),
                         current: s.cornerStyle.rawValue),
                 .toggle(label: "Grabber", path: sheet / "grabber" / "visible", value: s.grabber.visible),
                 n("Grabber width", sheet / "grabber" / "width", s.grabber.width, 1, "pt"),
                 n("Grabber height", sheet / "grabber" / "height", s.grabber.height, 0.5, "pt"),
                 n("Grabber top", sheet / "grabber" / "top", s.grabber.top, 1, "pt"),
                 .color(label: "Grabber colour", path: sheet / "grabber" / "color", hex: s.grabber.color.hex),
                 .header("Material"),
                 n("Blur", sheet / "material" / "blur", s.material.blur, 1, "pt"),
                 n("Saturation", sheet / "material" / "saturation", s.material.saturation, 0.05),
                 .color(label: "Tint", path: sheet / "material" / "tint", hex: s.material.tint.hex),
                 .color(label: "Fill", path: sheet / "fill", hex: s.fill?.hex ?? "none"),
                 n("Shadow radius", sheet / "shadow" / "radius", s.shadow?.radius ?? 0, 1, "pt"),
                 n("Shadow y", sheet / "shadow" / "y", s.shadow?.y ?? 0, 1, "pt"),
                 .color(label: "Shadow colour", path: sheet / "shadow" / "color", hex: s.shadow?.color.hex ?? "none"),
                 .header("Dimming"),
                 n("Opacity", sheet / "dimming" / "opacity", s.dimming.opacity, 0.05),
                 .color(label: "Colour", path: sheet / "dimming" / "color", hex: s.dimming.color.hex),
                 .choice(label: "Undimmed up to", path: sheet / "dimming" / "largestUndimmedDetent", options: [nil] + ids,
                         current: setup.largestUndimmed?.id),
                 .header("Motion"),
                 .choice(label: "Curve", path: sheet / "motion" / "curve", options: MotionConfig.Curve.allCases.map(\.rawValue),
                         current: s.motion.curve.rawValue),
                 n("Response", sheet / "motion" / "response", s.motion.response, 0.05, "s"),
                 n("Damping ratio", sheet / "motion" / "dampingRatio", s.motion.dampingRatio, 0.05),
                 n("Duration", sheet / "motion" / "duration", s.motion.duration, 0.05, "s"),
                 n("Deceleration", sheet / "motion" / "decelerationRate", s.motion.decelerationRate, 0.001),
                 n("Rubber band", sheet / "motion" / "rubberBand", s.motion.rubberBand, 0.05),
                 .header("Content")]
        let content = sheet / "content"
        rows += s.content.isEmpty ? [.note("No content")] : s.content.enumerated().map { i, element -> Row in
            switch element {
            case .title(let t), .text(let t): return .text(label: element.typeName, path: content / i / "text", value: t.text)
            case .button(let b): return .text(label: "button", path: content / i / "title", value: b.title)
            case .row(let r): return .text(label: "row", path: content / i / "title", value: r.title)
            case .list(let l): return .note("list: \(l.rows.count) rows")
            case .spacer(let h): return .note("spacer: \(JSONWriter.number(h)) pt")
            case .image(let im): return .note("image: \(im.path)")
            }
        }
        return rows
    }

    /// The frame and the panel side by side.
    static func beside(_ frame: Pixmap, panel: Pixmap, scale: Int) -> Pixmap {
        var out = Pixmap(width: frame.width + panel.width, height: frame.height)
        out.draw(frame, x: 0, y: 0)
        out.draw(panel, x: frame.width, y: 0)
        return out
    }
}

extension App {
    var inspectorRows: [Inspector.Row] { Inspector.rows(for: document.config, setup: engine.setup) }

    func toggleInspector() {
        showInspector.toggle()
        inspectorTyping = nil
        let canvas = engine.setup.canvas
        window.resize(width: Int((layoutWidth * options.zoom).rounded()), height: Int((canvas.height * options.zoom).rounded()))
        needsRedraw = true
    }

    func inspectorRow(atY y: Double) -> Int? {
        let i = Int(((y + inspectorScroll - Inspector.top) / Inspector.rowHeight).rounded(.down))
        return inspectorRows.indices.contains(i) ? i : nil
    }

    func inspectorPress(at p: Point) {
        inspectorTyping = nil
        guard let i = inspectorRow(atY: p.y) else { return }
        inspectorSelection = i
        switch inspectorRows[i] {
        case .number(_, _, let value, _, _): scrub = (i, p.x, value, false)
        case .detent(_, let height): scrub = (i, p.x, height, false)
        case .addDetent: addDetent()
        case .choice: cycle(inspectorRows[i], by: 1)
        case .toggle(_, let path, let value): edit(path, JSONNode(.bool(!value)), label: "switch")
        default: break
        }
        needsRedraw = true
    }

    func cycle(_ row: Inspector.Row, by step: Int) {
        guard case .choice(_, let path, let options, let current) = row, !options.isEmpty else { return }
        let index = options.firstIndex(where: { $0 == current }) ?? 0
        let next = options[(index + step + options.count) % options.count]
        edit(path, JSONNode(next.map { .string($0) } ?? .null), label: "choice")
    }

    func inspectorScrub(to x: Double) {
        guard var s = scrub, inspectorRows.indices.contains(s.row) else { return }
        let dx = x - s.startX
        switch inspectorRows[s.row] {
        case .number(_, let path, _, let step, _):
            let value = ((s.startValue + (dx / 4).rounded() * step) / step).rounded() * step
            edit(path, JSONNode(.number(value)), label: "scrub", continuing: true, startsGesture: !s.started)
        case .detent(let id, _):
            setDetentHeight(id, s.startValue + (dx / 2).rounded(), continuing: true, startsGesture: !s.started)
        default:
            return
        }
        s.started = true
        scrub = s
    }

    /// Keys while the inspector is open; returns false for keys it does not take.
    func inspectorKey(_ key: InputEvent.Key, shift: Bool) -> Bool {
        if key == .tab || key == .character("i") || key == .character("I"), inspectorTyping == nil {
            toggleInspector()
            return true
        }
        guard showInspector, let i = inspectorSelection, inspectorRows.indices.contains(i) else { return false }
        let row = inspectorRows[i]
        if var typed = inspectorTyping {
            if case .text = row {
                switch key {
                case .backspace: if !typed.isEmpty { typed.removeLast() }
                case .escape: inspectorTyping = nil; needsRedraw = true; return true
                case .enter:
                    inspectorTyping = nil
                    if case .text(_, let path, _) = row {
                        materializeContent()
                        edit(path, JSONNode(.string(typed)), label: "text")
                    }
                    needsRedraw = true
                    return true
                default: return true  // letters arrive as text input
                }
                inspectorTyping = typed
                needsRedraw = true
                return true
            }
            switch key {
            case .digit(let d): typed.append(String(d))
            case .character(let c) where c == "." || c == "-" || c == "#" || c.isHexDigit: typed.append(c)
            case .backspace: if !typed.isEmpty { typed.removeLast() }
            case .escape: inspectorTyping = nil; needsRedraw = true; return true
            case .enter:
                inspectorTyping = nil
                if case .color(_, let path, _) = row, typed.isEmpty, path.components.last == .key("fill") {
                    edit(path, nil, label: "no fill")
                } else if case .color(_, let path, _) = row {
                    let hex = typed.hasPrefix("#") ? typed : "#" + typed
                    edit(path, JSONNode(.string(hex.uppercased())), label: "colour")
                } else if let v = Double(typed) { set(row, to: v) } else { show("“\(typed)” is not a number") }
                needsRedraw = true
                return true
            default: return true
            }
            inspectorTyping = typed
            needsRedraw = true
            return true
        }
        switch key {
        case .left, .right:
            if case .toggle(_, let path, let value) = row { edit(path, JSONNode(.bool(!value)), label: "switch") }
            else if case .choice = row { cycle(row, by: key == .right ? 1 : -1) } else { return false }
        case .up, .down:
            let sign = key == .up ? 1.0 : -1.0
            switch row {
            case .number(_, _, let value, let step, _): set(row, to: value + sign * step * (shift ? 10 : 1))
            case .detent(_, let height): set(row, to: height + sign * (shift ? 10 : 1))
            default: break
            }
        case .enter:
            switch row {
            // Typing replaces the value; Esc keeps it.
            case .number, .detent, .color: inspectorTyping = ""
            case .text(_, _, let value): inspectorTyping = value
            case .choice: cycle(row, by: 1)
            case .toggle(_, let path, let value): edit(path, JSONNode(.bool(!value)), label: "switch")

            case .addDetent: addDetent()
            default: break
            }
        case .backspace, .delete:
            if case .detent(let id, _) = row { removeDetent(id) }
        case .escape:
            inspectorSelection = nil
        default:
            return false
        }
        needsRedraw = true
        return true
    }

    func set(_ row: Inspector.Row, to value: Double) {
        switch row {
        case .number(_, let path, _, _, _): edit(path, JSONNode(.number((value * 1000).rounded() / 1000)), label: "value")
        case .detent(let id, _): setDetentHeight(id, value, continuing: false, startsGesture: true)
        default: break
        }
    }

    /// The index of detent `id` in the document's `sheet.detents`, made explicit first.
    func detentIndex(_ id: String) -> Int? {
        materializeDetents()
        guard case .array(let items)? = editor.value(at: KeyPath.root / "sheet" / "detents")?.value else { return nil }
        return items.firstIndex { item in
            if case .string(let s) = item.value { return s == id }
            if case .string(let s)? = item["id"]?.value { return s == id }
            return false
        }
    }

    func setDetentHeight(_ id: String, _ height: Double, continuing: Bool, startsGesture: Bool) {
        guard let index = detentIndex(id) else { return }
        let h = (height * 2).rounded() / 2
        let value: JSONNode = .object(["id": .string(id), "height": .number(h)])
        edit(KeyPath.root / "sheet" / "detents" / index, value, label: "detent \(id)", continuing: continuing, startsGesture: startsGesture)
    }

    func addDetent() {
        materializeDetents()
        guard case .array(let items)? = editor.value(at: KeyPath.root / "sheet" / "detents")?.value else { return }
        let ids = Set(engine.setup.detents.map(\.id))
        var n = 1
        while ids.contains("detent\(n)") { n += 1 }
        // Halfway up the widest gap between the detents (or the bottom), where a new one is most useful.
        let heights = [0] + engine.setup.detents.map(\.height)
        let gap = zip(heights, heights.dropFirst()).max { ($0.1 - $0.0) < ($1.1 - $1.0) } ?? (0, 200)
        let value: JSONNode = .object(["id": .string("detent\(n)"), "height": .number(((gap.0 + gap.1) / 2).rounded())])
        edit(KeyPath.root / "sheet" / "detents" / items.count, value, label: "add detent")
        show("Added detent\(n)")
    }

    func removeDetent(_ id: String) {
        guard let index = detentIndex(id) else { return }
        edit(KeyPath.root / "sheet" / "detents" / index, nil, label: "remove detent")
        inspectorSelection = nil
    }

    /// Scrolls the panel (wheel over it), within its rows.
    func scrollInspector(by dy: Double) {
        let canvas = engine.setup.canvas
        let content = Inspector.top + Double(inspectorRows.count) * Inspector.rowHeight
        let visible = canvas.height - 36
        inspectorScroll = min(max(0, inspectorScroll - dy * 22), max(0, content - visible))
        needsRedraw = true
    }

    func isText(_ row: Inspector.Row) -> Bool {
        if case .text = row { return true }
        return false
    }

    /// Text typed into the selected content row.
    func inspectorText(_ string: String) {
        guard showInspector, let typed = inspectorTyping, let i = inspectorSelection, inspectorRows.indices.contains(i),
              isText(inspectorRows[i]) else { return }
        inspectorTyping = typed + string
        needsRedraw = true
    }

    /// Makes `sheet.content` explicit in the document, so one element can be edited.
    func materializeContent() {
        let path = KeyPath.root / "sheet" / "content"
        guard editor.value(at: path) == nil,
              let node = try? JSONNodeEncoder.encode(document.config.sheet.content) else { return }
        edit(path, node, label: "content")
    }

    /// The panel, drawn at the frame's scale.
    func inspectorPanel() -> Pixmap {
        let scale = renderer.scale
        let s = Double(scale)
        let canvas = engine.setup.canvas
        var panel = Pixmap(width: Int((Inspector.width * s).rounded()), height: renderer.heightPixels,
                           fill: SRGBColor(hex: "#1C1C1E")!.premultiplied)
        let overlay = Overlay(text: text, scale: scale)
        let rows = inspectorRows
        for (i, row) in rows.enumerated() {
            let y = Inspector.top + Double(i) * Inspector.rowHeight - inspectorScroll
            if y < 0 { continue }
            guard y + Inspector.rowHeight <= canvas.height - 36 else { break }
            if i == inspectorSelection {
                panel.fillRoundedRect(RectF(x: 6 * s, y: y * s, width: (Inspector.width - 12) * s, height: (Inspector.rowHeight - 2) * s),
                                      radius: 6 * s, SRGBColor(hex: "#0A84FF55")!.premultiplied)
            }
            var label = "", value = "", color = SRGBColor(hex: "#EBEBF5")!
            switch row {
            case .header(let h): label = h.uppercased(); color = SRGBColor(hex: "#8E8E93")!
            case .number(let l, _, let v, _, let unit): label = l; value = JSONWriter.number((v * 1000).rounded() / 1000) + (unit.isEmpty ? "" : " \(unit)")
            case .detent(let id, let h): label = "  \(id)"; value = JSONWriter.number((h * 10).rounded() / 10) + " pt"
            case .choice(let l, _, _, let current): label = l; value = (current ?? "none") + "  ‹›"
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
            if i == inspectorSelection, let typed = inspectorTyping, !isText(row) { value = typed + "▏" }
            overlay.line(label, x: 14, top: y, height: Inspector.rowHeight, color: color, into: &panel)
            if !value.isEmpty {
                let w = Double(text.width(value, weight: .medium, pixelSize: Int((13 * s).rounded()))) / s
                overlay.line(value, x: Inspector.width - 16 - w, top: y, height: Inspector.rowHeight,
                             color: i == inspectorSelection && inspectorTyping != nil ? SRGBColor(hex: "#FFD60A")! : .white, into: &panel)
            }
        }
        let hint = "Drag sideways · ↑↓ (⇧ ×10) · Enter types · ⌫ removes"
        overlay.line(hint, x: 14, top: canvas.height - 30, height: 20, color: SRGBColor(hex: "#8E8E93")!, size: 10, into: &panel)
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
