/// A React Native screen with `@gorhom/bottom-sheet` 5.x: snap points, backdrop, handle, background and animation configs.
struct GorhomExport {
    var model: ExportModel

    var fit: ExportModel.Detent? { model.detents.first { $0.kind == .fit } }
    /// The detents that are numbers in `snapPoints`; a `fit` detent is gorhom's dynamic snap point instead.
    var fixed: [ExportModel.Detent] { model.detents.filter { $0.kind != .fit } }

    /// gorhom 5's peer dependencies (its package.json), and React 17 for the `react-jsx` runtime.
    var requirement: String {
        "@gorhom/bottom-sheet 5.x with react-native-reanimated 3.16+ and react-native-gesture-handler 2.16.1+ (its peer dependencies), "
            + "React 17+ (the react-jsx runtime)"
    }

    /// The names one sheet's values take in the component: the first sheet's `sheetRef`, `snapPoints`, `styles`; a
    /// stacked sheet's `placeRef`, `placeSnapPoints`, `placeStyles`.
    struct Names {
        var ref = "sheetRef", snapPoints = "snapPoints", animation = "animationConfigs", backdrop = "renderBackdrop", styles = "styles"

        init() {}
        init(_ s: ExportModel.StackedSheet) {
            ref = s.variable + "Ref"; snapPoints = s.variable + "SnapPoints"; animation = s.variable + "AnimationConfigs"
            backdrop = "render" + s.name + "Backdrop"; styles = s.variable + "Styles"
        }
    }

    /// gorhom's `stackBehavior` for a rule: its own three, `system` as `switch` (the sheet below goes away and comes
    /// back) and `nested` as `push` (the sheet below stays), the nearest.
    static func stackBehavior(_ b: StackBehavior) -> String {
        switch b {
        case .push, .nested: return "push"
        case .switch, .system: return "switch"
        case .replace: return "replace"
        }
    }

    func lines() -> [String] {
        let all = [model] + model.stacked.map(\.model)
        let stacks = !model.stacked.isEmpty
        var imports: Set<String> = ["BottomSheetView"]
        if all.contains(where: \.hasTextField) { imports.insert("BottomSheetTextInput") }
        if stacks { imports.formUnion(["BottomSheetModal", "BottomSheetModalProvider"]) }
        // Reduce Transparency: React Native draws the material as its tint, which is translucent; with the setting on
        // the sheet takes an opaque fill, as iOS draws materials then. AccessibilityInfo reports the setting (iOS).
        let readsTransparency = all.contains(where: \.hasMaterial)
        let first = SheetPart(model: model, names: Names(), modal: nil)
        let parts = [first] + model.stacked.map { SheetPart(model: $0.model, names: Names($0), modal: $0) }
        for p in parts { imports.formUnion(p.imports) }
        let dims = all.contains(where: \.dims)
        let buttons = all.contains { $0.hasDismissButton || !$0.selectButtons.isEmpty || !$0.presentButtons.isEmpty }
        let reactHooks = (dims ? ["useCallback"] : []) + (readsTransparency ? ["useEffect"] : [])
            + (all.contains { m in m.detents.contains { $0.kind != .fit } } ? ["useMemo"] : []) + ["useRef"] + (readsTransparency ? ["useState"] : [])
        let native = (readsTransparency ? ["AccessibilityInfo"] : []) + (buttons ? ["Button"] : []) + ["StyleSheet", "Text"]
        var out = ["import { \(reactHooks.joined(separator: ", ")) } from 'react';",
                   "import { \(native.joined(separator: ", ")) } from 'react-native';",
                   "import { GestureHandlerRootView } from 'react-native-gesture-handler';"]
        let usesEasing = parts.contains(where: \.usesEasing)
        let reanimated = (usesEasing ? ["Easing"] : []) + (model.settings.reduceMotion ? ["ReduceMotion"] : [])
        if !reanimated.isEmpty { out.append("import { \(reanimated.joined(separator: ", ")) } from 'react-native-reanimated';") }
        out.append("import BottomSheet, { \(imports.sorted().joined(separator: ", ")) } from '@gorhom/bottom-sheet';")
        if dims { out.append("import type { BottomSheetBackdropProps } from '@gorhom/bottom-sheet';") }
        out += ["",
                "export default function SheetScreen() {",
                "  const sheetRef = useRef<BottomSheet>(null);"]
        for s in model.stacked {
            out.append("  // \(ExportEscaping.quotedInComment(s.id)), a modal presented over the sheet that presents it.")
            out.append("  const \(Names(s).ref) = useRef<BottomSheetModal>(null);")
        }
        out += first.values(reducesTransparency: readsTransparency ? transparencyHook : [])
        for p in parts.dropFirst() { out += p.values(reducesTransparency: []) }
        let pad = stacks ? "  " : ""
        out += ["", "  return (", "    <GestureHandlerRootView style={styles.root}>"]
        if stacks { out.append("      <BottomSheetModalProvider>") }
        for p in parts { out += p.element(readsTransparency: readsTransparency, root: model).map { pad + $0 } }
        if stacks { out.append("      </BottomSheetModalProvider>") }
        out += ["    </GestureHandlerRootView>", "  );", "}", ""]
        out += GorhomExport(model: model).styles(name: "styles", root: true)
        for s in model.stacked { out += [""] + GorhomExport(model: s.model).styles(name: Names(s).styles, root: false) }
        return out
    }

    var transparencyHook: [String] {
        ["  // Reduce Transparency (iOS): an opaque fill instead of the translucent tint.",
         "  const [reduceTransparency, setReduceTransparency] = useState(false);",
         "  useEffect(() => {",
         "    AccessibilityInfo.isReduceTransparencyEnabled().then(setReduceTransparency);",
         "    const subscription = AccessibilityInfo.addEventListener('reduceTransparencyChanged', setReduceTransparency);",
         "    return () => subscription.remove();",
         "  }, []);"]
    }

    /// One sheet of the screen: the first sheet's `BottomSheet`, or a stacked sheet's `BottomSheetModal`.
    struct SheetPart {
        var model: ExportModel
        var names: Names
        /// The stacked sheet, when this part is one.
        var modal: ExportModel.StackedSheet?

        var fit: ExportModel.Detent? { model.detents.first { $0.kind == .fit } }
        var fixed: [ExportModel.Detent] { model.detents.filter { $0.kind != .fit } }
        var animates: Bool { model.sheet.motion.feel != .gorhom || model.sheet.motion.setsCurve }
        var usesEasing: Bool { if animates, case .curve = model.motion { return true } else { return false } }

        var imports: [String] {
            var out: [String] = []
            if animates {
                if case .spring = model.motion { out.append("useBottomSheetSpringConfigs") } else { out.append("useBottomSheetTimingConfigs") }
            }
            if model.dims { out.append("BottomSheetBackdrop") }
            return out
        }

        func index(_ d: ExportModel.Detent) -> Int { model.index(of: d) }

        /// The sheet's snap points, animation configs and backdrop, in the component's body.
        func values(reducesTransparency: [String]) -> [String] {
            let sheet = model.sheet
            var out: [String] = []
            // gorhom sorts the snap points with the dynamic one among them, as `detents` is sorted.
            let points = fixed.map { "\(Fmt.n($0.height)) /* \(ExportEscaping.jsBlockComment($0.id)) */" }
            if !fixed.isEmpty {
                out.append("  // \(modal.map { ExportEscaping.quotedInComment($0.id) + ": h" } ?? "H")eights from the screen's bottom edge, in points on \(ExportEscaping.lineComment(model.deviceName)) (\(Fmt.n(model.canvas.height)) pt tall).")
                out.append("  const \(names.snapPoints) = useMemo(() => [\(points.joined(separator: ", "))], []);")
            }
            if animates {
                switch model.motion {
                case .spring(let response, let zeta):
                    let p = MotionText.physical(response: response, dampingRatio: zeta)
                    out += ["  // A spring of response \(Fmt.n(response)) s and damping ratio \(Fmt.n(zeta)): k = (2π/T)², c = 4πζ/T, mass 1.",
                            "  const \(names.animation) = useBottomSheetSpringConfigs({",
                            "    mass: \(Fmt.n(p.mass)),",
                            "    stiffness: \(Fmt.n(p.stiffness)),",
                            "    damping: \(Fmt.n(p.damping)),",
                            "  });"]
                case .curve(let name, let duration, let b):
                    out += ["  // \(name.rawValue): cubic-bezier(\(b.map(Fmt.n).joined(separator: ", "))) over \(Fmt.n(duration * 1000)) ms.",
                            "  const \(names.animation) = useBottomSheetTimingConfigs({",
                            "    duration: \(Fmt.n(duration * 1000)),",
                            "    easing: Easing.bezier(\(b.map(Fmt.n).joined(separator: ", "))),",
                            "  });"]
                }
            }
            out += reducesTransparency
            if model.dims {
                let dismissible = sheet.dismissible && sheet.tapOutsideToDismiss
                let undimmed = model.largestUndimmed.map(index) ?? -1
                out += ["  const \(names.backdrop) = useCallback(",
                        "    (props: BottomSheetBackdropProps) => (",
                        "      <BottomSheetBackdrop",
                        "        {...props}",
                        "        appearsOnIndex={\(undimmed + 1)}",
                        "        disappearsOnIndex={\(undimmed)}",
                        "        opacity={\(Fmt.n(model.dimmingOpacity))}",
                        "        pressBehavior=\(dismissible ? "\"close\"" : "\"none\"")"]
                if sheet.dimming.color != .black {
                    out.append("        style={[props.style, { backgroundColor: \(ExportEscaping.jsString(ExportColor.css(sheet.dimming.color))) }]}")
                }
                out += ["      />", "    ),", "    []", "  );"]
            }
            return out
        }

        /// The `<BottomSheet>` or `<BottomSheetModal>` element, at the provider-less indentation.
        func element(readsTransparency: Bool, root: ExportModel) -> [String] {
            let sheet = model.sheet
            let tag = modal == nil ? "BottomSheet" : "BottomSheetModal"
            var out = ["      <\(tag)", "        ref={\(names.ref)}"]
            if let modal {
                out.append("        name=\(ExportEscaping.jsxAttribute(modal.id))")
                out.append("        stackBehavior=\"\(GorhomExport.stackBehavior(modal.behavior))\"")
                // A modal's index is the snap point it is presented at.
                out.append("        index={\(index(model.initial))}")
            } else {
                out.append("        index={\(sheet.presented ? index(model.initial) : -1)}")
            }
            if !fixed.isEmpty { out.append("        snapPoints={\(names.snapPoints)}") }
            if fit != nil {
                out.append("        enableDynamicSizing")
                out.append("        maxDynamicContentSize={\(Fmt.n(model.canvas.maxSheetHeight))}")
            } else {
                out.append("        enableDynamicSizing={false}")
            }
            out.append("        enablePanDownToClose={\(sheet.dismissible)}")
            out.append("        enableContentPanningGesture={\(sheet.scrollingExpandsSheet)}")
            if animates { out.append("        animationConfigs={\(names.animation)}") }
            if model.hasTextField {
                // How the sheet answers the keyboard; back to its snap point when the keyboard hides.
                out.append("        keyboardBehavior=\"\(GorhomExport.keyboardBehavior(model))\"")
                out.append("        keyboardBlurBehavior=\"restore\"")
                if model.keyboardBehavior == .adjustResize { out.append("        android_keyboardInputMode=\"adjustResize\"") }
                if model.keyboard.dismissOnDrag { out.append("        enableBlurKeyboardOnGesture={true}") }
            }
            if model.settings.reduceMotion {
                // gorhom's default, written out: with Reduce Motion on, reanimated moves the sheet without animating.
                out.append("        overrideReduceMotion={ReduceMotion.System}")
            }
            if model.dims { out.append("        backdropComponent={\(names.backdrop)}") }
            if sheet.grabber.visible {
                out += ["        handleStyle={\(names.styles).handle}", "        handleIndicatorStyle={\(names.styles).handleIndicator}"]
            } else {
                out.append("        handleComponent={null}")
            }
            out += [readsTransparency && model.hasMaterial ? "        backgroundStyle={[\(names.styles).background, reduceTransparency && \(names.styles).opaqueBackground]}"
                                                           : "        backgroundStyle={\(names.styles).background}"]
            if model.floats {
                // Glass floats inset from the screen's edges: a detached sheet, its bottomInset and side margins.
                out += ["        detached", "        bottomInset={\(Fmt.n(model.floatingInset))}"]
            }
            if sheet.shadow != nil || model.floats { out.append("        style={\(names.styles).sheet}") }
            out += ["      >",
                    "        <BottomSheetView style={\(names.styles).content}>",
                    "          <Text style={\(names.styles).title}>\(ExportEscaping.jsxText(model.title))</Text>"]
            for f in model.textFields {
                // BottomSheetTextInput tells the sheet about the keyboard (a plain TextInput does not).
                var props = ["style={\(names.styles).field}", "placeholder=\(ExportEscaping.jsxAttribute(f.field.placeholder))",
                             "placeholderTextColor=\(ExportEscaping.jsxAttribute(ExportColor.css(model.placeholderColor)))"]
                props += JSX.fieldValueProps(f.field)
                if f.field.style == .search { props += ["returnKeyType=\"search\"", "clearButtonMode=\"while-editing\""] }
                out.append("          <BottomSheetTextInput \(props.joined(separator: " ")) />")
            }
            for (title, d) in model.selectButtons {
                out.append("          <Button title=\(ExportEscaping.jsxAttribute(title)) onPress={() => \(names.ref).current?.snapToIndex(\(index(d)))} />")
            }
            let presented = root.presented(by: model)
            for (title, id) in model.presentButtons {
                guard let s = presented.first(where: { $0.id == id }) else { continue }
                out.append("          <Button title=\(ExportEscaping.jsxAttribute(title)) onPress={() => \(Names(s).ref).current?.present()} />")
            }
            if model.hasDismissButton {
                out.append("          <Button title=\"Dismiss\" onPress={() => \(names.ref).current?.\(modal == nil ? "close" : "dismiss")()} />")
            }
            out += ["        </BottomSheetView>", "      </\(tag)>"]
            return out
        }
    }

    /// gorhom's `keyboardBehavior` for the config's: its own three by name; UIKit's sheet (`system`) as `extend` when
    /// the largest detent fills the screen (the keyboard covers its bottom) and as `interactive` otherwise (the sheet
    /// rides on the keyboard); `none` as `extend` (the nearest: gorhom always answers the keyboard); vaul's
    /// `reposition` and Android's `adjustResize` as `interactive`.
    static func keyboardBehavior(_ model: ExportModel) -> String {
        switch model.keyboardBehavior {
        case .interactive, .reposition, .adjustResize: return "interactive"
        case .extend, .none: return "extend"
        case .fillParent: return "fillParent"
        case .system: return model.largest.height >= model.canvas.maxSheetHeight ? "extend" : "interactive"
        }
    }

    /// The sheet's `StyleSheet`, as `name`; `root`: with the screen's root style (the first sheet's).
    func styles(name: String, root: Bool) -> [String] {
        let sheet = model.sheet
        var out = ["const \(name) = StyleSheet.create({"] + (root ? JSStyle([("flex", "1")]).entry("root") : [])
        out += (JSStyle([("backgroundColor", JSStyle.background(model))]) + JSStyle.topCorners(model)
                + JSStyle([("borderCurve", "'\(sheet.cornerStyle.rawValue)'")]) + JSStyle.bottomCorners(model)).entry("background")
        if let opaque = model.opaqueMaterialColor {
            out += JSStyle([("backgroundColor", JSStyle.color(opaque))]).entry("opaqueBackground")
        }
        if sheet.shadow != nil || model.floats {
            var style = JSStyle()
            if model.floats { style.properties.append(("marginHorizontal", Fmt.n(model.floatingInset))) }
            if let s = sheet.shadow {
                style.properties += [("shadowColor", JSStyle.color(s.opaqueColor)), ("shadowOpacity", Fmt.n(s.opacity)),
                                     ("shadowRadius", Fmt.n(s.radius)), ("shadowOffset", "{ width: 0, height: \(Fmt.n(s.y)) }")]
            }
            out += style.entry("sheet")
        }
        if sheet.grabber.visible {
            out += JSStyle([("paddingTop", Fmt.n(sheet.grabber.top))]).entry("handle") + JSStyle.grabber(model).entry("handleIndicator")
        }
        if model.hasTextField {
            out += JSStyle.field(model).inserting("paddingHorizontal", "10", at: 2).entry("field")
        }
        out += JSStyle([("padding", "16"), ("gap", "12")]).entry("content")
        out += JSStyle([("color", JSStyle.color(model.titleColor)), ("fontSize", "22"), ("fontWeight", "'600'")]).entry("title")
        return out + ["});"]
    }
}
