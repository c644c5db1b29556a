public struct DimmingConfig: Sendable, Equatable, Codable {
    /// Default `#000000`.
    public var color = SRGBColor.black
    /// The full dimming opacity, 0…1, as the config gives it; `nil` when it gives none, and the sheet dims as its
    /// style does on iOS (`systemOpacity(style:appearance:)`).
    public var opacityOverride: Double?
    /// The opacity the config gives, else 0.4 (the nominal system value exports compare against). What the sheet
    /// draws is `SheetSetup.dimmingOpacity`.
    public var opacity: Double {
        get { opacityOverride ?? 0.4 }
        set { opacityOverride = newValue }
    }
    /// At or below this detent nothing is dimmed and taps reach the background.
    /// Default `peek` when the sheet has it; `null` makes the sheet modal at every detent.
    public var largestUndimmedDetent: String? = "peek"
    var undimmedWasGiven = false

    public init() {}
    enum CodingKeys: String, CodingKey { case color, opacity, largestUndimmedDetent }

    /// The dimming iOS draws behind a sheet when the config sets no opacity, measured where there is a reference
    /// (docs/ios-reference.md):
    /// - glass (iOS 26), light: 0.20 (Pokerist's `.large` sheet: a white view dimmed to 204/255, 3×);
    /// - glass, dark: 0.48 (TrueSheet iOS 26.1 `.large()`: the map divided by 1.6–2.0, α 0.39–0.49 by channel);
    /// - classic (iOS 15–18): 0.11, at every detent: 0.10 at medium and at large (iOS 15.0, `ti.bottomsheetcontroller`'s
    ///   demo: the same blue dims to the same value at both), 0.12 at a 360 pt custom detent (iOS 16, The49's README,
    ///   3×: white to 224). Dark: not measurable (the references draw over black); the same α is assumed. It was 0.40.
    public static func systemOpacity(style: SheetConfig.Style, appearance: Appearance) -> Double {
        switch style {
        case .classic: return 0.11
        case .glass: return appearance == .dark ? 0.48 : 0.20
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        color = try c.value(.color, or: color)
        if c.contains(.opacity) { opacityOverride = try c.number(.opacity, or: 0.4, .unit) }
        if c.contains(.largestUndimmedDetent) {
            undimmedWasGiven = true
            largestUndimmedDetent = try c.decodeIfPresent(String.self, forKey: .largestUndimmedDetent)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(color, forKey: .color)
        try c.encodeIfPresent(opacityOverride, forKey: .opacity)
        try c.encode(largestUndimmedDetent, forKey: .largestUndimmedDetent)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.color == b.color && a.opacityOverride == b.opacityOverride && a.largestUndimmedDetent == b.largestUndimmedDetent
    }
}
