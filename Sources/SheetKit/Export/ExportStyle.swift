/// Colours and materials in each target's vocabulary. Every colour an exporter writes goes through `ExportColor`,
/// every material through `SystemMaterial`, so a new kind (a system colour name, a named material) is one case here.
enum ExportColor {
    static func channels(_ c: SRGBColor) -> (r: Double, g: Double, b: Double, a: Double) {
        (Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, Double(c.alpha) / 255)
    }

    /// `Color(red: 0.2, green: 0.78, blue: 0.35)`, with `opacity:` when translucent.
    static func swiftUI(_ c: SRGBColor) -> String {
        let (r, g, b, a) = channels(c)
        if c == .black { return "Color.black" }
        if c == .white { return "Color.white" }
        return "Color(red: \(Fmt.n(r)), green: \(Fmt.n(g)), blue: \(Fmt.n(b))" + (a < 1 ? ", opacity: \(Fmt.n(a)))" : ")")
    }

    /// `UIColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1)`.
    static func uiKit(_ c: SRGBColor) -> String {
        let (r, g, b, a) = channels(c)
        if c == .black { return "UIColor.black" }
        if c == .white { return "UIColor.white" }
        return "UIColor(red: \(Fmt.n(r)), green: \(Fmt.n(g)), blue: \(Fmt.n(b)), alpha: \(Fmt.n(a)))"
    }

    /// `#34C759` or `rgba(28, 28, 30, 0.7)`: CSS, and React Native's colour strings.
    static func css(_ c: SRGBColor) -> String {
        if c.alpha == 255 { return c.hex }
        return "rgba(\(c.red), \(c.green), \(c.blue), \(Fmt.n(Double(c.alpha) / 255)))"
    }

    /// The same colour at `opacity` × its alpha, for a dimming layer.
    static func scaled(_ c: SRGBColor, by opacity: Double) -> SRGBColor {
        var out = c
        out.alpha = UInt8((Double(c.alpha) * opacity).rounded())
        return out
    }
}

/// The system material nearest a SheetLab material: Apple's materials differ by how much of the backdrop shows,
/// so the tint's opacity picks the thickness, and its lightness light or dark.
struct SystemMaterial: Sendable, Equatable {
    enum Thickness: String, Sendable { case ultraThin, thin, regular, thick, chrome }
    var thickness: Thickness
    var dark: Bool
    /// A named material: the system's own, which follows the appearance, so UIKit takes its adaptive style.
    var exact: Bool

    init(_ m: MaterialConfig) {
        dark = !m.tint.prefersDarkInk
        if let name = m.name {
            thickness = Thickness(rawValue: name.rawValue) ?? .regular
            exact = true
            return
        }
        exact = false
        let alpha = Double(m.tint.alpha) / 255
        switch alpha {
        case ..<0.45: thickness = .ultraThin
        case ..<0.62: thickness = .thin
        case ..<0.8: thickness = .regular
        default: thickness = .thick
        }
    }

    /// SwiftUI's `Material`: `.thinMaterial`; the chrome material is SwiftUI's `.bar`.
    var swiftUI: String { thickness == .chrome ? ".bar" : ".\(thickness.rawValue)Material" }

    /// UIKit's `UIBlurEffect.Style`: `.systemThinMaterial` for a named material (it adapts to the appearance),
    /// `.systemThinMaterialDark` for the nearest to raw values.
    var uiKit: String {
        // UIKit names the regular material plainly: `.systemMaterialDark`.
        let name = thickness == .regular ? "" : thickness.rawValue.prefix(1).uppercased() + thickness.rawValue.dropFirst()
        return ".system\(name)Material" + (exact ? "" : dark ? "Dark" : "Light")
    }

    /// How it reads in a diff: "the system's thin material, dark".
    var phrase: String { "the system's \(thickness.rawValue) material" + (exact ? "" : dark ? ", dark" : ", light") }

    /// The config material in words, for a diff.
    static func describe(_ m: MaterialConfig) -> String {
        if let name = m.name { return "\"\(name.rawValue)\"" }
        return "blur \(Fmt.n(m.blur)) pt, tint \(m.tint.hex), saturation \(Fmt.n(m.saturation))"
    }
}

/// The iOS version a generated file states it needs, and `if #available` around an API newer than that.
/// Versions are Apple's availability for each API (the stubs in Tests/ExportStubs carry the same `@available`).
struct IOSFloor: Sendable {
    var minimum: Double

    static func text(_ v: Double) -> String { String(format: "%.1f", v) }

    /// `body` as it is when `version` is at most the minimum; else inside `if #available(iOS version, *)`, with
    /// `otherwise` in its `else`.
    func guarded(_ version: Double, indent: String, _ body: [String], otherwise: [String] = []) -> [String] {
        if version <= minimum { return body.map { indent + $0 } }
        var out = ["\(indent)if #available(iOS \(Self.text(version)), *) {"] + body.map { indent + "    " + $0 }
        if !otherwise.isEmpty { out += ["\(indent)} else {"] + otherwise.map { indent + "    " + $0 } }
        return out + ["\(indent)}"]
    }
}
