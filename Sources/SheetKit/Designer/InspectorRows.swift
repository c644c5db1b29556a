/// The inspector's rows: every value of the config by section, each with the key path it edits.
public enum InspectorRows {
    public enum Row: Sendable, Equatable {
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

    /// The Export row's path: not a config key; the designer keeps the target (`Designer.exportTarget`).
    public static let exportTargetPath = KeyPath.root / "export" / "to"

    /// The rows of `config.sheet`, whose object is at `sheetPath` in the file (`sheet`, or `sheets.<id>` for a stacked
    /// sheet the window has selected: see `Designer.selectedSheet`).
    public static func rows(for config: SheetLabConfig, setup: SheetSetup, exportTarget: ExportTarget = .swiftui,
                            sheetPath: KeyPath = KeyPath.root / "sheet") -> [Row] {
        let s = config.sheet
        func n(_ label: String, _ path: KeyPath, _ value: Double, _ step: Double, _ unit: String = "") -> Row {
            .number(label: label, path: path, value: value, step: step, unit: unit)
        }
        let sheet = sheetPath
        var rows: [Row] = []
        if sheetPath != KeyPath.root / "sheet" { rows.append(.note("Editing \(sheetPath), the top of the stack")) }
        rows.append(.header("Detents"))
        rows += setup.detents.map { .detent(id: $0.id, height: $0.height) }
        rows.append(.addDetent)
        let ids: [String?] = setup.detents.map(\.id)
        rows += [.choice(label: "Initial detent", path: sheet / "initialDetent", options: ids, current: setup.initialDetent.id),
                 .choice(label: "Transition", path: sheet / "transition", options: SheetConfig.Transition.allCases.map(\.rawValue),
                         current: s.transition.rawValue),
                 .toggle(label: "Dismissible", path: sheet / "dismissible", value: s.dismissible),
                 .toggle(label: "Tap outside dismisses", path: sheet / "tapOutsideToDismiss", value: s.tapOutsideToDismiss),
                 .header("Shape"),
                 n("Corner radius", sheet / "cornerRadius", setup.cornerRadius, 1, "pt"),
                 .choice(label: "Corner style", path: sheet / "cornerStyle", options: SheetConfig.CornerStyle.allCases.map(\.rawValue),
                         current: s.cornerStyle.rawValue),
                 .choice(label: "Style", path: sheet / "style", options: SheetConfig.Style.allCases.map(\.rawValue),
                         current: s.style.rawValue),
                 .toggle(label: "Grabber", path: sheet / "grabber" / "visible", value: s.grabber.visible),
                 n("Grabber width", sheet / "grabber" / "width", s.grabber.width, 1, "pt"),
                 n("Grabber height", sheet / "grabber" / "height", s.grabber.height, 0.5, "pt"),
                 n("Grabber top", sheet / "grabber" / "top", s.grabber.top, 1, "pt"),
                 .color(label: "Grabber colour", path: sheet / "grabber" / "color", hex: config.grabberColor.hex),
                 .header("Material"),
                 .choice(label: "Appearance", path: KeyPath.root / "appearance", options: Appearance.allCases.map(\.rawValue),
                         current: config.appearance.rawValue),
                 n("Blur", sheet / "material" / "blur", s.material.blur, 1, "pt"),
                 n("Saturation", sheet / "material" / "saturation", s.material.saturation, 0.05),
                 .color(label: "Tint", path: sheet / "material" / "tint", hex: s.material.tint.hex),
                 .color(label: "Fill", path: sheet / "fill", hex: s.fill?.hex ?? "none"),
                 n("Shadow radius", sheet / "shadow" / "radius", s.shadow?.radius ?? 0, 1, "pt"),
                 n("Shadow y", sheet / "shadow" / "y", s.shadow?.y ?? 0, 1, "pt"),
                 .color(label: "Shadow colour", path: sheet / "shadow" / "color", hex: s.shadow?.color.hex ?? "none"),
                 .header("Settings")]
        rows += settingsRows(config.settings)
        rows += [.header("Dimming"),
                 n("Opacity", sheet / "dimming" / "opacity", setup.dimmingOpacity, 0.05),
                 .color(label: "Colour", path: sheet / "dimming" / "color", hex: s.dimming.color.hex),
                 .choice(label: "Undimmed up to", path: sheet / "dimming" / "largestUndimmedDetent", options: [nil] + ids,
                         current: setup.largestUndimmed?.id),
                 .header("Keyboard"),
                 .choice(label: "Keyboard", path: sheet / "keyboard" / "behavior", options: [nil] + KeyboardBehavior.allCases.map(\.rawValue),
                         current: s.keyboard.behavior?.rawValue),
                 .toggle(label: "Dismiss on drag", path: sheet / "keyboard" / "dismissOnDrag", value: s.keyboard.dismissOnDrag),
                 .header("Stack"),
                 .choice(label: "Over another", path: sheet / "stackBehavior", options: [nil] + StackBehavior.allCases.map(\.rawValue),
                         current: s.stackBehavior?.rawValue),
                 .header("Motion"),
                 .choice(label: "Feel", path: sheet / "motion" / "feel", options: Feel.allCases.map(\.rawValue),
                         current: s.motion.feel.rawValue),
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
            case .textField(let f): return .text(label: "text field", path: content / i / "placeholder", value: f.placeholder)
            }
        }
        rows += [.header("Export"),
                 .choice(label: "Export to (X)", path: exportTargetPath, options: ExportTarget.allCases.map(\.rawValue),
                         current: exportTarget.rawValue)]
        return rows
    }
}

extension InspectorRows {
    /// The iOS settings the sheet is drawn under, each switched live as one undoable edit of `settings`.
    public static func settingsRows(_ settings: AccessibilitySettings) -> [Row] {
        let path = KeyPath.root / "settings"
        return [.choice(label: "Text size", path: path / "textSize", options: TextSizeCategory.allCases.map(\.rawValue),
                        current: settings.textSize.rawValue),
                .toggle(label: "Bold Text", path: path / "boldText", value: settings.boldText),
                .toggle(label: "Reduce Transparency", path: path / "reduceTransparency", value: settings.reduceTransparency),
                .toggle(label: "Increase Contrast", path: path / "increaseContrast", value: settings.increaseContrast),
                .toggle(label: "Reduce Motion", path: path / "reduceMotion", value: settings.reduceMotion),
                .choice(label: "Liquid Glass", path: path / "liquidGlass", options: LiquidGlassChoice.allCases.map(\.rawValue),
                        current: settings.liquidGlass.rawValue)]
    }
}

extension InspectorRows {
    /// How the panel shows a choice's value: JSON null is the default it stands for (`sheet.keyboard.behavior`: the
    /// feel's own behaviour, which is not the behaviour `none`), or "none".
    public static func shownChoice(_ current: String?, path: KeyPath, setup: SheetSetup) -> String {
        if let current { return current }
        let tail = path.components.suffix(2)
        if tail == [.key("keyboard"), .key("behavior")] { return "default (\(KeyboardBehavior.default(for: setup.feel).rawValue))" }
        if tail.last == .key("stackBehavior") { return "default (\(StackBehavior.default(for: setup.feel).rawValue))" }
        return "none"
    }
}

extension InspectorRows.Row {
    /// Content text: typed letters arrive as text input, not keys.
    public var isText: Bool {
        if case .text = self { return true }
        return false
    }
}
