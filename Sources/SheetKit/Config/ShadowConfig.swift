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
