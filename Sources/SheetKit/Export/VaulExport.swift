/// A web drawer with vaul 1.x: `Drawer.Root` with snap points, the overlay's fade, and CSS for corners, blur and grabber.
struct VaulExport {
    var model: ExportModel
    /// The stacked sheet `model` is, when it is one: a `Drawer.NestedRoot` inside the drawer that presents it.
    var stacked: ExportModel.StackedSheet? = nil
    /// The first sheet's model, which holds the `sheets` map; nil when `model` is it.
    var root: ExportModel? = nil
    var first: ExportModel { root ?? model }

    /// The names of one drawer's values and classes: the first drawer's `snapPoints`, `contentStyle`,
    /// `sheetlab-sheet`; a stacked one's `placeSnapPoints`, `placeContentStyle`, `sheetlab-place-sheet`.
    struct Names {
        var prefix = ""
        var classPrefix = "sheetlab-"
        init() {}
        init(_ s: ExportModel.StackedSheet) { prefix = s.variable; classPrefix = "sheetlab-\(s.name.lowercased())-" }
        func n(_ base: String) -> String { prefix.isEmpty ? base : prefix + base.prefix(1).uppercased() + base.dropFirst() }
        var snapPoints: String { n("snapPoints") }
        var snap: String { n("snap") }
        var setSnap: String { "set" + snap.prefix(1).uppercased() + snap.dropFirst() }
        var sheetClass: String { classPrefix + "sheet" }
        var handleClass: String { classPrefix + "handle" }
    }

    var names: Names { stacked.map(Names.init) ?? Names() }

    /// A snap point: a fixed height in px, or a fraction of the viewport's height for the detents that scale with it.
    func snapPoint(_ d: ExportModel.Detent) -> String {
        switch d.kind {
        case .height, .fit: return "'\(Fmt.n(d.height))px'"
        case .large, .medium, .fraction: return Fmt.n(d.height / model.canvas.height)
        }
    }

    /// A single `fit` detent is vaul's own behaviour without snap points: the drawer is as tall as its content.
    var usesSnapPoints: Bool { !(model.detents.count == 1 && model.detents[0].kind == .fit) }

    /// React 17 for the `react-jsx` runtime the file is written for; vaul 1.1 (its peer range is React 16.8–19).
    var requirement: String {
        "vaul 1.1 (its peer range is React 16.8–19) with React 17+ (the react-jsx runtime) and react-dom"
            + (wrapsPage ? "; render your page as this component's children, inside vaul's background wrapper" : "")
    }

    /// Whether the page behind recedes: vaul scales only the element that carries `data-vaul-drawer-wrapper`
    /// (use-scale-background.ts: `document.querySelector('[data-vaul-drawer-wrapper]')`), so the component wraps the
    /// page it is given in one.
    var wrapsPage: Bool { stacked == nil && model.backgroundRecedes }

    /// A dismissible drawer that a click outside must not close: Radix's DismissableLayer skips the dismissal when
    /// `onPointerDownOutside` prevents the event's default, and vaul's Content calls the prop first.
    var keepsOpenOnOutsideClick: Bool { model.dims && model.sheet.dismissible && !model.sheet.tapOutsideToDismiss }

    func lines() -> [String] {
        let sheet = model.sheet
        let modal = model.dims
        let types = ["type CSSProperties"] + (wrapsPage ? ["type ReactNode"] : [])
        let drawers = [self] + model.stacked.map { VaulExport(model: $0.model, stacked: $0, root: model) }
        var out = ["import { useState, \(types.joined(separator: ", ")) } from 'react';", "import { Drawer } from 'vaul';", ""]
        for d in drawers where d.usesSnapPoints {
            out.append("// \(d.stacked.map { ExportEscaping.quotedInComment($0.id) + ": f" } ?? "F")ractions of the viewport's height, or px from its bottom edge (\(ExportEscaping.lineComment(d.model.deviceName)): \(Fmt.n(d.model.canvas.height)) pt tall).")
            // Each snap point names its detent, as gorhom's do: the id, as a block comment (`ExportEscaping`).
            out.append("const \(d.names.snapPoints): (number | string)[] = [\(d.model.detents.map { "\(d.snapPoint($0)) /* \(ExportEscaping.jsBlockComment($0.id)) */" }.joined(separator: ", "))];")
            out.append("")
        }
        out += [wrapsPage ? "export default function SheetDrawer({ children }: { children?: ReactNode }) {" : "export default function SheetDrawer() {",
                "  const [open, setOpen] = useState(\(sheet.presented));"]
        for d in drawers where d.usesSnapPoints {
            out.append("  const [\(d.names.snap), \(d.names.setSnap)] = useState<number | string | null>(\(d.snapPoint(d.model.initial)));")
        }
        if drawers.contains(where: { $0.model.hasTextField && $0.model.keyboard.dismissOnDrag }) {
            out += ["  // A drag of the drawer hides the keyboard: vaul's onDrag blurs the focused field.",
                    "  const blurFocusedField = () => {",
                    "    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();",
                    "  };"]
        }
        // Inside the wrapper, every line of the drawer is indented two more spaces.
        let pad = wrapsPage ? "  " : ""
        out += ["", "  return ("]
        if wrapsPage {
            out += ["    // vaul scales this element back while the drawer is open (shouldScaleBackground): put the page inside it.",
                    "    <div data-vaul-drawer-wrapper=\"\" style={pageStyle}>",
                    "      {children}"]
        }
        var drawer = ["    <Drawer.Root", "      open={open}", "      onOpenChange={setOpen}"]
        drawer += rootProps(modal: modal)
        drawer += ["    >",
                "      <Drawer.Trigger>Show sheet</Drawer.Trigger>"]
        drawer += portal()
        drawer.append("    </Drawer.Root>")
        out += drawer.map { pad + $0 }
        if wrapsPage { out.append("    </div>") }
        out += ["  );", "}", ""]
        out += styles()
        for d in drawers.dropFirst() { out += [""] + d.styles() }
        return out
    }

    /// The props of this drawer's `Drawer.Root` (or `Drawer.NestedRoot`) after `open`, one a line at 6 spaces.
    func rootProps(modal: Bool) -> [String] {
        let sheet = model.sheet
        var drawer: [String] = []
        if usesSnapPoints {
            drawer += ["      snapPoints={\(names.snapPoints)}", "      activeSnapPoint={\(names.snap)}", "      setActiveSnapPoint={\(names.setSnap)}"]
            if modal { drawer.append("      fadeFromIndex={\(model.largestUndimmed.map { model.index(of: $0) + 1 } ?? 0)}") }
        }
        drawer.append("      dismissible={\(sheet.dismissible)}")
        drawer.append("      modal={\(modal)}")
        // A nested drawer scales the one below it (vaul's nested rule); only the first scales the page.
        if stacked == nil { drawer.append("      shouldScaleBackground={\(model.backgroundRecedes)}") }
        if model.hasTextField {
            // vaul lifts the drawer above the keyboard (repositionInputs); false leaves it to the browser.
            drawer.append("      repositionInputs={\(model.keyboardBehavior != .none)}")
            if model.keyboard.dismissOnDrag { drawer.append("      onDrag={blurFocusedField}") }
        }
        return drawer
    }

    /// The drawer's `Drawer.Portal` and everything in it, at 6 spaces; each drawer it presents is a `Drawer.NestedRoot`
    /// inside its content, opened by a `Drawer.Trigger` for each button or row that presents it.
    func portal() -> [String] {
        let sheet = model.sheet
        let modal = model.dims
        let n = names
        var drawer = ["      <Drawer.Portal>",
                      "        <style>{\(n.n("settingsCss"))}</style>"]
        if modal { drawer.append("        <Drawer.Overlay style={\(n.n("overlayStyle"))} />") }
        let className = "className=\"\(n.sheetClass)\" style={\(n.n("contentStyle"))}"
        drawer.append(keepsOpenOnOutsideClick ? "        <Drawer.Content \(className) onPointerDownOutside={(e) => e.preventDefault()}>"
                                              : "        <Drawer.Content \(className)>")
        if sheet.grabber.visible { drawer.append("          <Drawer.Handle className=\"\(n.handleClass)\" style={\(n.n("handleStyle"))} />") }
        drawer.append("          <Drawer.Title style={\(n.n("titleStyle"))}>\(ExportEscaping.jsxText(model.title))</Drawer.Title>")
        for f in model.textFields {
            var props = ["type=\"\(f.field.style == .search ? "search" : "text")\"", "className=\"sheetlab-field\"", "style={\(n.n("fieldStyle"))}",
                         "placeholder=\(ExportEscaping.jsxAttribute(f.field.placeholder))"]
            props += JSX.fieldValueProps(f.field)
            drawer.append("          <input \(props.joined(separator: " ")) />")
        }
        for element in sheet.content {
            if case .button(let b) = element, case .select(let id) = b.action, let d = model.detents.first(where: { $0.id == id }),
               usesSnapPoints {
                drawer.append("          <button type=\"button\" onClick={() => \(n.setSnap)(\(snapPoint(d)))}>\(ExportEscaping.jsxText(b.title))</button>")
            }
        }
        for s in first.presented(by: model) {
            let nested = VaulExport(model: s.model, stacked: s, root: first)
            // JSX children take no `//` comment: a `{/* */}` expression, the id quoted and its `*/` broken.
            var lines = ["    {/* \(ExportEscaping.jsBlockComment(ExportEscaping.swiftString(s.id))), a drawer nested in this one: vaul scales this drawer back while it is open. */}",
                         "    <Drawer.NestedRoot"]
            lines += nested.rootProps(modal: s.model.dims)
            lines.append("    >")
            for (title, id) in model.presentButtons where id == s.id {
                lines.append("      <Drawer.Trigger>\(ExportEscaping.jsxText(title))</Drawer.Trigger>")
            }
            lines += nested.portal()
            lines.append("    </Drawer.NestedRoot>")
            drawer += lines.map { "      " + $0 }
        }
        if model.hasDismissButton { drawer.append("          <Drawer.Close>Dismiss</Drawer.Close>") }
        drawer += ["        </Drawer.Content>", "      </Drawer.Portal>"]
        return drawer
    }

    func styles() -> [String] {
        let sheet = model.sheet
        var out: [String] = []
        if wrapsPage {
            out += JSStyle([("minHeight", "'100vh'"), ("backgroundColor", "'\(model.appearance == .dark ? "#000000" : "#FFFFFF")'")]).constant("pageStyle")
        }
        if model.dims {
            out += JSStyle([("position", "'fixed'"), ("inset", "0"),
                            ("backgroundColor", JSStyle.color(ExportColor.scaled(sheet.dimming.color, by: model.dimmingOpacity)))])
                .constant(names.n("overlayStyle"))
        }
        // Glass floats inset from the viewport's edges, its bottom corners concentric with the display's.
        let edge = model.floats ? Fmt.n(model.floatingInset) : "0"
        var content = JSStyle([("position", "'fixed'"), ("left", edge), ("right", edge), ("bottom", edge),
                               ("display", "'flex'"), ("flexDirection", "'column'")])
        if usesSnapPoints { content.properties.append(("height", "'100%'")) }
        content.properties.append(("maxHeight", "'\(Fmt.n(model.canvas.maxSheetHeight / model.canvas.height * 100))%'"))
        content = content + JSStyle.topCorners(model) + JSStyle.bottomCorners(model)
        content.properties.append(("backgroundColor", JSStyle.background(model)))
        if case .material(let m) = model.background {
            // CSS blur() takes the Gaussian's standard deviation, as the config's blur does.
            // Safari before 18 (iOS 17 and older) knows only the prefixed property: without it the drawer is a flat tint.
            let filter = "'blur(\(Fmt.n(m.blur))px) saturate(\(Fmt.n(m.saturation)))'"
            content.properties += [("backdropFilter", filter), ("WebkitBackdropFilter", filter)]
        }
        if let s = sheet.shadow {
            content.properties.append(("boxShadow", "'0 \(Fmt.n(s.y))px \(Fmt.n(s.radius))px \(ExportColor.css(s.color))'"))
        }
        content.properties.append(("outline", "'none'"))
        out += content.constant(names.n("contentStyle"))
        if sheet.grabber.visible {
            out += JSStyle.grabber(model).inserting("marginTop", Fmt.n(sheet.grabber.top), at: 2).constant(names.n("handleStyle"))
        }
        if model.hasTextField {
            out += JSStyle.field(model).inserting("margin", "'0 16px'", at: 1).inserting("padding", "'0 10px'", at: 2)
                .inserting("border", "'none'", at: 3).constant(names.n("fieldStyle"))
        }
        // rem: the title follows the page's root font size, which is the browser's text size setting.
        out += JSStyle([("margin", "16"), ("color", JSStyle.color(model.titleColor)), ("fontSize", "'\(Fmt.n(22.0 / 16))rem'"),
                        ("fontWeight", "600")]).constant(names.n("titleStyle"))
        out += settingsCss()
        return out
    }

    /// The iOS settings as the web reports them: media queries on the drawer and its handle. A web drawer has no
    /// Reduce Transparency, Increase Contrast or Reduce Motion of its own; the browser passes the system's on.
    func settingsCss() -> [String] {
        var css: [String] = []
        if let opaque = model.opaqueMaterialColor {
            css += ["@media (prefers-reduced-transparency: reduce) {",
                    "  .\(names.sheetClass) { background-color: \(ExportColor.css(opaque)) !important; backdrop-filter: none !important; -webkit-backdrop-filter: none !important; }",
                    "}"]
        }
        let edge = model.titleColor
        css += ["@media (prefers-contrast: more) {",
                "  .\(names.sheetClass) { border: 1px solid rgba(\(edge.red), \(edge.green), \(edge.blue), 0.5) !important; }"]
        if model.sheet.grabber.visible {
            var grabber = model.grabberColor
            grabber.alpha = 255
            css.append("  .\(names.handleClass) { background-color: \(ExportColor.css(grabber)) !important; }")
        }
        css.append("}")
        // With snap points vaul opens the drawer by the transform transition it also snaps with: that stays. With the
        // vaul feel SheetLab moves as vaul does under Reduce Motion, which is as always (docs/feel.md): no fade either.
        let fades = !usesSnapPoints && model.sheet.motion.feel != .vaul
        if fades {
            css += ["@media (prefers-reduced-motion: reduce) {",
                    "  .\(names.sheetClass)[data-state='open'] { animation-name: sheetlab-fade-in !important; }",
                    "  .\(names.sheetClass)[data-state='closed'] { animation-name: sheetlab-fade-out !important; }",
                    "}",
                    "@keyframes sheetlab-fade-in { from { opacity: 0; } to { opacity: 1; } }",
                    "@keyframes sheetlab-fade-out { to { opacity: 0; } }"]
        }
        var out = ["// The iOS settings as the browser reports them (Media Queries Level 5). `!important`: the drawer's inline",
                   "// styles win over any stylesheet rule otherwise.",
                   model.hasMaterial
                       ? "// - Reduce Transparency: an opaque fill instead of the blur (Chromium 118+; Safari and Firefox do not report it yet)."
                       : "// - Reduce Transparency: nothing to do, the drawer is opaque.",
                   "// - Increase Contrast: a visible edge\(model.sheet.grabber.visible ? " and an opaque grabber" : "").",
                   model.sheet.motion.feel == .vaul
                       ? "// - Reduce Motion: vaul has none of its own, so the drawer slides as always (the vaul feel in SheetLab)."
                       : usesSnapPoints
                       ? "// - Reduce Motion: with snap points vaul opens the drawer with the transform transition it snaps with, so it still slides."
                       : "// - Reduce Motion: the drawer fades in and out instead of sliding, as SheetLab presents a sheet with Reduce Motion on.",
                   "const \(names.n("settingsCss")) = `"]
        out += css
        out.append("`;")
        return out
    }
}
