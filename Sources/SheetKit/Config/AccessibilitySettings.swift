/// The iOS settings a config is drawn under: the ones in Settings › Accessibility and Display & Brightness that
/// change how a sheet looks or moves. Every one defaults to what a phone ships with, so a config without
/// `settings` draws as it always did.
public struct AccessibilitySettings: Sendable, Equatable, Hashable, Codable {
    /// Dynamic Type: Settings › Accessibility › Display & Text Size › Larger Text. Default `large`.
    public var textSize: TextSizeCategory = .large
    /// Accessibility › Display & Text Size › Bold Text: text one weight heavier.
    public var boldText = false
    /// Accessibility › Display & Text Size › Reduce Transparency: materials and glass drawn opaque.
    public var reduceTransparency = false
    /// Accessibility › Display & Text Size › Increase Contrast: higher-contrast separators, grabber, borders, glass edge.
    public var increaseContrast = false
    /// Accessibility › Motion › Reduce Motion.
    public var reduceMotion = false
    /// Display & Brightness › Liquid Glass (iOS 26.1): clear (default) or tinted.
    public var liquidGlass: LiquidGlassChoice = .clear

    public init(textSize: TextSizeCategory = .large, boldText: Bool = false, reduceTransparency: Bool = false,
                increaseContrast: Bool = false, reduceMotion: Bool = false, liquidGlass: LiquidGlassChoice = .clear) {
        self.textSize = textSize
        self.boldText = boldText
        self.reduceTransparency = reduceTransparency
        self.increaseContrast = increaseContrast
        self.reduceMotion = reduceMotion
        self.liquidGlass = liquidGlass
    }

    /// The phone's defaults.
    public static let standard = AccessibilitySettings()

    /// Whether any setting differs from the phone's default.
    public var isStandard: Bool { self == .standard }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case textSize, boldText, reduceTransparency, increaseContrast, reduceMotion, liquidGlass
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        textSize = try c.choice(.textSize, or: textSize, listingAll: true)
        boldText = try c.value(.boldText, or: boldText)
        reduceTransparency = try c.value(.reduceTransparency, or: reduceTransparency)
        increaseContrast = try c.value(.increaseContrast, or: increaseContrast)
        reduceMotion = try c.value(.reduceMotion, or: reduceMotion)
        liquidGlass = try c.choice(.liquidGlass, or: liquidGlass, listingAll: true)
    }

    /// The settings that differ from the phone's default, in key order, each with its full label for the HUD
    /// ("Text AX3", "Bold Text", …) and its short one for the badge ("AX3", "Bold", …).
    private var changed: [(label: String, short: String)] {
        var out: [(String, String)] = []
        if textSize != .large { out.append(("Text \(textSize.rawValue)", textSize.rawValue)) }
        if boldText { out.append(("Bold Text", "Bold")) }
        if reduceTransparency { out.append(("Reduce Transparency", "No Transparency")) }
        if increaseContrast { out.append(("Increase Contrast", "Contrast")) }
        if reduceMotion { out.append(("Reduce Motion", "Reduce Motion")) }
        if liquidGlass != .clear { out.append(("Tinted Glass", "Tinted")) }
        return out
    }

    /// The settings that differ from the phone's default, as labels in key order ("Text AX3", "Bold Text", …), for
    /// the window's HUD.
    public var labels: [String] { changed.map(\.label) }

    /// The window's badge while any setting is not the phone's default: short names, so that it fits a phone's
    /// width ("AX3 · Bold · No Transparency").
    public var badge: String { changed.map(\.short).joined(separator: " · ") }
}

/// The twelve Dynamic Type size categories, smallest first, named as `UIContentSizeCategory` /
/// SwiftUI's `DynamicTypeSize` order them: seven standard sizes, then five accessibility sizes.
public enum TextSizeCategory: String, Sendable, CaseIterable, Codable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case ax1 = "AX1", ax2 = "AX2", ax3 = "AX3", ax4 = "AX4", ax5 = "AX5"

    /// Position in the order above: 0 for `xSmall`, 3 for the default `large`, 11 for `AX5`.
    public var index: Int { Self.allCases.firstIndex(of: self)! }

    /// One of the five accessibility sizes (Larger Accessibility Sizes on).
    public var isAccessibility: Bool { index >= TextSizeCategory.ax1.index }

    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }

    /// SwiftUI's name for this size: `DynamicTypeSize.accessibility3` and so on.
    public var swiftUIName: String {
        switch self {
        case .ax1: "accessibility1"
        case .ax2: "accessibility2"
        case .ax3: "accessibility3"
        case .ax4: "accessibility4"
        case .ax5: "accessibility5"
        default: rawValue
        }
    }

    /// UIKit's name: `UIContentSizeCategory.accessibilityExtraExtraLarge` and so on.
    public var uiKitName: String {
        switch self {
        case .xSmall: "extraSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "extraLarge"
        case .xxLarge: "extraExtraLarge"
        case .xxxLarge: "extraExtraExtraLarge"
        case .ax1: "accessibilityMedium"
        case .ax2: "accessibilityLarge"
        case .ax3: "accessibilityExtraLarge"
        case .ax4: "accessibilityExtraExtraLarge"
        case .ax5: "accessibilityExtraExtraExtraLarge"
        }
    }
}

/// iOS 26.1's Display & Brightness › Liquid Glass choice.
public enum LiquidGlassChoice: String, Sendable, CaseIterable, Codable {
    /// The default: the translucent glass of iOS 26.0.
    case clear
    /// More opaque glass, for legibility.
    case tinted
}
