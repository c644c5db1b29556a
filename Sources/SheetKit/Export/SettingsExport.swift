/// The iOS settings (Dynamic Type, Bold Text, Reduce Transparency, Increase Contrast, Reduce Motion, tinted Liquid
/// Glass) in each target's vocabulary: what an app can set for itself, and what only the device's Settings can.
/// The capability table reports what each target cannot follow; this writes the code for what it can.
struct SettingsExport {
    var settings: AccessibilitySettings

    /// What a SwiftUI preview or a UIKit trait override can set: the text size and Bold Text.
    var setsText: Bool { settings.textSize != .large || settings.boldText }

    /// The config's settings that an app can set, as labels ("Text AX3", "Bold Text").
    var settableLabels: [String] {
        var out: [String] = []
        if settings.textSize != .large { out.append("Text \(settings.textSize.rawValue)") }
        if settings.boldText { out.append("Bold Text") }
        return out
    }

    /// The config's settings that only the device can turn on ("Reduce Transparency", …).
    var deviceOnlyLabels: [String] {
        settings.labels.filter { !settableLabels.contains($0) }
    }

    // MARK: - SwiftUI

    /// `#Preview`s of the host view: the config's settings first (when it sets any a preview can), then the default
    /// settings, then the largest accessibility size, where layout breaks first (unless the config's preview is it).
    func swiftUIPreviews(host: String) -> [String] {
        var out = ["// Previews. A preview sets Dynamic Type (`dynamicTypeSize(_:)`, iOS 15) and Bold Text",
                   "// (`EnvironmentValues.legibilityWeight`, settable from iOS 16). It cannot set Reduce Transparency, Increase",
                   "// Contrast or Reduce Motion: SwiftUI's `accessibilityReduceTransparency`, `colorSchemeContrast` and",
                   "// `accessibilityReduceMotion` are get-only. Turn those on in the Simulator (Settings › Accessibility) or in",
                   "// Xcode's Environment Overrides while the app runs: the system sheet, grabber and materials follow them."]
        if setsText {
            out += ["#Preview(\(ExportEscaping.swiftString(settableLabels.joined(separator: ", ")))) {"]
            if !deviceOnlyLabels.isEmpty {
                out.append("    // The config also turns on \(deviceOnlyLabels.joined(separator: ", ")): set \(deviceOnlyLabels.count == 1 ? "it" : "them") on the device (see above).")
            }
            out += swiftUIModifiers(host: host, textSize: settings.textSize, bold: settings.boldText) + ["}", ""]
        } else if !deviceOnlyLabels.isEmpty {
            out.append("// The config turns on \(deviceOnlyLabels.joined(separator: ", ")): set \(deviceOnlyLabels.count == 1 ? "it" : "them") on the device (see above).")
        }
        out += ["#Preview(\"Default settings\") {", "    \(host)()", "}"]
        if !(setsText && settings.textSize == .ax5) {
            out += ["", "#Preview(\"Largest accessibility size (AX5)\") {"]
            out += swiftUIModifiers(host: host, textSize: .ax5, bold: false) + ["}"]
        }
        return out
    }

    func swiftUIModifiers(host: String, textSize: TextSizeCategory, bold: Bool) -> [String] {
        var out = ["    \(host)()"]
        if textSize != .large { out.append("        .dynamicTypeSize(.\(textSize.swiftUIName))") }
        if bold { out.append("        .environment(\\.legibilityWeight, .bold)") }
        return out
    }

    // MARK: - UIKit

    /// What a trait override can set: the text size, Bold Text and the contrast trait.
    var setsTraits: Bool { setsText || settings.increaseContrast }

    /// Trait overrides for the config's settings on `owner` (the sheet's presentation controller, or the panel), which
    /// the sheet's chrome and content inherit; in debug builds only, so that users' own settings apply in release.
    /// iOS 17's `traitOverrides`; before it, `fallback` takes the same traits as one `UITraitCollection`.
    /// Empty when the config sets no trait.
    func uiKitTraitOverrides(owner: String, floor: IOSFloor, indent: String, fallback: (String) -> String) -> [String] {
        guard setsTraits else { return [] }
        var labels = settableLabels
        if settings.increaseContrast { labels.append("Increase Contrast") }
        var modern: [String] = []
        var traits: [String] = []
        var needs13 = false
        if settings.textSize != .large {
            modern.append("\(owner).traitOverrides.preferredContentSizeCategory = .\(settings.textSize.uiKitName)")
            traits.append("UITraitCollection(preferredContentSizeCategory: .\(settings.textSize.uiKitName))")
        }
        if settings.boldText {
            modern.append("\(owner).traitOverrides.legibilityWeight = .bold")
            traits.append("UITraitCollection(legibilityWeight: .bold)")
            needs13 = true
        }
        if settings.increaseContrast {
            modern.append("\(owner).traitOverrides.accessibilityContrast = .high")
            traits.append("UITraitCollection(accessibilityContrast: .high)")
            needs13 = true
        }
        let collection = traits.count == 1 ? traits[0] : "UITraitCollection(traitsFrom: [\n" + traits.map { "    " + $0 + "," }.joined(separator: "\n") + "\n])"
        let earlier = fallback(collection).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let older = needs13 ? floor.guarded(13, indent: "", earlier) : earlier
        let text = "The settings SheetLab drew this sheet under (\(labels.joined(separator: ", "))), in debug builds only; "
            + "release builds follow the user's. "
            + (settings.increaseContrast ? "Increase Contrast here is the trait: dynamic colours take their high-contrast variants. " : "")
            + "Reduce Transparency, Reduce Motion and the device's Increase Contrast cannot be set by an app "
            + "(UIAccessibility's isReduceTransparencyEnabled, isReduceMotionEnabled and isDarkerSystemColorsEnabled are "
            + "read-only): turn them on in the Simulator's Settings › Accessibility."
        var out = ["#if DEBUG"] + Self.wrapped(text, width: 108).map { "// " + $0 }
        out += floor.guarded(17, indent: "", modern, otherwise: older)
        out.append("#endif")
        return out.map { $0.isEmpty ? $0 : indent + $0 }
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
