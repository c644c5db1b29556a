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

public struct ShadowConfig: Sendable, Equatable, Codable {
    /// The shadow iOS draws under a sheet of `style` in `appearance`, measured (docs/ios-reference.md, "Dimming and
    /// shadow"; docs/research/issue-34-references.md):
    /// - classic (iOS 15–18): none. At 3× the dimmed view reads 224 flat up to the sheet's edge pixel (The49's iOS 16
    ///   custom detent) and 193 flat in the iOS 15.0 `ti.bottomsheetcontroller` demo; a one-level shadow would show.
    /// - glass (iOS 26), light: black at 9 % (0x17), blur radius 32 pt (σ 16), 8 pt down: a fit to Pokerist's iOS 26.0
    ///   `.fraction(0.65)` screenshots (−5.6 levels of 204 at the top edge, −2.9 at 8 pt, 0 by 25 pt; 195 flat beside
    ///   the side against 204) and bloggure's iOS 26.2 one (−7 levels beside the side).
    /// - glass, dark: the same at 4 % (0x0A), from the one dark sample over red (FB21706305, iOS 26.2: 0.8 % above the
    ///   top, 2 % beside the side); over the usual black it draws nothing.
    /// Glass at large casts none: the renderer fades it out as the glass turns opaque (`FrameRenderer.optics(for:)`).
    public static func system(style: SheetConfig.Style, appearance: Appearance) -> ShadowConfig? {
        switch style {
        case .classic: return nil
        case .glass:
            var s = ShadowConfig()
            s.color = SRGBColor(red: 0, green: 0, blue: 0, alpha: appearance == .dark ? 0x0A : 0x17)
            s.radius = 32
            s.y = 8
            return s
        }
    }

    /// Default `#00000040`.
    public var color = SRGBColor(red: 0, green: 0, blue: 0, alpha: 0x40)
    /// Blur radius in points. Default 12.
    public var radius = 12.0
    /// Vertical offset in points; negative casts upward. Default −2.
    public var y = -2.0

    public init() {}
    enum CodingKeys: String, CodingKey { case color, radius, y }

    /// The colour without its alpha, and the alpha as an opacity 0…1: how UIKit's and React Native's shadows take it.
    public var opaqueColor: SRGBColor { var c = color; c.alpha = 255; return c }
    public var opacity: Double { Double(color.alpha) / 255 }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        color = try c.value(.color, or: color)
        radius = try c.number(.radius, or: radius, .closed(0, 200))
        y = try c.number(.y, or: y, .closed(-200, 200))
    }
}

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

/// How the sheet moves when it settles, and how a release is projected.
public struct MotionConfig: Sendable, Equatable, Codable {
    public enum Curve: String, Sendable, CaseIterable, Codable { case spring, linear, easeIn, easeOut, easeInOut, bezier }

    /// Default `spring`.
    public var curve = Curve.spring
    /// Spring period in seconds (ω = 2π/response). Default 0.4.
    public var response = 0.4
    /// Spring damping ratio ζ; 1 is critically damped. Default 1.
    public var dampingRatio = 1.0
    /// Duration of the non-spring curves in seconds. Default 0.35.
    public var duration = 0.35
    /// Control points x1, y1, x2, y2 of the `bezier` curve. Default (0.42, 0, 0.58, 1).
    public var bezier = [0.42, 0, 0.58, 1]
    /// Per-millisecond velocity decay used to project a release; 0 turns projection off. Default 0.998.
    public var decelerationRate = 0.998
    /// Rubber-band stiffness c in (1 − 1/(x·c/H + 1))·H. Default 0.55.
    public var rubberBand = 0.55
    /// Whose release rule and settle motion the sheet follows (`Feel`, docs/feel.md). Default `uikit`.
    public var feel = Feel.uikit
    /// The curve keys the config gives itself (`curve`, `response`, `dampingRatio`, `duration`, `bezier`). A feel
    /// other than `uikit` reads them as its own library's parameters (docs/feel.md, "Each feel's knobs"): which keys
    /// were given matters, not only their values (FloatingPanel's `response` alone keeps its deceleration rate).
    public var givenCurveKeys: Set<CurveKey> = []

    /// The keys that describe the settle curve.
    public enum CurveKey: String, Sendable, CaseIterable, Hashable { case curve, response, dampingRatio, duration, bezier }

    /// Whether the config sets any curve key.
    public var setsCurve: Bool { !givenCurveKeys.isEmpty }

    /// Whether the config gives `key` itself.
    public func gives(_ key: CurveKey) -> Bool { givenCurveKeys.contains(key) }

    /// Whether the configured curve is a spring given by the config's own keys (`curve: spring`, `response` or
    /// `dampingRatio`, and no other curve): the settle a library's spring parameters describe.
    public var givesSpring: Bool { setsCurve && curve == .spring }

    public init() {}
    enum CodingKeys: String, CodingKey { case curve, response, dampingRatio, duration, bezier, decelerationRate, rubberBand, feel }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        curve = try c.choice(.curve, or: curve)
        // Bounded so that every spring comes to rest within the simulation's patience (`Simulation.restTimeout`).
        response = try c.number(.response, or: response, .closed(0.05, 5))
        dampingRatio = try c.number(.dampingRatio, or: dampingRatio, .closed(0.1, 10))
        duration = try c.number(.duration, or: duration, .closed(0.001, 10))
        if let points = try c.decodeIfPresent([Double].self, forKey: .bezier) {
            if points.count != 4 {
                c.report("needs 4 numbers [x1, y1, x2, y2], found \(points.count)", at: .bezier)
            } else if !(0...1).contains(points[0]) || !(0...1).contains(points[2]) {
                c.report("x1 and x2 must be between 0 and 1 so that time runs forward", at: .bezier)
            } else if points.contains(where: { abs($0) > 10 }) {
                c.report("y1 and y2 must be between -10 and 10", at: .bezier)
            } else {
                bezier = points
            }
        }
        decelerationRate = try c.number(.decelerationRate, or: decelerationRate, .halfOpen(0, 1))
        rubberBand = try c.number(.rubberBand, or: rubberBand, .closed(0.01, 10))
        feel = try c.choice(.feel, or: feel)
        givenCurveKeys = Set(CurveKey.allCases.filter { c.contains(CodingKeys(stringValue: $0.rawValue)!) })
    }

    /// Writes the curve keys only when they were given or the feel is `uikit`, so that a config with a feel reads back
    /// with the same knobs given (and equal).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let all = feel == .uikit
        if all || gives(.curve) { try c.encode(curve, forKey: .curve) }
        if all || gives(.response) { try c.encode(response, forKey: .response) }
        if all || gives(.dampingRatio) { try c.encode(dampingRatio, forKey: .dampingRatio) }
        if all || gives(.duration) { try c.encode(duration, forKey: .duration) }
        if all || gives(.bezier) { try c.encode(bezier, forKey: .bezier) }
        try c.encode(decelerationRate, forKey: .decelerationRate)
        try c.encode(rubberBand, forKey: .rubberBand)
        try c.encode(feel, forKey: .feel)
    }

    /// Equal when they move the same: which curve keys were given matters only to a feel other than `uikit`.
    public static func == (a: MotionConfig, b: MotionConfig) -> Bool {
        a.curve == b.curve && a.response == b.response && a.dampingRatio == b.dampingRatio && a.duration == b.duration
            && a.bezier == b.bezier && a.decelerationRate == b.decelerationRate && a.rubberBand == b.rubberBand
            && a.feel == b.feel && (a.feel == .uikit || a.givenCurveKeys == b.givenCurveKeys)
    }
}
