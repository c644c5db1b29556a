/// Which library `sheetlab export` writes code for.
public enum ExportTarget: String, Sendable, CaseIterable, Codable {
    case swiftui, uikit, floatingpanel, gorhom, vaul

    /// The name shown in the window and in help.
    public var title: String {
        switch self {
        case .swiftui: return "SwiftUI"
        case .uikit: return "UIKit"
        case .floatingpanel: return "FloatingPanel"
        case .gorhom: return "gorhom"
        case .vaul: return "vaul"
        }
    }

    /// The file extension of the generated code.
    public var fileExtension: String {
        switch self {
        case .swiftui, .uikit, .floatingpanel: return "swift"
        case .gorhom, .vaul: return "tsx"
        }
    }

    /// The target after this one, in the order of `allCases` (the inspector's choice row cycles with it).
    public var next: ExportTarget {
        let all = ExportTarget.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// A config resolved for export: what every target needs, in points, with names that are valid identifiers.
///
/// Heights are measured as SheetLab measures them: from the canvas's bottom edge, bottom safe area included.
/// Each target converts to its own reference (UIKit's detent values exclude the bottom safe area).
public struct ExportModel: Sendable, Equatable {
    public enum DetentKind: Sendable, Equatable {
        case large, medium, fit
        case height(Double)
        case fraction(Double)
    }

    public struct Detent: Sendable, Equatable {
        /// The config's id.
        public var id: String
        /// `id` as a lowerCamelCase Swift/TypeScript identifier.
        public var identifier: String
        public var kind: DetentKind
        /// Resolved height on the config's canvas, bottom safe area included.
        public var height: Double
    }

    /// A text field of the content and where it is (`sheet.content[index]`).
    public struct Field: Sendable, Equatable {
        public var index: Int
        public var field: TextFieldElement
        /// `field0`, `field1`: its name in code.
        public var name: String
    }

    /// How the sheet is filled: a solid colour, or a blurred material.
    public enum Background: Sendable, Equatable {
        case fill(SRGBColor)
        case material(MaterialConfig)
    }

    /// How the sheet settles.
    public enum Motion: Sendable, Equatable {
        case spring(response: Double, dampingRatio: Double)
        /// A timing curve: CSS cubic-bezier control points and a duration in seconds.
        case curve(name: MotionConfig.Curve, duration: Double, bezier: [Double])
    }

    public var deviceName: String
    public var canvas: Canvas
    /// Detents in ascending height (ties keep the config's order).
    public var detents: [Detent]
    public var initial: Detent
    /// `nil` when the sheet is dimmed at every detent.
    public var largestUndimmed: Detent?
    /// The content's natural height on the canvas, bottom safe area included (what a `fit` detent measures).
    public var naturalHeight: Double
    public var sheet: SheetConfig
    /// Light or dark: the appearance the config is drawn in.
    public var appearance: Appearance
    /// The grabber's colour: the config's own, else the default that suits the appearance and the sheet.
    public var grabberColor: SRGBColor
    /// Whether the sheet's surface reads as dark, as SheetLab draws it (`SheetSurface`: the fill, or the material's
    /// tint over the average of what is behind, in the config's appearance): the renderer's ink, the grabber and the
    /// exports' title and field colours all follow this one decision.
    public var surfaceIsDark: Bool
    /// The opaque colour a material turns into under Reduce Transparency, as SheetLab draws it
    /// (`SheetConfig.drawn(under:in:)`): glass's elevated system background (grouped under a list), a classic
    /// material's opaque fallback, at the config's Increase Contrast.
    public var reducedTransparencyColor: SRGBColor?
    public var background: Background
    public var motion: Motion
    /// Whether the presenting view recedes behind the sheet at its largest detent, as SheetLab draws it
    /// (`SheetSetup.recedes`: only a card whose largest detent fills the screen, modal there unless the config says).
    public var backgroundRecedes: Bool
    /// The full dimming as SheetLab draws it (`SheetSetup.dimmingOpacity`): the config's, else the style's system value.
    public var dimmingOpacity: Double
    /// The top corners' radius SheetLab draws (`SheetSetup.cornerRadius`): the config's, else the style's on this
    /// device (glass: 35 pt with rounded display corners, 28 pt on a square display; classic: 10 pt).
    public var cornerRadius: Double
    /// Whether the config sets the radius itself; the system sheets keep their own radius otherwise.
    public var cornerRadiusIsExplicit: Bool
    /// Glass on a display with rounded corners: the sheet floats inset from the edges at partial heights
    /// (`SheetSetup.floats`), by `floatingInset` points.
    public var floats: Bool
    public var floatingInset: Double { SheetShape.floatingInset }
    /// The edge-attached width in compact height when it follows the preferred content size (`SheetFrame.preferredWidth`).
    public var preferredWidth: Double { SheetFrame.preferredWidth }
    /// The iOS settings the config is drawn under (Dynamic Type, Bold Text, Reduce Transparency, …): the setup's.
    public var settings: AccessibilitySettings
    /// The content's text fields, in content order, with their index in `sheet.content` (`SheetSetup.textFields`).
    public var textFields: [Field]
    /// How the sheet answers the keyboard: the config's behaviour, else the feel's own (`SheetSetup.keyboardBehavior`).
    public var keyboardBehavior: KeyboardBehavior
    /// The config's `sheets`, each resolved and named (`ExportStack.swift`); empty in a stacked sheet's own model.
    public var stacked: [StackedSheet] = []
    /// The id of the stacked sheet this model is; nil for the first sheet.
    public var stackID: String?
    /// A stacked sheet's stack rule (`stackBehavior`, else its feel's).
    public var stackBehavior: StackBehavior?
    /// Which sheets present this stacked sheet: nil for the first sheet, else a stacked sheet's id.
    public var presenterIDs: [String?] = []

    /// Every decision is the setup's (detent heights, the initial and undimmed detents, the recede, the drawn radius,
    /// whether the sheet floats); the model only renames them for code. No exporter resolves one again.
    public init(setup: SheetSetup) {
        let config = setup.config
        sheet = config.sheet
        appearance = config.appearance
        // The colour the renderer draws with every setting at the phone's default (`SheetTheme` reads the same
        // `grabberColor`): the design's. Exporters that follow Increase Contrast derive the high-contrast one from it,
        // so the config's own `increaseContrast` must not bake it in.
        var design = config
        design.settings.increaseContrast = false
        grabberColor = design.grabberColor
        surfaceIsDark = design.surface.isDark
        if config.sheet.fill == nil {
            var reduced = config.settings
            reduced.reduceTransparency = true
            reducedTransparencyColor = config.sheet.drawn(under: reduced, in: config.appearance).material.tint
        } else {
            reducedTransparencyColor = nil
        }
        deviceName = config.device
        canvas = setup.canvas
        naturalHeight = setup.naturalHeight
        let specs = Dictionary(sheet.detents.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // The setup's detents. Where the canvas's size class makes some inactive (compact height, a form sheet), the
        // code still declares every detent of the config, at the height the setup resolves it to.
        var resolved = setup.detents.filter { specs[$0.id] != nil }
        if resolved.count != setup.detents.count || !setup.inactiveDetents.isEmpty {
            let order = Dictionary(sheet.detents.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
            resolved = (resolved + setup.inactiveDetents).sorted {
                $0.height != $1.height ? $0.height < $1.height : order[$0.id]! < order[$1.id]!
            }
        }
        var used = Set<String>()
        detents = resolved.map { resolved in
            let kind: DetentKind
            switch specs[resolved.id]! {
            case .large: kind = .large
            case .medium: kind = .medium
            case .fit: kind = .fit
            case .height(_, let points): kind = .height(points)
            case .fraction(_, let f): kind = .fraction(f)
            }
            var name = ExportModel.identifier(resolved.id)
            while used.contains(name) { name += "_" }
            used.insert(name)
            return Detent(id: resolved.id, identifier: name, kind: kind, height: resolved.height)
        }
        let all = detents
        initial = all.first { $0.id == setup.initialDetent.id } ?? all[0]
        largestUndimmed = setup.largestUndimmed.flatMap { u in all.first { $0.id == u.id } }
        background = sheet.fill.map(Background.fill) ?? .material(sheet.material)
        let m = sheet.motion
        switch m.curve {
        case .spring: motion = .spring(response: m.response, dampingRatio: m.dampingRatio)
        case .linear: motion = .curve(name: .linear, duration: m.duration, bezier: [0, 0, 1, 1])
        case .easeIn: motion = .curve(name: .easeIn, duration: m.duration, bezier: [0.42, 0, 1, 1])
        case .easeOut: motion = .curve(name: .easeOut, duration: m.duration, bezier: [0, 0, 0.58, 1])
        case .easeInOut: motion = .curve(name: .easeInOut, duration: m.duration, bezier: [0.42, 0, 0.58, 1])
        case .bezier: motion = .curve(name: .bezier, duration: m.duration, bezier: m.bezier)
        }
        backgroundRecedes = setup.recedes
        dimmingOpacity = setup.dimmingOpacity
        cornerRadius = setup.cornerRadius
        cornerRadiusIsExplicit = sheet.cornerRadiusOverride != nil
        floats = setup.floats
        settings = setup.settings
        textFields = setup.textFields.sorted { $0.key < $1.key }.enumerated().map { Field(index: $0.element.key, field: $0.element.value, name: "field\($0.offset)") }
        keyboardBehavior = setup.keyboardBehavior
        if !setup.stackSetups.isEmpty { stacked = ExportModel.stackedSheets(setup, first: self) }
    }

    public var largest: Detent { detents.last! }
    /// Whether the content has a text field: only then does the code answer the keyboard.
    public var hasTextField: Bool { !textFields.isEmpty }
    /// The field focused when the sheet is presented.
    public var focusedField: Field? { textFields.first { $0.field.focus } }
    /// The config's `sheet.keyboard`.
    public var keyboard: KeyboardConfig { sheet.keyboard }
    /// Whether a field is drawn as a search field (a magnifying glass before the text).
    public var hasSearchField: Bool { textFields.contains { $0.field.style == .search } }
    /// A text field's fill: iOS's `tertiarySystemFill` (#767680 at 12 % light, 24 % dark), which search fields use.
    /// A field's placeholder colour: iOS's `placeholderText` (#3C3C43 at 30 % light, #EBEBF5 at 30 % dark).
    public var placeholderColor: SRGBColor {
        sheetIsDark ? SRGBColor(red: 235, green: 235, blue: 245, alpha: 77) : SRGBColor(red: 60, green: 60, blue: 67, alpha: 77)
    }
    public var fieldFill: SRGBColor {
        SRGBColor(red: 118, green: 118, blue: 128, alpha: sheetIsDark ? 61 : 31)
    }
    public var smallest: Detent { detents.first! }
    /// Whether the sheet is dimmed at some detent.
    public var dims: Bool { largestUndimmed.map { $0.id != largest.id } ?? true }
    /// The index of `detent` in `detents`.
    public func index(of detent: Detent) -> Int { detents.firstIndex(of: detent)! }
    /// The value UIKit's custom detent and SwiftUI's `.height` take for `detent`'s visible height. An edge-attached
    /// sheet's value is "a height within the safe area of the sheet" (Apple's `customDetentWithIdentifier:resolver:`):
    /// the visible height less the bottom safe area. A floating glass sheet's value is its own frame's height, which
    /// sits its 8 pt inset above the screen's edge: iOS 26.2 draws `.height(100)` 100.67 pt tall with its bottom
    /// edge 8 pt up (a Simulator recording, docs/ios-reference.md "R-A"), so the value is the visible height less the
    /// inset.
    public func systemDetentValue(_ detent: Detent) -> Double { systemDetentValue(height: detent.height) }

    /// The same for a visible height in points.
    public func systemDetentValue(height: Double) -> Double {
        max(0, height - (floats ? floatingInset : canvas.safeBottom))
    }

    /// What the system detent value leaves out below the sheet, in words, for the generated comments.
    public var systemDetentValueExcludes: String {
        floats ? "its \(Fmt.n(floatingInset)) pt floating inset (iOS 26: a floating sheet's detent is its own height; "
                 + "on iOS 18 and earlier, edge-attached, the same value is \(Fmt.n(canvas.safeBottom - floatingInset)) pt taller)"
               : "the \(Fmt.n(canvas.safeBottom)) pt bottom safe area"
    }
    /// Whether the config's motion is SheetLab's stand-in for the system sheet's own (the default spring, projection
    /// and rubber band, the UIKit feel).
    public var usesSystemMotion: Bool {
        let d = MotionConfig()
        let m = sheet.motion
        return m.feel == .uikit && m.curve == .spring && m.response == d.response && m.dampingRatio == d.dampingRatio
            && m.decelerationRate == d.decelerationRate && m.rubberBand == d.rubberBand
    }

    /// Whether the sheet is filled with a blurred material (which Reduce Transparency turns opaque).
    public var hasMaterial: Bool { if case .material = background { return true } else { return false } }

    /// The opaque colour the export draws a material as where a target has to choose one itself (Reduce Transparency on
    /// the web and in React Native): the one SheetLab draws (`reducedTransparencyColor`).
    public var opaqueMaterialColor: SRGBColor? {
        guard case .material = background else { return nil }
        return reducedTransparencyColor
    }

    /// The first title of the content, for the generated placeholder view.
    public var title: String {
        for element in sheet.content { if case .title(let t) = element { return t.text } }
        return "Sheet"
    }

    /// Whether the sheet is dark (white ink): SheetLab's decision for its surface (`surfaceIsDark`).
    public var sheetIsDark: Bool { surfaceIsDark }

    /// The title's colour: the config's, else the `label` colour of the appearance the surface reads as (white on a
    /// dark surface, black on a light one), as SheetLab draws it (`SheetTheme.primary`).
    public var titleColor: SRGBColor {
        for element in sheet.content { if case .title(let t) = element, let c = t.color { return c } }
        return SystemColors.color(named: "label", in: surfaceIsDark ? .dark : .light)!
    }

    /// Whether the placeholder content has buttons: its `select:` buttons and its Dismiss button.
    public var hasContentButtons: Bool { !selectButtons.isEmpty || hasDismissButton || !presentButtons.isEmpty }

    /// Whether the content has a button or row that dismisses the sheet.
    public var hasDismissButton: Bool {
        sheet.content.contains { element in
            if case .button(let b) = element { return b.action == .dismiss }
            if case .row(let r) = element { return r.action == .dismiss }
            return false
        }
    }

    /// A lowerCamelCase identifier for a detent id: `"half-open"` is `halfOpen`, `"2x"` is `d2x`.
    public static func identifier(_ id: String) -> String {
        var words: [String] = []
        var word = ""
        for ch in id {
            if ch.isLetter || ch.isNumber, ch.isASCII { word.append(ch) } else if !word.isEmpty { words.append(word); word = "" }
        }
        if !word.isEmpty { words.append(word) }
        guard var name = words.first else { return "detent" }
        name = name.prefix(1).lowercased() + name.dropFirst()
        for w in words.dropFirst() { name += w.prefix(1).uppercased() + w.dropFirst() }
        if name.first!.isNumber { name = "d" + name }
        let reserved: Set = ["default", "case", "switch", "var", "let", "func", "class", "struct", "enum", "in", "is", "as",
                             "self", "Self", "import", "return", "new", "delete", "function", "const", "this", "true", "false",
                             "null", "nil", "height", "fraction", "custom"]
        return reserved.contains(name) ? name + "Detent" : name
    }
}

extension ExportModel {
    /// Where `detent` is in the config: `sheet.detents[2]`.
    public func keyPath(of detent: Detent) -> String {
        "\(configPrefix).detents[\(sheet.detents.firstIndex { $0.id == detent.id } ?? 0)]"
    }

    /// The content's buttons that select a detent: their titles and detents.
    public var selectButtons: [(title: String, detent: Detent)] {
        sheet.content.compactMap { element in
            if case .button(let b) = element, case .select(let id) = b.action, let d = detents.first(where: { $0.id == id }) {
                return (b.title, d)
            }
            return nil
        }
    }
}
