/// A React Native screen with `@gorhom/bottom-sheet` 5.x: snap points, backdrop, handle, background and animation configs.
struct GorhomExport {
    var model: ExportModel

    var fit: ExportModel.Detent? { model.detents.first { $0.kind == .fit } }
    /// The detents that are numbers in `snapPoints`; a `fit` detent is gorhom's dynamic snap point instead.
    var fixed: [ExportModel.Detent] { model.detents.filter { $0.kind != .fit } }

    func lines(diff: inout CapabilityDiff) -> [String] {
        let sheet = model.sheet
        let m = sheet.motion
        // gorhom sorts the snap points with the dynamic one among them, as `detents` is sorted.
        let index = { (d: ExportModel.Detent) in model.index(of: d) }
        var hooks: [String] = []
        var imports = ["BottomSheetView"]
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
                        "        opacity={\(Fmt.n(sheet.dimming.opacity))}",
                        "        pressBehavior=\(dismissible ? "\"close\"" : "\"none\"")"]
            if sheet.dimming.color != .black {
                backdrop.append("        style={[props.style, { backgroundColor: \(Fmt.js(ExportColor.css(sheet.dimming.color))) }]}")
            }
            backdrop += ["      />", "    ),", "    []", "  );"]
        }
        let reactHooks = (model.dims ? ["useCallback"] : []) + (fixed.isEmpty ? [] : ["useMemo"]) + ["useRef"]
        var out = ["import { \(reactHooks.joined(separator: ", ")) } from 'react';",
                   "import { \(buttons ? "Button, " : "")StyleSheet, Text } from 'react-native';",
                   "import { GestureHandlerRootView } from 'react-native-gesture-handler';"]
        if case .curve = model.motion, animation != nil { out.append("import { Easing } from 'react-native-reanimated';") }
        out.append("import BottomSheet, { \(imports.sorted().joined(separator: ", ")) } from '@gorhom/bottom-sheet';")
        if model.dims { out.append("import type { BottomSheetBackdropProps } from '@gorhom/bottom-sheet';") }
        out += ["",
                "export default function SheetScreen() {",
                "  const sheetRef = useRef<BottomSheet>(null);"]
        let points = fixed.map { "\(Fmt.n($0.height)) /* \($0.id) */" }
        if !fixed.isEmpty {
            out.append("  // Heights from the screen's bottom edge, in points on \(model.deviceName) (\(Fmt.n(model.canvas.height)) pt tall).")
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
        if model.dims { out.append("        backdropComponent={renderBackdrop}") }
        if sheet.grabber.visible {
            out += ["        handleStyle={styles.handle}", "        handleIndicatorStyle={styles.handleIndicator}"]
        } else {
            out.append("        handleComponent={null}")
        }
        out += ["        backgroundStyle={styles.background}"]
        if sheet.shadow != nil { out.append("        style={styles.sheet}") }
        out += ["      >",
                "        <BottomSheetView style={styles.content}>",
                "          <Text style={styles.title}>\(jsxText(model.title))</Text>"]
        for (title, d) in model.selectButtons {
            out.append("          <Button title=\(Fmt.quoted(title)) onPress={() => sheetRef.current?.snapToIndex(\(index(d)))} />")
        }
        if model.hasDismissButton { out.append("          <Button title=\"Dismiss\" onPress={() => sheetRef.current?.close()} />") }
        out += ["        </BottomSheetView>", "      </BottomSheet>", "    </GestureHandlerRootView>", "  );", "}", ""]
        out += styles()
        losses(&diff)
        return out
    }

    func jsxText(_ s: String) -> String {
        s.contains(where: { "{}<>".contains($0) }) ? "{\(Fmt.quoted(s))}" : s
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
                "    backgroundColor: \(Fmt.js(color)),",
                "    borderTopLeftRadius: \(Fmt.n(sheet.cornerRadius)),",
                "    borderTopRightRadius: \(Fmt.n(sheet.cornerRadius)),",
                "    borderCurve: '\(sheet.cornerStyle.rawValue)',",
                "  },"]
        if let s = sheet.shadow {
            var opaque = s.color
            opaque.alpha = 255
            out += ["  sheet: {",
                    "    shadowColor: \(Fmt.js(ExportColor.css(opaque))),",
                    "    shadowOpacity: \(Fmt.n(Double(s.color.alpha) / 255)),",
                    "    shadowRadius: \(Fmt.n(s.radius)),",
                    "    shadowOffset: { width: 0, height: \(Fmt.n(s.y)) },",
                    "  },"]
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
                    "    backgroundColor: \(Fmt.js(ExportColor.css(model.grabberColor))),",
                    "  },"]
        }
        out += ["  content: {", "    padding: 16,", "    gap: 12,", "  },",
                "  title: {", "    color: \(Fmt.js(ExportColor.css(model.titleColor))),", "    fontSize: 22,", "    fontWeight: '600',", "  },", "});"]
        return out
    }

    func losses(_ diff: inout CapabilityDiff) {
        let sheet = model.sheet
        let m = sheet.motion
        if model.detents.filter({ $0.kind == .fit }).count > 1 {
            diff.lose("sheet.detents", "more than one fit detent", "gorhom has one dynamic snap point")
        }
        if m.feel != .gorhom {
            diff.lose("sheet.motion.feel", m.feel.rawValue, "gorhom's release rule: the snap point nearest position + 0.2 s of velocity, "
                      + "the spring started at half the release velocity")
        }
        if m.rubberBand != MotionConfig().rubberBand {
            diff.lose("sheet.motion.rubberBand", Fmt.n(m.rubberBand), "gorhom's over-drag resistance")
        }
        if case .material(let mat) = model.background {
            diff.lose("sheet.material", SystemMaterial.describe(mat), "backgroundStyle fills the sheet with the tint; no blur or saturation")
        }
        if sheet.style == .glass {
            diff.lose("sheet.style", "glass", "an edge-attached sheet with rounded top corners; no floating inset")
        }
        if sheet.transition == .slideAndFade {
            diff.lose("sheet.transition", "slideAndFade", "the sheet slides in without fading")
        }
        if model.backgroundRecedes {
            diff.lose("sheet.backgroundRecedes", "true", "the screen behind the sheet does not recede")
        }
        if !sheet.edgeAttachedInCompactHeight {
            diff.lose("sheet.edgeAttachedInCompactHeight", "false", "in landscape the sheet stays a bottom sheet instead of going full screen")
        } else if sheet.widthFollowsPreferredContentSize {
            diff.lose("sheet.widthFollowsPreferredContentSize", "true", "the sheet spans the screen's width")
        }
    }
}
