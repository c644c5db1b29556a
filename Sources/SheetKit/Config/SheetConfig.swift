/// The `sheet` object: detents, shape, material, dimming, motion and content.
public struct SheetConfig: Sendable, Equatable, Codable {
    /// The resting heights. Default: `peek` (120 pt), `medium` and `large`.
    public var detents: [DetentSpec] = [.height(id: "peek", points: 120), .medium, .large]
    /// Where the sheet rests at t = 0. Default: `medium` when present, else (`nil`) the smallest detent.
    public var initialDetent: String? = "medium"
    /// Whether the sheet is up at t = 0. Default `true`.
    public var presented = true
    /// `slide` (default) or `slideAndFade`.
    public var transition = Transition.slide
    /// Whether a drag or tap outside can close the sheet. Default `true`.
    public var dismissible = true
    /// Whether a tap on the dimming closes a dismissible sheet. Default `true`.
    public var tapOutsideToDismiss = true
    /// UIKit's `prefersScrollingExpandsWhenScrolledToEdge`. Default `true`: below the largest detent a drag on
    /// scrollable content moves the sheet, and the content scrolls once the sheet is at the largest detent (and
    /// scrolls back to its top before the sheet moves down). `false`: the content scrolls at every detent and a
    /// drag on it never moves the sheet; the grabber still does.
    public var scrollingExpandsSheet = true
    /// UIKit's `prefersEdgeAttachedInCompactHeight`. Default `false`: in compact height (a landscape iPhone) the
    /// sheet is full screen. `true`: it attaches to the bottom edge, as wide as the safe area, with its detents
    /// except `medium` (inactive in compact height).
    public var edgeAttachedInCompactHeight = false
    /// UIKit's `widthFollowsPreferredContentSizeWhenEdgeAttached`. Default `false`. `true`: an edge-attached sheet
    /// in compact height is `SheetFrame.preferredWidth` (500 pt) wide, capped by the safe area, centred in it.
    public var widthFollowsPreferredContentSize = false
    /// `glass` (default: iOS 26, a floating inset sheet with concentric corners that anchors to the edges and
    /// turns opaque at large) or `classic` (iOS 15–18: edge-attached, top corners only).
    public var style = Style.glass
    /// Radius of the sheet's top corners in points as the config gives it; `nil` (default) for the style's own:
    /// classic 10 pt, glass 38 pt (`SheetSetup.cornerRadius`). A floating glass sheet's bottom corners are always
    /// concentric with the display's.
    public var cornerRadiusOverride: Double?
    /// Radius of the top corners in points: the config's, or the style's default (for glass, the default on a display
    /// with rounded corners).
    public var cornerRadius: Double {
        get { cornerRadiusOverride ?? style.nominalCornerRadius }
        set { cornerRadiusOverride = newValue }
    }
    /// `continuous` (default: Apple's curve) or `circular`.
    public var cornerStyle = CornerStyle.continuous
    /// Whether the presenting view scales back behind the sheet at large (UIKit's page sheet). `nil` (default):
    /// when the sheet is modal there, that is, dimmed at its largest detent.
    public var backgroundRecedes: Bool?
    public var grabber = GrabberConfig()
    public var material = MaterialConfig()
    /// A solid colour that replaces the material. Default `null` (use the material).
    public var fill: SRGBColor?
    /// The sheet's shadow; `null` for none. When the config gives none, the style's as iOS draws it in the config's
    /// appearance (`ShadowConfig.system(style:appearance:)`).
    public var shadow: ShadowConfig? = ShadowConfig.system(style: .glass, appearance: .light)
    /// Whether the config gives `shadow` itself (a shadow or `null`).
    public var shadowGiven = false
    public var dimming = DimmingConfig()
    public var motion = MotionConfig()
    /// How the sheet answers the software keyboard.
    public var keyboard = KeyboardConfig()
    /// For a sheet presented over another: what it does to the one below (`StackBehavior`). `nil` (default): its
    /// feel's own rule (`resolvedStackBehavior`).
    public var stackBehavior: StackBehavior?
    /// Elements laid out top to bottom below the grabber band.
    public var content: [ContentElement] = SheetConfig.defaultContent(in: .light)

    /// The built-in default's content: its icons are system colours (systemOrange, systemGreen, systemBlue) in
    /// `appearance`, as `Assets/Examples/default.json` names them.
    public static func defaultContent(in appearance: Appearance) -> [ContentElement] {
        func system(_ name: String) -> SRGBColor { SystemColors.color(named: name, in: appearance)! }
        return [
            .title(TextElement(text: "Nearby")),
            .text(TextElement(text: "Drag the sheet, flick it, or tap the map behind it.")),
            .list(ListElement(title: nil, rows: [
                RowElement(icon: "C", iconColor: system("systemOrange"), title: "Café Lumen", detail: "Coffee · 120 m"),
                RowElement(icon: "P", iconColor: system("systemGreen"), title: "Riverside Park", detail: "Park · 400 m"),
                RowElement(icon: "M", iconColor: system("systemBlue"), title: "City Museum", detail: "Museum · 650 m"),
            ])),
            .button(ButtonElement(title: "Dismiss", action: .dismiss)),
            .spacer(height: 24),
        ]
    }

    /// The same config in `appearance`: the default content's system colours follow it (a named material is
    /// resolved by `SheetLabConfig`).
    mutating func resolveDefaults(from old: Appearance, to appearance: Appearance) {
        if content == Self.defaultContent(in: old) { content = Self.defaultContent(in: appearance) }
        if !shadowGiven { shadow = ShadowConfig.system(style: style, appearance: appearance) }
    }

    public init() {}

    public enum Transition: String, Sendable, CaseIterable, Codable { case slide, slideAndFade }
    public enum CornerStyle: String, Sendable, CaseIterable, Codable { case circular, continuous }
    public enum Style: String, Sendable, CaseIterable, Codable {
        case glass, classic

        /// The top corner radius a style draws when the config names none: classic, UIKit's 10 pt sheet corners;
        /// glass, iOS 26's measured 38 pt (`SheetShape.glassTopRadius`).
        /// g, where the large sheet's top sits below the top safe area (`Canvas.largeTopGap`).
        public var largeTopGap: Double {
            switch self {
            case .classic: return Canvas.classicLargeTopGap
            case .glass: return Canvas.glassLargeTopGap
            }
        }

        /// g for a sheet of this style presented over another sheet.
        public var stackedLargeTopGap: Double {
            switch self {
            case .classic: return Canvas.classicLargeTopGap
            case .glass: return Canvas.glassStackedLargeTopGap
            }
        }

        /// g_f, what fractions resolve against (`Canvas.fractionTopGap`).
        public var fractionTopGap: Double {
            switch self {
            case .classic: return Canvas.classicLargeTopGap
            case .glass: return Canvas.glassFractionTopGap
            }
        }

        public var nominalCornerRadius: Double {
            switch self {
            case .classic: return 10
            case .glass: return SheetShape.glassTopRadius
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case detents, initialDetent, presented, transition, dismissible, tapOutsideToDismiss, scrollingExpandsSheet
        case edgeAttachedInCompactHeight, widthFollowsPreferredContentSize
        case style, cornerRadiusOverride = "cornerRadius", cornerStyle, backgroundRecedes, grabber, material, fill, shadow, dimming, motion, keyboard, stackBehavior, content
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let list = try c.elements(.detents, of: DetentSpec.self, atMost: ListLimit.detents, "detents") { detents = list }
        initialDetent = try c.decodeIfPresent(String.self, forKey: .initialDetent)
            ?? (detents.contains { $0.id == "medium" } ? "medium" : nil)
        presented = try c.value(.presented, or: presented)
        transition = try c.choice(.transition, or: transition)
        dismissible = try c.value(.dismissible, or: dismissible)
        tapOutsideToDismiss = try c.value(.tapOutsideToDismiss, or: tapOutsideToDismiss)
        scrollingExpandsSheet = try c.value(.scrollingExpandsSheet, or: scrollingExpandsSheet)
        edgeAttachedInCompactHeight = try c.value(.edgeAttachedInCompactHeight, or: edgeAttachedInCompactHeight)
        widthFollowsPreferredContentSize = try c.value(.widthFollowsPreferredContentSize, or: widthFollowsPreferredContentSize)
        style = try c.choice(.style, or: style)
        if c.contains(.cornerRadiusOverride) { cornerRadiusOverride = try c.number(.cornerRadiusOverride, or: cornerRadius, .length) }
        cornerStyle = try c.choice(.cornerStyle, or: cornerStyle)
        backgroundRecedes = try c.decodeIfPresent(Bool.self, forKey: .backgroundRecedes)
        grabber = try c.value(.grabber, or: grabber)
        material = try c.value(.material, or: material)
        fill = try c.decodeIfPresent(SRGBColor.self, forKey: .fill)
        if c.contains(.shadow) {
            shadowGiven = true
            shadow = try c.decodeIfPresent(ShadowConfig.self, forKey: .shadow)
        } else {
            shadow = ShadowConfig.system(style: style, appearance: decoder.appearance)
        }
        dimming = try c.value(.dimming, or: dimming)
        if !c.contains(.dimming) || !dimming.undimmedWasGiven {
            // The default names `peek`; a sheet without one is modal unless it says otherwise.
            dimming.largestUndimmedDetent = detents.contains { $0.id == "peek" } ? "peek" : nil
        }
        motion = try c.value(.motion, or: motion)
        keyboard = try c.value(.keyboard, or: keyboard)
        stackBehavior = try c.optionalChoice(.stackBehavior, of: StackBehavior.self)
        if let list = try c.elements(.content, of: ContentElement.self, atMost: ListLimit.content, "elements") { content = list }
    }

    /// Every key, so that a decode of the output gives this config back: `"shadow"` when the config gave it (`null`
    /// included; an absent one decodes as the style's own in the document's appearance); other absent optionals decode
    /// as absent.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(detents, forKey: .detents)
        try c.encodeIfPresent(initialDetent, forKey: .initialDetent)
        try c.encode(presented, forKey: .presented)
        try c.encode(transition, forKey: .transition)
        try c.encode(dismissible, forKey: .dismissible)
        try c.encode(tapOutsideToDismiss, forKey: .tapOutsideToDismiss)
        try c.encode(scrollingExpandsSheet, forKey: .scrollingExpandsSheet)
        try c.encode(edgeAttachedInCompactHeight, forKey: .edgeAttachedInCompactHeight)
        try c.encode(widthFollowsPreferredContentSize, forKey: .widthFollowsPreferredContentSize)
        try c.encode(style, forKey: .style)
        try c.encodeIfPresent(cornerRadiusOverride, forKey: .cornerRadiusOverride)
        try c.encode(cornerStyle, forKey: .cornerStyle)
        try c.encodeIfPresent(backgroundRecedes, forKey: .backgroundRecedes)
        try c.encode(grabber, forKey: .grabber)
        try c.encode(material, forKey: .material)
        try c.encodeIfPresent(fill, forKey: .fill)
        if shadowGiven {
            if let shadow { try c.encode(shadow, forKey: .shadow) } else { try c.encodeNil(forKey: .shadow) }
        }
        try c.encode(dimming, forKey: .dimming)
        try c.encode(motion, forKey: .motion)
        if keyboard != KeyboardConfig() { try c.encode(keyboard, forKey: .keyboard) }
        try c.encodeIfPresent(stackBehavior, forKey: .stackBehavior)
        try c.encode(content, forKey: .content)
    }
}
