/// What a system sheet (SwiftUI's `.sheet`, UIKit's `UISheetPresentationController`) cannot take from a config:
/// the losses both Apple targets share.
struct SystemSheetLosses {
    var model: ExportModel

    func add(to diff: inout CapabilityDiff) {
        let sheet = model.sheet
        let defaults = SheetConfig()
        let g = sheet.grabber, dg = defaults.grabber
        if g.visible && (g.width != dg.width || g.height != dg.height || g.top != dg.top) {
            diff.lose("sheet.grabber", "\(Fmt.n(g.width))×\(Fmt.n(g.height)) pt, \(Fmt.n(g.top)) pt from the top",
                      "the system grabber keeps its own size and place")
        }
        if g.visible, let color = g.color {
            diff.lose("sheet.grabber.color", color.hex, "the system grabber keeps its own colour")
        }
        if sheet.cornerStyle == .circular {
            diff.lose("sheet.cornerStyle", "circular", "system sheets have continuous corners")
        }
        if sheet.style == .classic {
            diff.lose("sheet.style", "classic", "iOS 26 draws its floating glass sheet; the classic sheet is iOS 16.4–18's")
        }
        if case .material(let m) = model.background, m.name == nil {
            diff.lose("sheet.material", SystemMaterial.describe(m), "\(SystemMaterial(m).phrase), with the system's own blur and tint")
        }
        if sheet.shadow != defaults.shadow {
            diff.lose("sheet.shadow", sheet.shadow.map { "\($0.color.hex), radius \(Fmt.n($0.radius)), y \(Fmt.n($0.y))" } ?? "none",
                      "the system sheet's own shadow")
        }
        if model.dims && (sheet.dimming.color != .black || sheet.dimming.opacity != defaults.dimming.opacity) {
            diff.lose("sheet.dimming", "\(sheet.dimming.color.hex) at \(Fmt.n(sheet.dimming.opacity))", "the system's own dimming")
        }
        if sheet.dismissible && !sheet.tapOutsideToDismiss && model.dims {
            diff.lose("sheet.tapOutsideToDismiss", "false", "a tap on the dimming dismisses the sheet, as a swipe does")
        }
        if !model.usesSystemMotion {
            diff.lose("sheet.motion", MotionText.describe(sheet.motion), "the system sheet's own spring and release rule")
        }
        if sheet.transition == .slideAndFade {
            diff.lose("sheet.transition", "slideAndFade", "the system sheet slides in without fading")
        }
        if model.backgroundRecedes != model.dims {
            diff.lose("sheet.backgroundRecedes", "\(model.backgroundRecedes)",
                      model.dims ? "the presenting view recedes whenever the sheet is dimmed at large"
                                 : "the presenting view stays put while the sheet is undimmed")
        }
    }
}

/// Motion in words and numbers, for diffs and every target's animation config.
enum MotionText {
    static func describe(_ m: MotionConfig) -> String {
        var parts: [String] = []
        switch m.curve {
        case .spring: parts.append("spring, response \(Fmt.n(m.response)) s, damping ratio \(Fmt.n(m.dampingRatio))")
        case .bezier: parts.append("bezier(\(m.bezier.map(Fmt.n).joined(separator: ", "))) over \(Fmt.n(m.duration)) s")
        default: parts.append("\(m.curve.rawValue) over \(Fmt.n(m.duration)) s")
        }
        let d = MotionConfig()
        if m.feel != .uikit { parts.append("feel \(m.feel.rawValue)") }
        if m.decelerationRate != d.decelerationRate { parts.append("decelerationRate \(Fmt.n(m.decelerationRate))") }
        if m.rubberBand != d.rubberBand { parts.append("rubberBand \(Fmt.n(m.rubberBand))") }
        return parts.joined(separator: ", ")
    }

    /// A spring by response T and damping ratio ζ as mass, stiffness and damping, with mass 1:
    /// k = (2π/T)², c = 4πζ/T (WWDC18 "Designing Fluid Interfaces").
    static func physical(response: Double, dampingRatio: Double) -> (mass: Double, stiffness: Double, damping: Double) {
        let omega = 2 * Double.pi / response
        return (1, omega * omega, 4 * Double.pi * dampingRatio / response)
    }
}
