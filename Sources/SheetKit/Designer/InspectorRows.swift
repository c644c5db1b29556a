/// The inspector's rows: every value of the config by section, each with the key path it edits.
public enum InspectorRows {
    // The schema's keys, as the config's types declare them.
    private typealias Root = SheetLabConfig.CodingKeys
    private typealias Sheet = SheetConfig.CodingKeys
    private typealias Grabber = GrabberConfig.CodingKeys
    private typealias Material = MaterialConfig.CodingKeys
    private typealias Shadow = ShadowConfig.CodingKeys
    private typealias Dimming = DimmingConfig.CodingKeys
    private typealias Keyboard = KeyboardConfig.CodingKeys
    private typealias Motion = MotionConfig.CodingKeys
    private typealias Settings = AccessibilitySettings.CodingKeys
    private typealias Content = ContentElement.CodingKeys

    /// The first sheet's object in the file.
    public static let sheetPath = KeyPath.root / Root.sheet

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
                            sheetPath: KeyPath = InspectorRows.sheetPath) -> [Row] {
        let s = config.sheet
        func n(_ label: String, _ path: KeyPath, _ value: Double, _ step: Double, _ unit: String = "") -> Row {
            .number(label: label, path: path, value: value, step: step, unit: unit)
        }
        let sheet = sheetPath
        var rows: [Row] = []
        if sheetPath != Self.sheetPath { rows.append(.note("Editing \(sheetPath), the top of the stack")) }
        rows.append(.header("Detents"))
        rows += setup.detents.map { .detent(id: $0.id, height: $0.height) }
        rows.append(.addDetent)
        let ids: [String?] = setup.detents.map(\.id)
        rows += [.choice(label: "Initial detent", path: sheet / Sheet.initialDetent, options: ids, current: setup.initialDetent.id),
                 .choice(label: "Transition", path: sheet / Sheet.transition, options: SheetConfig.Transition.allCases.map(\.rawValue),
                         current: s.transition.rawValue),
                 .toggle(label: "Dismissible", path: sheet / Sheet.dismissible, value: s.dismissible),
                 .toggle(label: "Tap outside dismisses", path: sheet / Sheet.tapOutsideToDismiss, value: s.tapOutsideToDismiss),
                 .header("Shape"),
                 n("Corner radius", sheet / Sheet.cornerRadiusOverride, setup.cornerRadius, 1, "pt"),
                 .choice(label: "Corner style", path: sheet / Sheet.cornerStyle, options: SheetConfig.CornerStyle.allCases.map(\.rawValue),
                         current: s.cornerStyle.rawValue),
                 .choice(label: "Style", path: sheet / Sheet.style, options: SheetConfig.Style.allCases.map(\.rawValue),
                         current: s.style.rawValue),
                 .toggle(label: "Grabber", path: sheet / Sheet.grabber / Grabber.visible, value: s.grabber.visible),
                 n("Grabber width", sheet / Sheet.grabber / Grabber.width, s.grabber.width, 1, "pt"),
                 n("Grabber height", sheet / Sheet.grabber / Grabber.height, s.grabber.height, 0.5, "pt"),
                 n("Grabber top", sheet / Sheet.grabber / Grabber.top, s.grabber.top, 1, "pt"),
                 .color(label: "Grabber colour", path: sheet / Sheet.grabber / Grabber.color, hex: config.grabberColor.hex),
                 .header("Material"),
                 .choice(label: "Appearance", path: KeyPath.root / Root.appearance, options: Appearance.allCases.map(\.rawValue),
                         current: config.appearance.rawValue),
                 n("Blur", sheet / Sheet.material / Material.blur, s.material.blur, 1, "pt"),
                 n("Saturation", sheet / Sheet.material / Material.saturation, s.material.saturation, 0.05),
                 .color(label: "Tint", path: sheet / Sheet.material / Material.tint, hex: s.material.tint.hex),
                 .color(label: "Fill", path: sheet / Sheet.fill, hex: s.fill?.hex ?? "none"),
                 n("Shadow radius", sheet / Sheet.shadow / Shadow.radius, s.shadow?.radius ?? 0, 1, "pt"),
                 n("Shadow y", sheet / Sheet.shadow / Shadow.y, s.shadow?.y ?? 0, 1, "pt"),
                 .color(label: "Shadow colour", path: sheet / Sheet.shadow / Shadow.color, hex: s.shadow?.color.hex ?? "none"),
                 .header("Settings")]
        rows += settingsRows(config.settings)
        rows += [.header("Dimming"),
                 n("Opacity", sheet / Sheet.dimming / Dimming.opacity, setup.dimmingOpacity, 0.05),
                 .color(label: "Colour", path: sheet / Sheet.dimming / Dimming.color, hex: s.dimming.color.hex),
                 .choice(label: "Undimmed up to", path: sheet / Sheet.dimming / Dimming.largestUndimmedDetent, options: [nil] + ids,
                         current: setup.largestUndimmed?.id),
                 .header("Keyboard"),
                 .choice(label: "Keyboard", path: sheet / Sheet.keyboard / Keyboard.behavior, options: [nil] + KeyboardBehavior.allCases.map(\.rawValue),
                         current: s.keyboard.behavior?.rawValue),
                 .toggle(label: "Dismiss on drag", path: sheet / Sheet.keyboard / Keyboard.dismissOnDrag, value: s.keyboard.dismissOnDrag),
                 .header("Stack"),
                 .choice(label: "Over another", path: sheet / Sheet.stackBehavior, options: [nil] + StackBehavior.allCases.map(\.rawValue),
                         current: s.stackBehavior?.rawValue),
                 .header("Motion"),
                 .choice(label: "Feel", path: sheet / Sheet.motion / Motion.feel, options: Feel.allCases.map(\.rawValue),
                         current: s.motion.feel.rawValue),
                 .choice(label: "Curve", path: sheet / Sheet.motion / Motion.curve, options: MotionConfig.Curve.allCases.map(\.rawValue),
                         current: s.motion.curve.rawValue),
                 n("Response", sheet / Sheet.motion / Motion.response, s.motion.response, 0.05, "s"),
                 n("Damping ratio", sheet / Sheet.motion / Motion.dampingRatio, s.motion.dampingRatio, 0.05),
                 n("Duration", sheet / Sheet.motion / Motion.duration, s.motion.duration, 0.05, "s"),
                 n("Deceleration", sheet / Sheet.motion / Motion.decelerationRate, s.motion.decelerationRate, 0.001),
                 n("Rubber band", sheet / Sheet.motion / Motion.rubberBand, s.motion.rubberBand, 0.05),
                 .header("Content")]
        let content = sheet / Sheet.content
        rows += s.content.isEmpty ? [.note("No content")] : s.content.enumerated().map { i, element -> Row in
            switch element {
            case .title(let t), .text(let t): return .text(label: element.typeName, path: content / i / Content.text, value: t.text)
            case .button(let b): return .text(label: "button", path: content / i / Content.title, value: b.title)
            case .row(let r): return .text(label: "row", path: content / i / Content.title, value: r.title)
            case .list(let l): return .note("list: \(l.rows.count) rows")
            case .spacer(let h): return .note("spacer: \(JSONWriter.number(h)) pt")
            case .image(let im): return .note("image: \(im.path)")
            case .textField(let f): return .text(label: "text field", path: content / i / Content.placeholder, value: f.placeholder)
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
        let path = KeyPath.root / Root.settings
        return [.choice(label: "Text size", path: path / Settings.textSize, options: TextSizeCategory.allCases.map(\.rawValue),
                        current: settings.textSize.rawValue),
                .toggle(label: "Bold Text", path: path / Settings.boldText, value: settings.boldText),
                .toggle(label: "Reduce Transparency", path: path / Settings.reduceTransparency, value: settings.reduceTransparency),
                .toggle(label: "Increase Contrast", path: path / Settings.increaseContrast, value: settings.increaseContrast),
                .toggle(label: "Reduce Motion", path: path / Settings.reduceMotion, value: settings.reduceMotion),
                .choice(label: "Liquid Glass", path: path / Settings.liquidGlass, options: LiquidGlassChoice.allCases.map(\.rawValue),
                        current: settings.liquidGlass.rawValue)]
    }
}

extension InspectorRows {
    /// How the panel shows a choice's value: JSON null is the default it stands for (`sheet.keyboard.behavior`: the
    /// feel's own behaviour, which is not the behaviour `none`), or "none".
    public static func shownChoice(_ current: String?, path: KeyPath, setup: SheetSetup) -> String {
        if let current { return current }
        let tail = path.components.suffix(2)
        if tail == [.key(Sheet.keyboard.stringValue), .key(Keyboard.behavior.stringValue)] { return "default (\(KeyboardBehavior.default(for: setup.feel).rawValue))" }
        if tail.last == .key(Sheet.stackBehavior.stringValue) { return "default (\(StackBehavior.default(for: setup.feel).rawValue))" }
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
