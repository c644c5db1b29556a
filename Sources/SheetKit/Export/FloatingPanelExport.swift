import Foundation

/// A `FloatingPanelController` with a `FloatingPanelLayout` and a `FloatingPanelBehavior` (scenee/FloatingPanel 3.x).
struct FloatingPanelExport {
    var model: ExportModel

    /// Each detent's state: the largest is `.full`, the smallest `.tip` and a middle one `.half`, as FloatingPanel
    /// names them; any others get states of their own, ordered by height.
    var states: [(detent: ExportModel.Detent, state: String, custom: Int?)] {
        let d = model.detents
        let n = d.count
        // A lone `medium` detent is FloatingPanel's half state; any other lone detent is full.
        var named: [Int: String] = [n - 1: n == 1 && d[0].kind == .medium ? ".half" : ".full"]
        if n >= 2 { named[0] = ".tip" }
        if n >= 3 { named[d.firstIndex { $0.kind == .medium } ?? n / 2] = ".half" }
        if n == 2 { named[0] = ".half" }
        let M = model.canvas.maxSheetHeight
        return d.enumerated().map { i, detent in
            if let s = named[i] { return (detent, s, nil) }
            return (detent, "." + detent.identifier, 101 + Int((detent.height / max(M, 1) * 898).rounded()))
        }
    }

    func state(_ d: ExportModel.Detent) -> String { states.first { $0.detent == d }!.state }

    func anchor(_ d: ExportModel.Detent) -> String {
        switch d.kind {
        case _ where d.height >= model.canvas.maxSheetHeight:
            return "FloatingPanelLayoutAnchor(absoluteInset: 10, edge: .top, referenceGuide: .safeArea)"
        case .fit:
            return "FloatingPanelIntrinsicLayoutAnchor(absoluteOffset: 0, referenceGuide: .safeArea)"
        default:
            return "FloatingPanelLayoutAnchor(absoluteInset: \(Fmt.n(d.height)), edge: .bottom, referenceGuide: .superview)"
        }
    }

    func lines(diff: inout CapabilityDiff) -> [String] {
        let sheet = model.sheet
        var out = ["import UIKit", "import FloatingPanel", ""]
        let custom = states.filter { $0.custom != nil }
        if !custom.isEmpty {
            out.append("extension FloatingPanelState {")
            for s in custom {
                out.append("    static let \(s.detent.identifier) = FloatingPanelState(rawValue: \(Fmt.quoted(s.detent.id)), order: \(s.custom!))")
            }
            out += ["}", ""]
        }
        out += ["/// Where the panel rests: heights from the screen's bottom edge on \(model.deviceName); `large` sits 10 pt below the "
                + "top safe area.",
                "final class SheetPanelLayout: FloatingPanelLayout {",
                "    let position: FloatingPanelPosition = .bottom",
                "    let initialState: FloatingPanelState = \(state(model.initial))",
                "    let anchors: [FloatingPanelState: FloatingPanelLayoutAnchoring] = ["]
        for s in states.reversed() {
            out.append("        \(s.state): \(anchor(s.detent)), // \(Fmt.quoted(s.detent.id)), \(Fmt.n(s.detent.height)) pt")
        }
        out += ["    ]", ""]
        // The backdrop is interpolated linearly between states, as SheetLab's dimming rises between the undimmed
        // detent and the next.
        out += ["    func backdropAlpha(for state: FloatingPanelState) -> CGFloat {"]
        let dimmed = states.filter { s in model.largestUndimmed.map { s.detent.height > $0.height } ?? true }
        if dimmed.isEmpty {
            out.append("        0")
        } else {
            out += ["        switch state {",
                    "        case \(dimmed.map(\.state).joined(separator: ", ")): return \(Fmt.n(sheet.dimming.opacity))",
                    "        default: return 0",
                    "        }"]
        }
        out += ["    }", "}", ""]
        out += behavior(diff: &diff)
        out += controller()
        out += UIKitExport(model: model).content(
            background: { if case .material = model.background { return model.background } else { return nil } }(),
            select: { "(self?.parent as? FloatingPanelController)?.move(to: \(state($0)), animated: true)" },
            dismiss: "(self?.parent as? FloatingPanelController)?.removePanelFromParent(animated: true)",
            selectHelper: [])
        losses(&diff)
        return out
    }

    func behavior(diff: inout CapabilityDiff) -> [String] {
        let m = model.sheet.motion
        var response = FloatingPanelFeel.response
        var zeta = 1.0
        if m.feel != .floatingpanel || m.setsCurve {
            switch model.motion {
            case .spring(let r, let z):
                response = r; zeta = z
                if z != 1 {
                    diff.lose("sheet.motion.dampingRatio", Fmt.n(z), "FloatingPanel uses it only for releases faster than 300 pt/s; "
                              + "slower ones settle critically damped")
                }
            case .curve(let name, let duration, _):
                response = duration
                diff.lose("sheet.motion.curve", "\(name.rawValue) over \(Fmt.n(duration)) s",
                          "FloatingPanel settles with a spring: response \(Fmt.n(duration)) s, critically damped")
            }
        }
        // NumericSpringAnimator: ζ = ln(rate) / (−2π · (1/T) · 0.001), so rate = exp(−2π · ζ · 0.001 / T).
        let rate = m.feel == .floatingpanel && !m.setsCurve ? FloatingPanelFeel.decelerationRate : exp(-2 * Double.pi * zeta * 0.001 / response)
        let projects = m.feel != .floatingpanel && m.decelerationRate > 0
        var out = ["/// How the panel moves: a spring of response \(Fmt.n(response)) s and damping ratio \(Fmt.n(zeta)) for fast releases.",
                   "final class SheetPanelBehavior: FloatingPanelBehavior {",
                   "    let springDecelerationRate: CGFloat = \(Fmt.n(rate))",
                   "    let springResponseTime: CGFloat = \(Fmt.n(response))"]
        if projects {
            out += ["    let momentumProjectionRate: CGFloat = \(Fmt.n(m.decelerationRate))",
                    "",
                    "    func shouldProjectMomentum(_ fpc: FloatingPanelController, to proposedState: FloatingPanelState) -> Bool {",
                    "        true",
                    "    }"]
        }
        out += ["",
                "    func allowsRubberBanding(for edge: UIRectEdge) -> Bool {",
                model.sheet.dismissible ? "        edge == .top" : "        true",
                "    }",
                "}", ""]
        return out
    }

    func controller() -> [String] {
        let sheet = model.sheet
        var out = ["final class SheetHostViewController: UIViewController {",
                   "    let panel = FloatingPanelController()",
                   "",
                   "    override func viewDidLoad() {",
                   "        super.viewDidLoad()",
                   "        panel.layout = SheetPanelLayout()",
                   "        panel.behavior = SheetPanelBehavior()",
                   "        panel.isRemovalInteractionEnabled = \(sheet.dismissible)",
                   "        panel.backdropView.dismissalTapGestureRecognizer.isEnabled = \(sheet.dismissible && sheet.tapOutsideToDismiss && model.dims)"]
        if sheet.dimming.color != .black && model.dims {
            out.append("        panel.backdropView.backgroundColor = \(ExportColor.uiKit(sheet.dimming.color))")
        }
        out += ["",
                "        let appearance = SurfaceAppearance()",
                "        appearance.cornerRadius = \(Fmt.n(sheet.cornerRadius))",
                "        appearance.cornerCurve = .\(sheet.cornerStyle.rawValue)"]
        if case .fill(let c) = model.background {
            out.append("        appearance.backgroundColor = \(ExportColor.uiKit(c))")
        } else {
            out.append("        appearance.backgroundColor = .clear")
        }
        if let s = sheet.shadow {
            var opaque = s.color
            opaque.alpha = 255
            out += ["        let shadow = SurfaceAppearance.Shadow()",
                    "        shadow.color = \(ExportColor.uiKit(opaque))",
                    "        shadow.opacity = \(Fmt.n(Double(s.color.alpha) / 255))",
                    "        shadow.radius = \(Fmt.n(s.radius))",
                    "        shadow.offset = CGSize(width: 0, height: \(Fmt.n(s.y)))",
                    "        appearance.shadows = [shadow]"]
        } else {
            out.append("        appearance.shadows = []")
        }
        out.append("        panel.surfaceView.appearance = appearance")
        let g = sheet.grabber
        if g.visible {
            out += ["        panel.surfaceView.grabberHandleSize = CGSize(width: \(Fmt.n(g.width)), height: \(Fmt.n(g.height)))",
                    "        panel.surfaceView.grabberHandlePadding = \(Fmt.n(g.top))",
                    "        panel.surfaceView.grabberHandle.barColor = \(ExportColor.uiKit(model.grabberColor))"]
        } else {
            out.append("        panel.surfaceView.grabberHandle.isHidden = true")
        }
        out += ["",
                "        panel.set(contentViewController: SheetContentViewController())"]
        if sheet.presented {
            out.append("        panel.addPanel(toParent: self)")
        } else {
            out.append("        // The sheet starts dismissed: call `panel.addPanel(toParent: self, animated: true)` to show it.")
        }
        out += ["    }", "}", ""]
        return out
    }

    func losses(_ diff: inout CapabilityDiff) {
        let sheet = model.sheet
        let m = sheet.motion
        for d in model.detents where d.kind == .fit {
            diff.lose(model.keyPath(of: d), "fit", "FloatingPanelIntrinsicLayoutAnchor follows the content but is not capped at the large height")
        }
        if m.feel != .floatingpanel {
            diff.lose("sheet.motion.feel", m.feel.rawValue, "FloatingPanel's own release rule (redirectional progress 0.5, removal at 5.5/s)"
                      + (m.decelerationRate > 0 ? " with momentum projection at \(Fmt.n(m.decelerationRate))" : ""))
        }
        if m.rubberBand != MotionConfig().rubberBand {
            diff.lose("sheet.motion.rubberBand", Fmt.n(m.rubberBand), "FloatingPanel's fixed rubber band")
        }
        if case .material(let mat) = model.background, mat.name == nil {
            diff.lose("sheet.material", SystemMaterial.describe(mat), "a UIVisualEffectView with \(SystemMaterial(mat).phrase)")
        }
        if sheet.style == .glass {
            diff.lose("sheet.style", "glass", "an edge-attached panel with top corners of radius \(Fmt.n(sheet.cornerRadius)); no floating inset")
        }
        if sheet.transition == .slideAndFade {
            diff.lose("sheet.transition", "slideAndFade", "the panel slides in without fading")
        }
        if model.backgroundRecedes {
            diff.lose("sheet.backgroundRecedes", "true", "the view behind the panel does not recede")
        }
        if !sheet.scrollingExpandsSheet {
            diff.lose("sheet.scrollingExpandsSheet", "false", "a scroll view passed to track(scrollView:) moves the panel until full")
        }
        if !sheet.edgeAttachedInCompactHeight {
            diff.lose("sheet.edgeAttachedInCompactHeight", "false", "in compact height the panel stays a bottom panel instead of going full screen")
        } else if sheet.widthFollowsPreferredContentSize {
            diff.lose("sheet.widthFollowsPreferredContentSize", "true", "the panel spans the safe area's width")
        }
    }
}
