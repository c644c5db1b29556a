import Foundation

/// A `FloatingPanelController` with a `FloatingPanelLayout` and a `FloatingPanelBehavior` (scenee/FloatingPanel 3.x).
struct FloatingPanelExport {
    var model: ExportModel
    /// The prefix of this sheet's types: `Sheet` (`SheetPanelLayout`) for the first sheet, a stacked sheet's name.
    var prefix = "Sheet"
    /// The stacked sheet's id, when `model` is one.
    var id: String? = nil
    /// The first sheet's model, which holds the `sheets` map; nil when `model` is it.
    var root: ExportModel? = nil

    var first: ExportModel { root ?? model }
    /// The content view controller of this sheet.
    var contentType: String { id == nil ? "SheetContentViewController" : prefix + "SheetViewController" }

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
            return "FloatingPanelLayoutAnchor(absoluteInset: \(Fmt.n(model.canvas.largeTopGap)), edge: .top, referenceGuide: .safeArea)"
        case .fit:
            return "FloatingPanelIntrinsicLayoutAnchor(absoluteOffset: 0, referenceGuide: .safeArea)"
        default:
            return "FloatingPanelLayoutAnchor(absoluteInset: \(Fmt.n(d.height)), edge: .bottom, referenceGuide: .superview)"
        }
    }

    /// FloatingPanel 3.2 supports iOS 12 (its Package.swift); the content's buttons use UIAction (iOS 14). iOS 13
    /// APIs (`cornerCurve`, the system materials) go behind `#available` below iOS 13.
    /// A search field is `UISearchTextField` (iOS 13).
    /// Every sheet of the file counts, stacked ones too.
    var floor: IOSFloor {
        let all = [first] + first.stacked.map(\.model)
        return IOSFloor(minimum: all.contains(where: \.hasContentButtons) ? 14 : all.contains(where: \.hasSearchField) ? 13 : 12)
    }

    var requirement: String {
        (floor.minimum >= 14 ? "iOS 14.0 (UIAction for the content's buttons)"
            : floor.minimum >= 13 ? "iOS 13.0 (UISearchTextField for the search field)" : "iOS 12.0 (iOS 13 APIs behind #available)")
            + "; FloatingPanel 3.2 (SPM: https://github.com/scenee/FloatingPanel; it supports iOS 12)"
    }

    func lines() -> [String] {
        var out = ["import UIKit", "import FloatingPanel", ""]
        out += sheetLines()
        for s in model.stacked {
            out += [""] + FloatingPanelExport(model: s.model, prefix: s.name, id: s.id, root: model).sheetLines()
        }
        return out
    }

    /// This sheet's states, layout, behaviour, (for the first sheet) the host controller, and its content controller.
    func sheetLines() -> [String] {
        var out: [String] = []
        let custom = states.filter { $0.custom != nil }
        if !custom.isEmpty {
            // FloatingPanelState is an NSObject subclass that is not Sendable, compared by identity: each state is
            // created once, and never mutated (its rawValue and order are lets).
            out.append("extension FloatingPanelState {")
            for s in custom {
                out.append("    nonisolated(unsafe) static let \(s.detent.identifier) = FloatingPanelState(rawValue: \(ExportEscaping.swiftString(s.detent.id)), order: \(s.custom!))")
            }
            out += ["}", ""]
        }
        out += [(id.map { "/// Where the panel of \(ExportEscaping.quotedInComment($0)) rests" } ?? "/// Where the panel rests")
                + ": heights from the screen's bottom edge on \(ExportEscaping.lineComment(model.deviceName)); `large` sits 10 pt below the "
                + "top safe area.",
                "final class \(prefix)PanelLayout: FloatingPanelLayout {",
                "    let position: FloatingPanelPosition = .bottom",
                "    let initialState: FloatingPanelState = \(state(model.initial))",
                "    let anchors: [FloatingPanelState: FloatingPanelLayoutAnchoring] = ["]
        for s in states.reversed() {
            out.append("        \(s.state): \(anchor(s.detent)), // \(ExportEscaping.quotedInComment(s.detent.id)), \(Fmt.n(s.detent.height)) pt")
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
                    "        case \(dimmed.map(\.state).joined(separator: ", ")): return \(Fmt.n(model.dimmingOpacity))",
                    "        default: return 0",
                    "        }"]
        }
        out += ["    }", "}", ""]
        out += behavior()
        if id == nil { out += controller() }
        out += UIKitExport(model: model, type: contentType, id: id, root: root).content(
            background: { if case .material = model.background { return model.background } else { return nil } }(), floor: floor,
            select: { "(self?.parent as? FloatingPanelController)?.move(to: \(state($0)), animated: true)" },
            dismiss: "(self?.parent as? FloatingPanelController)?.removePanelFromParent(animated: true)",
            selectHelper: [], beginEditing: beginEditing,
            present: { "self?.present\($0.name)()" }, presentHelpers: presentMethods)
        return out
    }

    /// The methods that present each sheet this one presents: a FloatingPanelController of its own, with its own
    /// layout and behaviour, added to the same parent over this sheet's panel (this controller's parent).
    var presentMethods: [String] {
        var out: [String] = []
        for s in first.presented(by: model) {
            let e = FloatingPanelExport(model: s.model, prefix: s.name, id: s.id, root: first)
            out += ["",
                    "    /// Presents \(ExportEscaping.quotedInComment(s.id)) over this sheet: a second panel, added to the parent of this sheet's panel.",
                    "    func present\(s.name)() {",
                    "        guard let panel = parent as? FloatingPanelController, let host = panel.parent else { return }",
                    "        let stacked = FloatingPanelController()"]
            out += e.panelSetup(panel: "stacked")
            out += ["", "        stacked.set(contentViewController: \(e.contentType)())"]
            out += SettingsExport(settings: s.model.settings).uiKitTraitOverrides(
                owner: "stacked", floor: floor, indent: "        ", fallback: { "host.setOverrideTraitCollection(\($0), forChild: stacked)" })
            out.append("        stacked.addPanel(toParent: host, animated: true)")
            switch s.behavior {
            case .replace:
                out += ["        // stackBehavior replace: the panel below is dismissed for good.",
                        "        panel.removePanelFromParent(animated: true)"]
            case .push:
                out.append("        // stackBehavior push: the panel below stays where it is.")
            case .system, .switch, .nested:
                out.append("        // stackBehavior \(s.behavior.rawValue): FloatingPanel leaves the panel below where it is (see the capability diff).")
            }
            out.append("    }")
        }
        return out
    }

    /// FloatingPanel has no keyboard handling (no `keyboard` in its Sources): for any behaviour but `none`, the panel
    /// moves to its largest state when a field begins editing, as its Maps example does
    /// (`searchBarTextDidBeginEditing` → `fpc.move(to: .full, animated: true)`, Examples/Maps/Maps/MainViewController.swift).
    var beginEditing: [String]? {
        guard model.keyboardBehavior != .none else { return nil }
        return ["// FloatingPanel does not follow the keyboard: as its Maps example does, the panel moves to its largest state.",
                "(parent as? FloatingPanelController)?.move(to: \(state(model.largest)), animated: true)"]
    }

    func behavior() -> [String] {
        let m = model.sheet.motion
        // The floatingpanel feel's knobs are the behaviour's own parameters (`FloatingPanelFeel.Behavior`, the engine's
        // owner too); a timing curve, which FloatingPanel cannot run, and another feel's spring become the spring
        // nearest them.
        var b = FloatingPanelFeel.Behavior(m)
        var zeta = 1.0
        let own = m.feel == .floatingpanel && m.curve == .spring
        if !own {
            switch model.motion {
            case .spring(let r, let z):
                b.springResponseTime = r; zeta = z
            case .curve(_, let duration, _):
                b.springResponseTime = duration
            }
            b.springDecelerationRate = FloatingPanelFeel.decelerationRate(dampingRatio: zeta, response: b.springResponseTime)
        } else {
            zeta = FloatingPanelFeel.dampingRatio(speed: .infinity, response: b.springResponseTime, decelerationRate: b.springDecelerationRate)
        }
        let projects = m.feel != .floatingpanel && m.decelerationRate > 0
        var out = ["/// How the panel moves: a spring of response \(Fmt.n(b.springResponseTime)) s and damping ratio \(Fmt.n(zeta)) for fast releases.",
                   "final class \(prefix)PanelBehavior: FloatingPanelBehavior {",
                   "    let springDecelerationRate: CGFloat = \(Fmt.n(b.springDecelerationRate))",
                   "    let springResponseTime: CGFloat = \(Fmt.n(b.springResponseTime))"]
        if projects {
            out += ["    let momentumProjectionRate: CGFloat = \(Fmt.n(m.decelerationRate))",
                    "",
                    "    func shouldProjectMomentum(_ fpc: FloatingPanelController, to proposedState: FloatingPanelState) -> Bool {",
                    "        true",
                    "    }"]
        } else if m.feel == .floatingpanel && b.momentumProjectionRate != FloatingPanelFeel.projectionRate {
            // The release's projection (`Core.targetState`), still trimmed to one state on.
            out += ["    let momentumProjectionRate: CGFloat = \(Fmt.n(b.momentumProjectionRate))"]
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
                   "        super.viewDidLoad()"]
        out += panelSetup(panel: "panel")
        out += ["",
                "        panel.set(contentViewController: SheetContentViewController())"]
        // The panel is this controller's child: its surface and content inherit the traits set on it.
        out += SettingsExport(settings: model.settings).uiKitTraitOverrides(
            owner: "panel", floor: floor, indent: "        ", fallback: { "setOverrideTraitCollection(\($0), forChild: panel)" })
        if sheet.presented {
            out.append("        panel.addPanel(toParent: self)")
        } else {
            out.append("        // The sheet starts dismissed: call `panel.addPanel(toParent: self, animated: true)` to show it.")
        }
        out += ["    }", "}", ""]
        return out
    }

    /// The lines that set up the FloatingPanelController in the local `panel`: layout, behaviour, backdrop, surface
    /// and grabber.
    func panelSetup(panel: String) -> [String] {
        let sheet = model.sheet
        var out = ["        panel.layout = \(prefix)PanelLayout()",
                   "        panel.behavior = \(prefix)PanelBehavior()",
                   "        panel.isRemovalInteractionEnabled = \(sheet.dismissible)",
                   "        panel.backdropView.dismissalTapGestureRecognizer.isEnabled = \(sheet.dismissible && sheet.tapOutsideToDismiss && model.dims)"]
        if sheet.dimming.color != .black && model.dims {
            out.append("        panel.backdropView.backgroundColor = \(ExportColor.uiKit(sheet.dimming.color))")
        }
        out += ["",
                "        let appearance = SurfaceAppearance()",
                "        appearance.cornerRadius = \(Fmt.n(model.cornerRadius))",
                ]
        // SurfaceAppearance.cornerCurve is iOS 13 (FloatingPanel's SurfaceView.swift: `@available(iOS 13.0, *)`).
        out += floor.guarded(13, indent: "        ", ["appearance.cornerCurve = .\(sheet.cornerStyle.rawValue)"])
        if case .fill(let c) = model.background {
            out.append("        appearance.backgroundColor = \(ExportColor.uiKit(c))")
        } else {
            out.append("        appearance.backgroundColor = .clear")
        }
        if let s = sheet.shadow {
            out += ["        let shadow = SurfaceAppearance.Shadow()",
                    "        shadow.color = \(ExportColor.uiKit(s.opaqueColor))",
                    "        shadow.opacity = \(Fmt.n(s.opacity))",
                    "        shadow.radius = \(Fmt.n(s.radius))",
                    "        shadow.offset = CGSize(width: 0, height: \(Fmt.n(s.y)))",
                    "        appearance.shadows = [shadow]"]
        } else {
            out.append("        appearance.shadows = []")
        }
        out.append("        panel.surfaceView.appearance = appearance")
        if model.floats {
            // Glass floats inset from the screen's edges; with a bottom margin FloatingPanel rounds all four corners.
            let i = Fmt.n(model.floatingInset)
            out.append("        panel.surfaceView.containerMargins = UIEdgeInsets(top: 0, left: \(i), bottom: \(i), right: \(i))")
        }
        let g = sheet.grabber
        if g.visible {
            out += ["        panel.surfaceView.grabberHandleSize = CGSize(width: \(Fmt.n(g.width)), height: \(Fmt.n(g.height)))",
                    "        panel.surfaceView.grabberHandlePadding = \(Fmt.n(g.top))"]
            let color = model.grabberColor
            if color.alpha < 255 {
                // Increase Contrast: the system's grabber gains contrast; this one turns opaque, as a dynamic colour that
                // follows the contrast trait (the device's setting, or an override). UIColor(dynamicProvider:) is iOS 13.
                var opaque = color
                opaque.alpha = 255
                out += floor.guarded(13, indent: "        ", [
                    "panel.surfaceView.grabberHandle.barColor = UIColor { traits in",
                    "    traits.accessibilityContrast == .high ? \(ExportColor.uiKit(opaque)) : \(ExportColor.uiKit(color))",
                    "}",
                ], otherwise: ["panel.surfaceView.grabberHandle.barColor = \(ExportColor.uiKit(color))"])
            } else {
                out.append("        panel.surfaceView.grabberHandle.barColor = \(ExportColor.uiKit(color))")
            }
        } else {
            out.append("        panel.surfaceView.grabberHandle.isHidden = true")
        }
        // The same lines for another local: every line begins `        panel.` or a local of its own.
        guard panel != "panel" else { return out }
        return out.map { $0.replacingOccurrences(of: "        panel.", with: "        \(panel).")
            .replacingOccurrences(of: "    panel.", with: "    \(panel).") }
    }
}
