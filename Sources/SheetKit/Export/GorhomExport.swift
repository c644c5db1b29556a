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

    func lines() -> [String] {
        let sheet = model.sheet
        let m = sheet.motion
        // gorhom sorts the snap points with the dynamic one among them, as `detents` is sorted.
        let index = { (d: ExportModel.Detent) in model.index(of: d) }
        var hooks: [String] = []
        var imports = ["BottomSheetView"] + (model.hasTextField ? ["BottomSheetTextInput"] : [])
        var animation: String?
        if m.feel != .gorhom || m.setsCurve {
            switch model.motion {
            case .spring(let response, let zeta):
                let p = MotionText.physical(response: response, dampingRatio: zeta)
                imports.append("useBottomSheetSpringConfigs")
                hooks += ["  // A spring of response \(Fmt.n(response)) s and damping ratio \(Fmt.n(zeta)): k = (2π/T)², c = 4πζ/T, mass 1.",
                          "  const animationConfigs = useBottomSheetSpringConfigs({",
                          "    mass: \(Fmt.n(p.mass)),",
                          "    stiffness: \(Fmt.n(p.stiffness)),",
                          "    damping: \(Fmt.n(p.damping)),",
                          "  });"]
            case .curve(let name, let duration, let b):
                imports.append("useBottomSheetTimingConfigs")
                hooks += ["  // \(name.rawValue): cubic-bezier(\(b.map(Fmt.n).joined(separator: ", "))) over \(Fmt.n(duration * 1000)) ms.",
                          "  const animationConfigs = useBottomSheetTimingConfigs({",
                          "    duration: \(Fmt.n(duration * 1000)),",
                          "    easing: Easing.bezier(\(b.map(Fmt.n).joined(separator: ", "))),",
                          "  });"]
            }
            animation = "animationConfigs"
        }
        let dismissible = sheet.dismissible && sheet.tapOutsideToDismiss
        let buttons = model.hasDismissButton || !model.selectButtons.isEmpty
        var backdrop: [String] = []
        if model.dims {
            let undimmed = model.largestUndimmed.map(index) ?? -1
            imports.append("BottomSheetBackdrop")
            backdrop = ["  const renderBackdrop = useCallback(",
                        "    (props: BottomSheetBackdropProps) => (",
                        "      <BottomSheetBackdrop",
                        "        {...props}",
                        "        appearsOnIndex={\(undimmed + 1)}",
                        "        disappearsOnIndex={\(undimmed)}",
                        "        opacity={\(Fmt.n(model.dimmingOpacity))}",
                        "        pressBehavior=\(dismissible ? "\"close\"" : "\"none\"")"]
            if sheet.dimming.color != .black {
                backdrop.append("        style={[props.style, { backgroundColor: \(ExportEscaping.jsString(ExportColor.css(sheet.dimming.color))) }]}")
            }
            backdrop += ["      />", "    ),", "    []", "  );"]
        }
        // Reduce Transparency: React Native draws the material as its tint, which is translucent; with the setting on
        // the sheet takes an opaque fill, as iOS draws materials then. AccessibilityInfo reports the setting (iOS).
        let readsTransparency = model.hasMaterial
        if readsTransparency {
            hooks += ["  // Reduce Transparency (iOS): an opaque fill instead of the translucent tint.",
                      "  const [reduceTransparency, setReduceTransparency] = useState(false);",
                      "  useEffect(() => {",
                      "    AccessibilityInfo.isReduceTransparencyEnabled().then(setReduceTransparency);",
                      "    const subscription = AccessibilityInfo.addEventListener('reduceTransparencyChanged', setReduceTransparency);",
                      "    return () => subscription.remove();",
                      "  }, []);"]
        }
        let reactHooks = (model.dims ? ["useCallback"] : []) + (readsTransparency ? ["useEffect"] : []) + (fixed.isEmpty ? [] : ["useMemo"])
            + ["useRef"] + (readsTransparency ? ["useState"] : [])
        let native = (readsTransparency ? ["AccessibilityInfo"] : []) + (buttons ? ["Button"] : []) + ["StyleSheet", "Text"]
        var out = ["import { \(reactHooks.joined(separator: ", ")) } from 'react';",
                   "import { \(native.joined(separator: ", ")) } from 'react-native';",
                   "import { GestureHandlerRootView } from 'react-native-gesture-handler';"]
        var usesEasing = false
        if case .curve = model.motion, animation != nil { usesEasing = true }
        let reanimated = (usesEasing ? ["Easing"] : []) + (model.settings.reduceMotion ? ["ReduceMotion"] : [])
        if !reanimated.isEmpty { out.append("import { \(reanimated.joined(separator: ", ")) } from 'react-native-reanimated';") }
        out.append("import BottomSheet, { \(imports.sorted().joined(separator: ", ")) } from '@gorhom/bottom-sheet';")
        if model.dims { out.append("import type { BottomSheetBackdropProps } from '@gorhom/bottom-sheet';") }
        out += ["",
                "export default function SheetScreen() {",
                "  const sheetRef = useRef<BottomSheet>(null);"]
        let points = fixed.map { "\(Fmt.n($0.height)) /* \(ExportEscaping.jsBlockComment($0.id)) */" }
        if !fixed.isEmpty {
            out.append("  // Heights from the screen's bottom edge, in points on \(ExportEscaping.lineComment(model.deviceName)) (\(Fmt.n(model.canvas.height)) pt tall).")
            out.append("  const snapPoints = useMemo(() => [\(points.joined(separator: ", "))], []);")
        }
        out += hooks + backdrop
        out += ["", "  return (", "    <GestureHandlerRootView style={styles.root}>", "      <BottomSheet", "        ref={sheetRef}"]
        out.append("        index={\(sheet.presented ? index(model.initial) : -1)}")
        if !fixed.isEmpty { out.append("        snapPoints={snapPoints}") }
        if fit != nil {
            out.append("        enableDynamicSizing")
            out.append("        maxDynamicContentSize={\(Fmt.n(model.canvas.maxSheetHeight))}")
        } else {
            out.append("        enableDynamicSizing={false}")
        }
        out.append("        enablePanDownToClose={\(sheet.dismissible)}")
        out.append("        enableContentPanningGesture={\(sheet.scrollingExpandsSheet)}")
        if let animation { out.append("        animationConfigs={\(animation)}") }
        if model.hasTextField {
            // How the sheet answers the keyboard; back to its snap point when the keyboard hides.
            out.append("        keyboardBehavior=\"\(Self.keyboardBehavior(model))\"")
            out.append("        keyboardBlurBehavior=\"restore\"")
            if model.keyboardBehavior == .adjustResize { out.append("        android_keyboardInputMode=\"adjustResize\"") }
            if model.keyboard.dismissOnDrag { out.append("        enableBlurKeyboardOnGesture={true}") }
        }
        if model.settings.reduceMotion {
            // gorhom's default, written out: with Reduce Motion on, reanimated moves the sheet without animating.
            out.append("        overrideReduceMotion={ReduceMotion.System}")
        }
        if model.dims { out.append("        backdropComponent={renderBackdrop}") }
        if sheet.grabber.visible {
            out += ["        handleStyle={styles.handle}", "        handleIndicatorStyle={styles.handleIndicator}"]
        } else {
            out.append("        handleComponent={null}")
        }
        out += [readsTransparency ? "        backgroundStyle={[styles.background, reduceTransparency && styles.opaqueBackground]}"
                                  : "        backgroundStyle={styles.background}"]
        if model.floats {
            // Glass floats inset from the screen's edges: a detached sheet, its bottomInset and side margins.
            out += ["        detached", "        bottomInset={\(Fmt.n(model.floatingInset))}"]
        }
        if sheet.shadow != nil || model.floats { out.append("        style={styles.sheet}") }
        out += ["      >",
                "        <BottomSheetView style={styles.content}>",
                "          <Text style={styles.title}>\(ExportEscaping.jsxText(model.title))</Text>"]
        for f in model.textFields {
            // BottomSheetTextInput tells the sheet about the keyboard (a plain TextInput does not).
            var props = ["style={styles.field}", "placeholder=\(ExportEscaping.jsxAttribute(f.field.placeholder))",
                         "placeholderTextColor=\(ExportEscaping.jsxAttribute(ExportColor.css(model.placeholderColor)))"]
            if !f.field.text.isEmpty { props.append("defaultValue=\(ExportEscaping.jsxAttribute(f.field.text))") }
            if f.field.focus { props.append("autoFocus") }
            if f.field.style == .search { props += ["returnKeyType=\"search\"", "clearButtonMode=\"while-editing\""] }
            out.append("          <BottomSheetTextInput \(props.joined(separator: " ")) />")
        }
        for (title, d) in model.selectButtons {
            out.append("          <Button title=\(ExportEscaping.jsxAttribute(title)) onPress={() => sheetRef.current?.snapToIndex(\(index(d)))} />")
        }
        if model.hasDismissButton { out.append("          <Button title=\"Dismiss\" onPress={() => sheetRef.current?.close()} />") }
        out += ["        </BottomSheetView>", "      </BottomSheet>", "    </GestureHandlerRootView>", "  );", "}", ""]
        out += styles()
        return out
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

    func styles() -> [String] {
        let sheet = model.sheet
        var out = ["const styles = StyleSheet.create({", "  root: {", "    flex: 1,", "  },"]
        let color: String
        switch model.background {
        case .fill(let c): color = ExportColor.css(c)
        case .material(let m): color = ExportColor.css(m.tint)
        }
        out += ["  background: {",
                "    backgroundColor: \(ExportEscaping.jsString(color)),",
                "    borderTopLeftRadius: \(Fmt.n(model.cornerRadius)),",
                "    borderTopRightRadius: \(Fmt.n(model.cornerRadius)),",
                "    borderCurve: '\(sheet.cornerStyle.rawValue)',"]
        if model.floats {
            // The bottom corners are concentric with the display's.
            let bottom = Fmt.n(max(0, model.canvas.displayCornerRadius - model.floatingInset))
            out += ["    borderBottomLeftRadius: \(bottom),", "    borderBottomRightRadius: \(bottom),"]
        }
        out.append("  },")
        if let opaque = model.opaqueMaterialColor {
            out += ["  opaqueBackground: {", "    backgroundColor: \(ExportEscaping.jsString(ExportColor.css(opaque))),", "  },"]
        }
        if sheet.shadow != nil || model.floats {
            out.append("  sheet: {")
            if model.floats { out.append("    marginHorizontal: \(Fmt.n(model.floatingInset)),") }
            if let s = sheet.shadow {
                var opaque = s.color
                opaque.alpha = 255
                out += ["    shadowColor: \(ExportEscaping.jsString(ExportColor.css(opaque))),",
                        "    shadowOpacity: \(Fmt.n(Double(s.color.alpha) / 255)),",
                        "    shadowRadius: \(Fmt.n(s.radius)),",
                        "    shadowOffset: { width: 0, height: \(Fmt.n(s.y)) },"]
            }
            out.append("  },")
        }
        let g = sheet.grabber
        if g.visible {
            out += ["  handle: {",
                    "    paddingTop: \(Fmt.n(g.top)),",
                    "  },",
                    "  handleIndicator: {",
                    "    width: \(Fmt.n(g.width)),",
                    "    height: \(Fmt.n(g.height)),",
                    "    borderRadius: \(Fmt.n(g.height / 2)),",
                    "    backgroundColor: \(ExportEscaping.jsString(ExportColor.css(model.grabberColor))),",
                    "  },"]
        }
        if model.hasTextField {
            out += ["  field: {", "    height: 36,", "    borderRadius: 10,", "    paddingHorizontal: 10,",
                    "    backgroundColor: \(ExportEscaping.jsString(ExportColor.css(model.fieldFill))),",
                    "    color: \(ExportEscaping.jsString(ExportColor.css(model.titleColor))),", "    fontSize: 17,", "  },"]
        }
        out += ["  content: {", "    padding: 16,", "    gap: 12,", "  },",
                "  title: {", "    color: \(ExportEscaping.jsString(ExportColor.css(model.titleColor))),", "    fontSize: 22,", "    fontWeight: '600',", "  },", "});"]
        return out
    }
}
