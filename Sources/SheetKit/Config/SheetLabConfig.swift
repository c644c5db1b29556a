/// A whole SheetLab config file. Every key is optional; an empty object is the built-in default.
public struct SheetLabConfig: Sendable, Equatable, Codable {
    /// `light` (default) or `dark`: what every scene, system colour name, named material and default resolves in.
    /// Setting it resolves a named material again (`MaterialConfig.resolved(in:)`).
    public var appearance: Appearance = .light {
        didSet {
            sheet.material = sheet.material.resolved(in: appearance)
            sheet.resolveDefaults(from: oldValue, to: appearance)
            for i in sheets.indices {
                sheets[i].sheet.material = sheets[i].sheet.material.resolved(in: appearance)
                sheets[i].sheet.resolveDefaults(from: oldValue, to: appearance)
            }
        }
    }
    /// A device preset name (`DevicePreset.all`). Default `iphone-15`.
    public var device: String = DevicePreset.defaultName
    /// Overrides of the preset's canvas. Default: none.
    public var canvas: CanvasOverrides = CanvasOverrides()
    /// What is behind the sheet. Default: the `map` scene.
    public var background: Background = .scene(.map)
    /// The sheet itself.
    public var sheet: SheetConfig = SheetConfig()
    /// Further sheets that a `present` can put over the first one, in the file's order (the `sheets` object).
    public var sheets: [StackedSheetConfig] = []
    /// The iOS settings it is drawn under: Dynamic Type, Bold Text, Reduce Transparency, Increase Contrast,
    /// Reduce Motion and the Liquid Glass choice. Default: the phone's defaults.
    public var settings: AccessibilitySettings = .standard

    public init() {}

    enum CodingKeys: String, CodingKey { case appearance, device, canvas, background, sheet, sheets, settings }

    /// The appearance is decoded first and set as the decode's context, so that every colour name and named
    /// material below resolves in it, wherever the key stands in the file.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        appearance = try c.choice(.appearance, or: appearance)
        decoder.setContext(appearance, for: Appearance.contextKey)
        if let name = try c.decodeIfPresent(String.self, forKey: .device) {
            if DevicePreset.named(name) != nil { device = name } else {
                c.report("unknown device \"\(name)\"\(DevicePreset.hint(forUnknown: name))", at: .device)
            }
        }
        // Settings before the colours: with Increase Contrast a system colour name resolves to its high-contrast value.
        settings = try c.value(.settings, or: settings)
        decoder.setContext(settings.increaseContrast, for: AccessibilitySettings.increasedContrastKey)
        canvas = try c.value(.canvas, or: canvas)
        background = try c.value(.background, or: background)
        // A presented sheet sits at the elevated interface level: colour names inside it (its fill, its content's
        // colours) take their elevated values; the background behind it stays at base.
        decoder.setContext(InterfaceLevel.elevated, for: InterfaceLevel.contextKey)
        sheet = try c.value(.sheet, or: sheet)
        // The default material is named, and was made before the appearance was known.
        sheet.material = sheet.material.resolved(in: appearance)
        sheet.resolveDefaults(from: .light, to: appearance)
        sheets = try c.decodeIfPresent(StackedSheetList.self, forKey: .sheets)?.sheets ?? []
        decoder.setContext(InterfaceLevel.base, for: InterfaceLevel.contextKey)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(appearance, forKey: .appearance)
        try c.encode(device, forKey: .device)
        try c.encode(canvas, forKey: .canvas)
        try c.encode(background, forKey: .background)
        try c.encode(sheet, forKey: .sheet)
        if !sheets.isEmpty {
            var map = c.nestedContainer(keyedBy: StackedSheetList.AnyKey.self, forKey: .sheets)
            for entry in sheets { try map.encode(entry.sheet, forKey: StackedSheetList.AnyKey(stringValue: entry.id)!) }
        }
        try c.encode(settings, forKey: .settings)
    }

    /// The sheet of the `sheets` map with this id.
    public func stackedSheet(_ id: String) -> SheetConfig? { sheets.first { $0.id == id }?.sheet }

    /// This config with `sheet` in place of the first sheet: what a sheet of the `sheets` map resolves as, on the same
    /// device, background and settings.
    public func presenting(_ stacked: SheetConfig) -> SheetLabConfig {
        var copy = self
        copy.sheet = stacked
        return copy
    }

    /// The canvas this config asks for: the device preset with `canvas` overrides applied.
    public var resolvedCanvas: Canvas {
        let preset = DevicePreset.named(device) ?? DevicePreset.named(DevicePreset.defaultName)!
        var resolved = canvas.applied(to: Canvas(preset), landscapeSide: preset.landscapeSide)
        resolved.largeTopGap = sheet.style.largeTopGap
        resolved.fractionTopGap = sheet.style.fractionTopGap
        return resolved
    }
}

/// What is drawn behind the sheet.
public enum Background: Sendable, Equatable {
    case scene(Scene)
    /// A PNG or JPEG, relative to the config file, scaled to fill.
    case image(String)
    case color(SRGBColor)

    public enum Scene: String, Sendable, CaseIterable, Codable { case map, list, gradient }
}

extension Background: Codable {
    enum CodingKeys: String, CodingKey { case scene, image, color }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let present = CodingKeys.allKeysPresent(in: c)
        if present.count != 1 {
            // Ask for every key so none is reported as unknown on top of this error.
            _ = c.contains(.scene); _ = c.contains(.image); _ = c.contains(.color)
            throw DecodeIssue(present.isEmpty ? "give one of scene, image or color"
                                              : "give only one of scene, image or color, not \(present.map(\.rawValue).joined(separator: " and "))")
        }
        switch present[0] {
        case .scene:
            let scene = try c.choice(.scene, or: Scene.map)
            self = .scene(scene)
        case .image:
            let path = try c.decode(String.self, forKey: .image)
            if path.isEmpty { throw DecodeIssue("must not be empty", subkey: "image") }
            self = .image(path)
        case .color:
            self = .color(try c.decode(SRGBColor.self, forKey: .color))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .scene(let s): try c.encode(s, forKey: .scene)
        case .image(let p): try c.encode(p, forKey: .image)
        case .color(let col): try c.encode(col, forKey: .color)
        }
    }
}

extension Background.CodingKeys: CaseIterable {
    static func allKeysPresent(in c: KeyedDecodingContainer<Self>) -> [Self] {
        allCases.filter { key in c.allKeys.contains { $0 == key } }
    }
}
