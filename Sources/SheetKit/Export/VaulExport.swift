/// A web drawer with vaul 1.x: `Drawer.Root` with snap points, the overlay's fade, and CSS for corners, blur and grabber.
struct VaulExport {
    var model: ExportModel

    /// A snap point: a fixed height in px, or a fraction of the viewport's height for the detents that scale with it.
    func snapPoint(_ d: ExportModel.Detent) -> String {
        switch d.kind {
        case .height, .fit: return "'\(Fmt.n(d.height))px'"
        case .large, .medium, .fraction: return Fmt.n(d.height / model.canvas.height)
        }
    }

    /// A single `fit` detent is vaul's own behaviour without snap points: the drawer is as tall as its content.
    var usesSnapPoints: Bool { !(model.detents.count == 1 && model.detents[0].kind == .fit) }

    func lines(diff: inout CapabilityDiff) -> [String] {
        let sheet = model.sheet
        let modal = model.dims
        var out = ["import { useState, type CSSProperties } from 'react';", "import { Drawer } from 'vaul';", ""]
        if usesSnapPoints {
            out.append("// Fractions of the viewport's height, or px from its bottom edge (\(model.deviceName): \(Fmt.n(model.canvas.height)) pt tall).")
            out.append("const snapPoints: (number | string)[] = [\(model.detents.map { snapPoint($0) }.joined(separator: ", "))];")
            out.append("")
        }
        out += ["export default function SheetDrawer() {",
                "  const [open, setOpen] = useState(\(sheet.presented));"]
        if usesSnapPoints {
            out.append("  const [snap, setSnap] = useState<number | string | null>(\(snapPoint(model.initial)));")
        }
        out += ["", "  return (", "    <Drawer.Root", "      open={open}", "      onOpenChange={setOpen}"]
        if usesSnapPoints {
            out += ["      snapPoints={snapPoints}", "      activeSnapPoint={snap}", "      setActiveSnapPoint={setSnap}"]
            if modal { out.append("      fadeFromIndex={\(model.largestUndimmed.map { model.index(of: $0) + 1 } ?? 0)}") }
        }
        out.append("      dismissible={\(sheet.dismissible)}")
        out.append("      modal={\(modal)}")
        out.append("      shouldScaleBackground={\(model.backgroundRecedes)}")
        out += ["    >",
                "      <Drawer.Trigger>Show sheet</Drawer.Trigger>",
                "      <Drawer.Portal>"]
        if modal { out.append("        <Drawer.Overlay style={overlayStyle} />") }
        out.append("        <Drawer.Content style={contentStyle}>")
        if sheet.grabber.visible { out.append("          <Drawer.Handle style={handleStyle} />") }
        out.append("          <Drawer.Title style={titleStyle}>\(jsxText(model.title))</Drawer.Title>")
        for element in sheet.content {
            if case .button(let b) = element, case .select(let id) = b.action, let d = model.detents.first(where: { $0.id == id }),
               usesSnapPoints {
                out.append("          <button type=\"button\" onClick={() => setSnap(\(snapPoint(d)))}>\(jsxText(b.title))</button>")
            }
        }
        if model.hasDismissButton { out.append("          <Drawer.Close>Dismiss</Drawer.Close>") }
        out += ["        </Drawer.Content>", "      </Drawer.Portal>", "    </Drawer.Root>", "  );", "}", ""]
        out += styles()
        losses(&diff)
        return out
    }

    func jsxText(_ s: String) -> String {
        s.contains(where: { "{}<>".contains($0) }) ? "{\(Fmt.quoted(s))}" : s
    }

    func styles() -> [String] {
        let sheet = model.sheet
        var out: [String] = []
        if model.dims {
            out += ["const overlayStyle: CSSProperties = {",
                    "  position: 'fixed',",
                    "  inset: 0,",
                    "  backgroundColor: '\(ExportColor.css(ExportColor.scaled(sheet.dimming.color, by: sheet.dimming.opacity)))',",
                    "};", ""]
        }
        out += ["const contentStyle: CSSProperties = {",
                "  position: 'fixed',",
                "  left: 0,",
                "  right: 0,",
                "  bottom: 0,",
                "  display: 'flex',",
                "  flexDirection: 'column',",
                "  height: '100%',",
                "  maxHeight: '\(Fmt.n(model.canvas.maxSheetHeight / model.canvas.height * 100))%',"]
        if !usesSnapPoints { out.removeLast(2); out.append("  maxHeight: '\(Fmt.n(model.canvas.maxSheetHeight / model.canvas.height * 100))%',") }
        out.append("  borderTopLeftRadius: \(Fmt.n(sheet.cornerRadius)),")
        out.append("  borderTopRightRadius: \(Fmt.n(sheet.cornerRadius)),")
        switch model.background {
        case .fill(let c):
            out.append("  backgroundColor: '\(ExportColor.css(c))',")
        case .material(let m):
            out.append("  backgroundColor: '\(ExportColor.css(m.tint))',")
            // CSS blur() takes the Gaussian's standard deviation, as the config's blur does.
            out.append("  backdropFilter: 'blur(\(Fmt.n(m.blur))px) saturate(\(Fmt.n(m.saturation)))',")
        }
        if let s = sheet.shadow {
            out.append("  boxShadow: '0 \(Fmt.n(s.y))px \(Fmt.n(s.radius))px \(ExportColor.css(s.color))',")
        }
        out += ["  outline: 'none',", "};", ""]
        let g = sheet.grabber
        if g.visible {
            out += ["const handleStyle: CSSProperties = {",
                    "  width: \(Fmt.n(g.width)),",
                    "  height: \(Fmt.n(g.height)),",
                    "  marginTop: \(Fmt.n(g.top)),",
                    "  borderRadius: \(Fmt.n(g.height / 2)),",
                    "  backgroundColor: '\(ExportColor.css(model.grabberColor))',",
                    "};", ""]
        }
        out += ["const titleStyle: CSSProperties = {", "  margin: 16,", "  color: '\(ExportColor.css(model.titleColor))',", "  fontSize: 22,", "  fontWeight: 600,", "};"]
        return out
    }

    func losses(_ diff: inout CapabilityDiff) {
        let sheet = model.sheet
        let m = sheet.motion
        if usesSnapPoints {
            for d in model.detents where d.kind == .fit {
                diff.lose(model.keyPath(of: d), "fit", "a fixed snap point of the height SheetLab measured (\(Fmt.n(d.height)) px); "
                          + "vaul sizes to content only without snap points")
            }
        }
        if m.feel != .vaul || m.setsCurve {
            diff.lose("sheet.motion", MotionText.describe(m), "vaul's own release rule and its 0.5 s cubic-bezier(0.32, 0.72, 0, 1) transition")
        }
        if sheet.cornerStyle == .continuous {
            diff.lose("sheet.cornerStyle", "continuous", "CSS border-radius draws circular corners")
        }
        if sheet.style == .glass {
            diff.lose("sheet.style", "glass", "an edge-attached drawer with rounded top corners; no floating inset")
        }
        if let u = model.largestUndimmed, model.dims {
            diff.lose("sheet.dimming.largestUndimmedDetent", u.id, "vaul's modal is one value: the page does not take taps at any snap point")
        }
        if model.dims && sheet.dismissible && !sheet.tapOutsideToDismiss {
            diff.lose("sheet.tapOutsideToDismiss", "false", "a click on the overlay closes a dismissible drawer")
        }
        if !sheet.scrollingExpandsSheet {
            diff.lose("sheet.scrollingExpandsSheet", "false", "dragging scrollable content moves the drawer until the last snap point")
        }
        if sheet.transition == .slideAndFade {
            diff.lose("sheet.transition", "slideAndFade", "the drawer slides in without fading")
        }
        if !sheet.edgeAttachedInCompactHeight {
            diff.lose("sheet.edgeAttachedInCompactHeight", "false", "in landscape the drawer stays a bottom drawer instead of going full screen")
        } else if sheet.widthFollowsPreferredContentSize {
            diff.lose("sheet.widthFollowsPreferredContentSize", "true", "the drawer spans the viewport's width")
        }
    }
}
