/// What each target can express, as one table: capability × target → expressed (and how) or lost (and what the code
/// does instead). Every capability diff comes from here; the exporters write code and never decide a loss.
///
/// A row finds where a config asks for the capability (`find`: the key path and the config's value, for each place it
/// does) and says, per target, what happens to it. A row lists every target.
struct CapabilityRow: Sendable {
    enum Support: Sendable {
        /// The target writes it; the text says with what (for docs and reviews).
        case expressed(String)
        /// The target cannot express it; the closure says what the code does instead, or nil where this config is
        /// within what the target expresses after all.
        case lost(@Sendable (ExportModel) -> String?)
        /// Reported by another row, whose key path covers this one on this target.
        case covered(by: String)
    }

    var capability: String
    var find: @Sendable (ExportModel, ExportTarget) -> [(keyPath: String, value: String)]
    var support: [ExportTarget: Support]

    init(_ capability: String, find: @escaping @Sendable (ExportModel, ExportTarget) -> [(keyPath: String, value: String)],
         _ support: [ExportTarget: Support]) {
        self.capability = capability; self.find = find; self.support = support
    }

    /// A row with one key path, found when `value` returns non-nil.
    init(_ capability: String, _ keyPath: String, _ value: @escaping @Sendable (ExportModel, ExportTarget) -> String?,
         _ support: [ExportTarget: Support]) {
        self.init(capability, find: { m, t in value(m, t).map { [(keyPath, $0)] } ?? [] }, support)
    }
}

enum CapabilityTable {
    typealias S = CapabilityRow.Support
    static let apple: [ExportTarget] = [.swiftui, .uikit]

    /// The feel each target moves with on its own.
    static func ownFeel(_ target: ExportTarget) -> Feel {
        switch target {
        case .swiftui, .uikit: return .uikit
        case .floatingpanel: return .floatingpanel
        case .gorhom: return .gorhom
        case .vaul: return .vaul
        }
    }

    /// Whether the config's motion is the target's own: its feel, with curve keys only where they are that library's
    /// own parameters (docs/feel.md, "Each feel's knobs"): FloatingPanel's spring (`springResponseTime`,
    /// `springDecelerationRate`), gorhom's `animationConfigs` (a spring or a timing); vaul has no prop for its settle.
    static func ownMotion(_ m: ExportModel, _ target: ExportTarget) -> Bool {
        if apple.contains(target) { return m.usesSystemMotion }
        let motion = m.sheet.motion
        guard motion.feel == ownFeel(target) else { return false }
        switch target {
        case .floatingpanel: return motion.curve == .spring
        case .gorhom: return true
        default: return !motion.setsCurve
        }
    }

    /// Whether the system sheet of the config's style recedes the presenting view: iOS 15–18 (classic) scale it back
    /// behind a sheet at the large detent when the sheet is dimmed there; iOS 26 (glass) keeps it full size and dims it.
    static func systemRecedes(_ m: ExportModel) -> Bool {
        m.sheet.style == .classic && m.largest.kind == .large && m.dims
    }

    static let rows: [CapabilityRow] = [
        CapabilityRow("a fit detent", find: { m, _ in
            m.detents.filter { $0.kind == .fit }.map { (m.keyPath(of: $0), "fit") }
        }, [
            .swiftui: .lost { m in "a custom detent returning the height SheetLab measured (\(Fmt.n(max(0, m.naturalHeight - m.canvas.safeBottom))) pt); "
                + "it does not follow the real content" },
            .uikit: .lost { m in "a custom detent returning the height SheetLab measured (\(Fmt.n(max(0, m.naturalHeight - m.canvas.safeBottom))) pt); "
                + "it does not follow the real content" },
            .floatingpanel: .lost { _ in "FloatingPanelIntrinsicLayoutAnchor follows the content but is not capped at the large height" },
            .gorhom: .expressed("enableDynamicSizing + maxDynamicContentSize"),
            // vaul sizes a drawer to its content when it has no snap points: a lone fit detent is expressed.
            .vaul: .lost { m in
                guard m.detents.count > 1 else { return nil }
                let h = m.detents.first { $0.kind == .fit }?.height ?? m.naturalHeight
                return "a fixed snap point of the height SheetLab measured (\(Fmt.n(h)) px); vaul sizes to content only without snap points"
            },
        ]),
        CapabilityRow("more than one fit detent", "sheet.detents", { m, _ in
            m.detents.filter { $0.kind == .fit }.count > 1 ? "more than one fit detent" : nil
        }, [
            .swiftui: .expressed("one CustomPresentationDetent each"), .uikit: .expressed("one .custom detent each"),
            .floatingpanel: .covered(by: "sheet.detents[i]"),
            .gorhom: .lost { _ in "gorhom has one dynamic snap point" },
            .vaul: .covered(by: "sheet.detents[i]"),
        ]),
        CapabilityRow("grabber size and place", "sheet.grabber", { m, _ in
            let g = m.sheet.grabber, d = SheetConfig().grabber
            guard g.visible && (g.width != d.width || g.height != d.height || g.top != d.top) else { return nil }
            return "\(Fmt.n(g.width))×\(Fmt.n(g.height)) pt, \(Fmt.n(g.top)) pt from the top"
        }, [
            .swiftui: .lost { _ in "the system grabber keeps its own size and place" },
            .uikit: .lost { _ in "the system grabber keeps its own size and place" },
            .floatingpanel: .expressed("grabberHandleSize, grabberHandlePadding"),
            .gorhom: .expressed("handleIndicatorStyle, handleStyle.paddingTop"),
            .vaul: .expressed("Drawer.Handle CSS"),
        ]),
        CapabilityRow("grabber colour", "sheet.grabber.color", { m, _ in
            m.sheet.grabber.visible ? m.sheet.grabber.color?.hex : nil
        }, [
            .swiftui: .lost { _ in "the system grabber keeps its own colour" },
            .uikit: .lost { _ in "the system grabber keeps its own colour" },
            .floatingpanel: .expressed("grabberHandle.barColor"), .gorhom: .expressed("handleIndicatorStyle.backgroundColor"),
            .vaul: .expressed("Drawer.Handle backgroundColor"),
        ]),
        CapabilityRow("circular corners", "sheet.cornerStyle", { m, _ in m.sheet.cornerStyle == .circular ? "circular" : nil }, [
            .swiftui: .lost { _ in "system sheets have continuous corners" },
            .uikit: .lost { _ in "system sheets have continuous corners" },
            .floatingpanel: .expressed("SurfaceAppearance.cornerCurve"), .gorhom: .expressed("borderCurve"),
            .vaul: .expressed("CSS border-radius"),
        ]),
        CapabilityRow("continuous corners", "sheet.cornerStyle", { m, _ in m.sheet.cornerStyle == .continuous ? "continuous" : nil }, [
            .swiftui: .expressed("the system's"), .uikit: .expressed("the system's"),
            .floatingpanel: .expressed("SurfaceAppearance.cornerCurve = .continuous (iOS 13)"),
            .gorhom: .expressed("borderCurve: 'continuous'"),
            .vaul: .lost { _ in "CSS border-radius draws circular corners" },
        ]),
        CapabilityRow("the classic style", "sheet.style", { m, _ in m.sheet.style == .classic ? "classic" : nil }, [
            .swiftui: .lost { _ in "iOS 26 draws its floating glass sheet; the classic sheet is iOS 16.4–18's" },
            .uikit: .lost { _ in "iOS 26 draws its floating glass sheet; the classic sheet is iOS 16.4–18's" },
            .floatingpanel: .expressed("an edge-attached panel"), .gorhom: .expressed("an edge-attached sheet"),
            .vaul: .expressed("an edge-attached drawer"),
        ]),
        CapabilityRow("the glass style", "sheet.style", { m, _ in m.sheet.style == .glass ? "glass" : nil }, [
            .swiftui: .expressed("the system's (iOS 26)"), .uikit: .expressed("the system's (iOS 26)"),
            // With a bottom margin FloatingPanel rounds all four corners with the one radius (SurfaceView.updateCornerRadius).
            .floatingpanel: .lost { m in glassInstead(m, "panel", floating: "surfaceView.containerMargins",
                                                      corners: "all four corners of radius \(Fmt.n(m.cornerRadius))") },
            .gorhom: .lost { m in glassInstead(m, "sheet", floating: "detached with bottomInset and side margins",
                                               corners: "its bottom corners concentric with the display's") },
            .vaul: .lost { m in glassInstead(m, "drawer", floating: "CSS insets", corners: "its bottom corners concentric with the display's") },
        ]),
        CapabilityRow("a raw material", "sheet.material", { m, _ in
            if case .material(let mat) = m.background, mat.name == nil { return SystemMaterial.describe(mat) }
            return nil
        }, [
            .swiftui: .lost { m in "\(phrase(m)), with the system's own blur and tint" },
            .uikit: .lost { m in "\(phrase(m)), with the system's own blur and tint" },
            .floatingpanel: .lost { m in "a UIVisualEffectView with \(phrase(m))" },
            .gorhom: .covered(by: "sheet.material (any material)"),
            .vaul: .expressed("CSS backdrop-filter: blur() saturate() and the tint"),
        ]),
        CapabilityRow("any material", "sheet.material", { m, _ in
            if case .material(let mat) = m.background { return SystemMaterial.describe(mat) }
            return nil
        }, [
            .swiftui: .covered(by: "sheet.material (raw)"), .uikit: .covered(by: "sheet.material (raw)"),
            .floatingpanel: .covered(by: "sheet.material (raw)"),
            .gorhom: .lost { _ in "backgroundStyle fills the sheet with the tint; no blur or saturation" },
            .vaul: .expressed("CSS backdrop-filter"),
        ]),
        CapabilityRow("a shadow other than the system's", "sheet.shadow", { m, _ in
            m.sheet.shadow == ShadowConfig.system(style: m.sheet.style, appearance: m.appearance) ? nil
                : m.sheet.shadow.map { "\($0.color.hex), radius \(Fmt.n($0.radius)), y \(Fmt.n($0.y))" } ?? "none"
        }, [
            .swiftui: .lost { _ in "the system sheet's own shadow" }, .uikit: .lost { _ in "the system sheet's own shadow" },
            .floatingpanel: .expressed("SurfaceAppearance.Shadow"), .gorhom: .expressed("shadow* style"),
            .vaul: .expressed("CSS box-shadow"),
        ]),
        CapabilityRow("a dimming colour or opacity", "sheet.dimming", { m, _ in
            let d = m.sheet.dimming
            // The system sheets dim as their style does on iOS: only a colour or an opacity of the config's own is lost.
            guard m.dims && (d.color != .black || d.opacityOverride != nil) else { return nil }
            return "\(d.color.hex) at \(Fmt.n(m.dimmingOpacity))"
        }, [
            .swiftui: .lost { _ in "the system's own dimming" }, .uikit: .lost { _ in "the system's own dimming" },
            .floatingpanel: .expressed("backdropAlpha(for:), backdropView.backgroundColor"),
            .gorhom: .expressed("BottomSheetBackdrop opacity and style"), .vaul: .expressed("Drawer.Overlay CSS"),
        ]),
        CapabilityRow("undimmed up to a partial detent", "sheet.dimming.largestUndimmedDetent", { m, _ in
            m.dims ? m.largestUndimmed?.id : nil
        }, [
            .swiftui: .expressed("presentationBackgroundInteraction(.enabled(upThrough:))"),
            .uikit: .expressed("largestUndimmedDetentIdentifier"),
            .floatingpanel: .expressed("backdropAlpha(for:) per state"),
            .gorhom: .expressed("BottomSheetBackdrop appearsOnIndex / disappearsOnIndex"),
            .vaul: .lost { _ in "vaul's modal is one value: the page does not take taps at any snap point" },
        ]),
        CapabilityRow("tap outside does not dismiss", "sheet.tapOutsideToDismiss", { m, _ in
            m.sheet.dismissible && !m.sheet.tapOutsideToDismiss && m.dims ? "false" : nil
        }, [
            .swiftui: .lost { _ in "a tap on the dimming dismisses the sheet, as a swipe does" },
            .uikit: .lost { _ in "a tap on the dimming dismisses the sheet, as a swipe does" },
            .floatingpanel: .expressed("backdropView.dismissalTapGestureRecognizer.isEnabled = false"),
            .gorhom: .expressed("BottomSheetBackdrop pressBehavior=\"none\""),
            .vaul: .expressed("Drawer.Content onPointerDownOutside={(e) => e.preventDefault()} (Radix DismissableLayer)"),
        ]),
        CapabilityRow("motion other than the target's own", "sheet.motion", { m, t in
            ownMotion(m, t) ? nil : MotionText.describe(m.sheet.motion)
        }, [
            .swiftui: .lost { _ in "the system sheet's own spring and release rule" },
            .uikit: .lost { _ in "the system sheet's own spring and release rule" },
            .floatingpanel: .expressed("springResponseTime, springDecelerationRate, momentumProjectionRate"),
            .gorhom: .expressed("animationConfigs"),
            .vaul: .lost { _ in "vaul's own release rule and its 0.5 s cubic-bezier(0.32, 0.72, 0, 1) transition" },
        ]),
        CapabilityRow("a damping ratio below or above 1", "sheet.motion.dampingRatio", { m, t in
            guard !ownMotion(m, t), case .spring(_, let z) = m.motion, z != 1 else { return nil }
            return Fmt.n(z)
        }, [
            .swiftui: .covered(by: "sheet.motion"), .uikit: .covered(by: "sheet.motion"), .vaul: .covered(by: "sheet.motion"),
            .floatingpanel: .lost { _ in "FloatingPanel uses it only for releases faster than 300 pt/s; slower ones settle critically damped" },
            .gorhom: .expressed("useBottomSheetSpringConfigs damping"),
        ]),
        CapabilityRow("a timing curve", "sheet.motion.curve", { m, t in
            guard !ownMotion(m, t), case .curve(let name, let duration, _) = m.motion else { return nil }
            return "\(name.rawValue) over \(Fmt.n(duration)) s"
        }, [
            .swiftui: .covered(by: "sheet.motion"), .uikit: .covered(by: "sheet.motion"), .vaul: .covered(by: "sheet.motion"),
            .floatingpanel: .lost { m in
                guard case .curve(_, let duration, _) = m.motion else { return "" }
                return "FloatingPanel settles with a spring: response \(Fmt.n(duration)) s, critically damped"
            },
            .gorhom: .expressed("useBottomSheetTimingConfigs with Easing.bezier"),
        ]),
        CapabilityRow("another library's release rule", "sheet.motion.feel", { m, t in
            m.sheet.motion.feel == ownFeel(t) ? nil : m.sheet.motion.feel.rawValue
        }, [
            .swiftui: .covered(by: "sheet.motion"), .uikit: .covered(by: "sheet.motion"), .vaul: .covered(by: "sheet.motion"),
            .floatingpanel: .lost { m in "FloatingPanel's own release rule (redirectional progress 0.5, removal at 5.5/s)"
                + (m.sheet.motion.decelerationRate > 0 ? " with momentum projection at \(Fmt.n(m.sheet.motion.decelerationRate))" : "") },
            .gorhom: .lost { _ in "gorhom's release rule: the snap point nearest position + 0.2 s of velocity, "
                + "the spring started at half the release velocity" },
        ]),
        CapabilityRow("a rubber band", "sheet.motion.rubberBand", { m, _ in
            m.sheet.motion.rubberBand != MotionConfig().rubberBand ? Fmt.n(m.sheet.motion.rubberBand) : nil
        }, [
            .swiftui: .covered(by: "sheet.motion"), .uikit: .covered(by: "sheet.motion"), .vaul: .covered(by: "sheet.motion"),
            .floatingpanel: .lost { _ in "FloatingPanel's fixed rubber band" },
            .gorhom: .lost { _ in "gorhom's over-drag resistance" },
        ]),
        CapabilityRow("a fading transition", "sheet.transition", { m, _ in m.sheet.transition == .slideAndFade ? "slideAndFade" : nil }, [
            .swiftui: .lost { _ in "the system sheet slides in without fading" },
            .uikit: .lost { _ in "the system sheet slides in without fading" },
            .floatingpanel: .lost { _ in "the panel slides in without fading" },
            .gorhom: .lost { _ in "the sheet slides in without fading" },
            .vaul: .lost { _ in "the drawer slides in without fading" },
        ]),
        CapabilityRow("the recede SheetLab draws", "sheet.backgroundRecedes", { m, t in
            switch t {
            case .swiftui, .uikit: return m.backgroundRecedes != systemRecedes(m) ? "\(m.backgroundRecedes)" : nil
            case .floatingpanel, .gorhom, .vaul: return m.backgroundRecedes ? "true" : nil
            }
        }, [
            .swiftui: .lost { m in systemRecedeInstead(m) }, .uikit: .lost { m in systemRecedeInstead(m) },
            .floatingpanel: .lost { _ in "the view behind the panel does not recede" },
            .gorhom: .lost { _ in "the screen behind the sheet does not recede" },
            // vaul scales the wrapper whenever the drawer is open (use-scale-background.ts), not only at the last snap point.
            // It is expressed for a drawer with one snap point.
            .vaul: .lost { m in m.detents.count > 1
                ? "shouldScaleBackground scales the page behind the drawer at every snap point, not only at the last" : nil },
        ]),
        CapabilityRow("scrolling does not expand", "sheet.scrollingExpandsSheet", { m, _ in m.sheet.scrollingExpandsSheet ? nil : "false" }, [
            .swiftui: .expressed("presentationContentInteraction(.scrolls)"),
            .uikit: .expressed("prefersScrollingExpandsWhenScrolledToEdge = false"),
            .floatingpanel: .lost { _ in "a scroll view passed to track(scrollView:) moves the panel until full" },
            .gorhom: .expressed("enableContentPanningGesture={false}"),
            .vaul: .lost { _ in "dragging scrollable content moves the drawer until the last snap point" },
        ]),
        CapabilityRow("full screen in compact height", "sheet.edgeAttachedInCompactHeight", { m, _ in
            m.sheet.edgeAttachedInCompactHeight ? nil : "false"
        }, [
            .swiftui: .expressed("the default adaptation"), .uikit: .expressed("prefersEdgeAttachedInCompactHeight = false"),
            .floatingpanel: .lost { _ in "in compact height the panel stays a bottom panel instead of going full screen" },
            .gorhom: .lost { _ in "in landscape the sheet stays a bottom sheet instead of going full screen" },
            .vaul: .lost { _ in "in landscape the drawer stays a bottom drawer instead of going full screen" },
        ]),
        CapabilityRow("the preferred width in compact height", "sheet.widthFollowsPreferredContentSize", { m, _ in
            m.sheet.edgeAttachedInCompactHeight && m.sheet.widthFollowsPreferredContentSize ? "true" : nil
        }, [
            .swiftui: .lost { _ in "SwiftUI has no preferred width for an edge-attached sheet; it spans the safe area" },
            .uikit: .expressed("widthFollowsPreferredContentSizeWhenEdgeAttached + preferredContentSize"),
            .floatingpanel: .lost { _ in "the panel spans the safe area's width" },
            .gorhom: .lost { _ in "the sheet spans the screen's width" },
            .vaul: .lost { _ in "the drawer spans the viewport's width" },
        ]),
    ] + keyboardRows + settingsRows + stackRows

    /// The text field and the keyboard (issue 30): found only when the content has a text field, which is what the
    /// keyboard answers to. What each library does with the keyboard is in docs/keyboard-reference.md.
    static let keyboardRows: [CapabilityRow] = [
        CapabilityRow("a text field", find: { m, _ in
            m.textFields.map { ("sheet.content[\($0.index)]", "textField, \($0.field.style.rawValue)") }
        }, [
            .swiftui: .expressed("TextField (search: after Image(systemName: \"magnifyingglass\") on the system fill; rounded: .textFieldStyle(.roundedBorder))"),
            .uikit: .expressed("UISearchTextField (search), UITextField with borderStyle .roundedRect (rounded)"),
            .floatingpanel: .expressed("UISearchTextField (search), UITextField (rounded) in the panel's content"),
            .gorhom: .expressed("BottomSheetTextInput"),
            .vaul: .expressed("<input type=\"search\"> (search), <input type=\"text\"> (rounded)"),
        ]),
        CapabilityRow("a search field's look", find: { m, _ in
            m.textFields.filter { $0.field.style == .search }.map { ("sheet.content[\($0.index)].style", "search") }
        }, [
            .swiftui: .expressed("a magnifying glass and the system fill (tertiarySystemFill)"),
            .uikit: .expressed("UISearchTextField"), .floatingpanel: .expressed("UISearchTextField"),
            .gorhom: .lost { _ in "React Native has no search field: a TextInput on the search field's fill with returnKeyType \"search\" "
                + "and a clear button, without the magnifying glass" },
            .vaul: .lost { _ in "an <input type=\"search\"> on the search field's fill, without the magnifying glass" },
        ]),
        CapabilityRow("a field focused when the sheet is presented", find: { m, _ in
            m.focusedField.map { [("sheet.content[\($0.index)].focus", "true")] } ?? []
        }, [
            .swiftui: .expressed("@FocusState and .focused(_:), set in .onAppear"),
            .uikit: .expressed("becomeFirstResponder() in viewDidAppear(_:)"),
            .floatingpanel: .expressed("becomeFirstResponder() in the content's viewDidAppear(_:)"),
            .gorhom: .expressed("autoFocus"), .vaul: .expressed("autoFocus"),
        ]),
        CapabilityRow("a keyboard behaviour", "sheet.keyboard.behavior", { m, _ in m.hasTextField ? m.keyboardBehavior.rawValue : nil }, [
            .swiftui: .lost { m in appleKeyboardInstead(m, "SwiftUI's") },
            .uikit: .lost { m in appleKeyboardInstead(m, "UIKit's") },
            .floatingpanel: .lost { m in m.keyboardBehavior == .none ? nil
                : "FloatingPanel has no keyboard handling: the panel moves to its largest state when the field begins editing "
                    + "(textFieldDidBeginEditing, its Maps example's pattern) and the keyboard covers the panel's bottom; it does not follow the keyboard" },
            .gorhom: .lost { m in gorhomKeyboardInstead(m) },
            .vaul: .lost { m in [.reposition, .none].contains(m.keyboardBehavior) ? nil
                : "repositionInputs: vaul lifts the drawer by the keyboard's height at the snap point it rests at, shrunk to fit above the keyboard" },
        ]),
        CapabilityRow("the keyboard hides on a drag", "sheet.keyboard.dismissOnDrag", { m, _ in
            m.hasTextField && m.keyboard.dismissOnDrag ? "true" : nil
        }, [
            .swiftui: .expressed(".scrollDismissesKeyboard(.immediately) on the content's ScrollView (.never when off)"),
            .uikit: .expressed("keyboardDismissMode = .onDrag on the content's UIScrollView (.none when off)"),
            .floatingpanel: .lost { _ in "keyboardDismissMode = .onDrag on the content's UIScrollView hides it when the content is dragged; "
                + "a drag of the panel itself keeps it up" },
            .gorhom: .expressed("enableBlurKeyboardOnGesture"),
            .vaul: .expressed("onDrag blurs the focused field"),
        ]),
        CapabilityRow("a keyboard height", "sheet.keyboard.height", { m, _ in m.hasTextField ? m.keyboard.height.map(Fmt.n) : nil }, [
            .swiftui: .lost { _ in "the device's own keyboard and its height" }, .uikit: .lost { _ in "the device's own keyboard and its height" },
            .floatingpanel: .lost { _ in "the device's own keyboard and its height" }, .gorhom: .lost { _ in "the device's own keyboard and its height" },
            .vaul: .lost { _ in "the device's own keyboard and its height (the visual viewport's shrink)" },
        ]),
    ]

    /// SwiftUI's and UIKit's sheet answer the keyboard as the system does (`system`); any other behaviour is lost.
    static func appleKeyboardInstead(_ m: ExportModel, _ owner: String) -> String? {
        guard m.keyboardBehavior != .system else { return nil }
        return "\(owner) sheet answers the keyboard as the system does: each detent is laid out above the keyboard, capped at "
            + "the large height; it has no \(m.keyboardBehavior.rawValue) behaviour"
    }

    /// gorhom expresses its own three behaviours; the others take the nearest (`GorhomExport.keyboardBehavior`).
    static func gorhomKeyboardInstead(_ m: ExportModel) -> String? {
        let name = GorhomExport.keyboardBehavior(m)
        switch m.keyboardBehavior {
        case .interactive, .extend, .fillParent: return nil
        case .system:
            return "keyboardBehavior \"\(name)\": " + (name == "extend"
                ? "the sheet goes to its largest snap point and the keyboard covers its bottom"
                : "the sheet's largest snap point rises above the keyboard")
                + "; UIKit lays every detent out above the keyboard, capped at the large height"
        case .none:
            return "gorhom always answers the keyboard: keyboardBehavior \"extend\" moves the sheet to its largest snap point, "
                + "where the keyboard covers its bottom"
        case .reposition:
            return "keyboardBehavior \"interactive\" raises the sheet's largest snap point above the keyboard; vaul lifts the drawer "
                + "at the snap point it rests at"
        case .adjustResize:
            return "android_keyboardInputMode=\"adjustResize\" resizes the window on Android; on iOS the sheet answers as "
                + "keyboardBehavior \"interactive\""
        }
    }

    /// The iOS settings: what each target can set for a check of the layout (a preview, a trait override), and where
    /// only the device's own setting applies, what users do instead. Every row is found only when the config turns the
    /// setting on: the code follows the user's settings either way.
    static let settingsRows: [CapabilityRow] = [
        CapabilityRow("a text size", "settings.textSize", { m, _ in
            m.settings.textSize != .large ? m.settings.textSize.rawValue : nil
        }, [
            .swiftui: .expressed("a #Preview with dynamicTypeSize(_:)"),
            .uikit: .expressed("traitOverrides.preferredContentSizeCategory (iOS 17; overrideTraitCollection before), debug builds"),
            .floatingpanel: .expressed("the panel's traitOverrides.preferredContentSizeCategory (iOS 17; setOverrideTraitCollection(_:forChild:) before), debug builds"),
            .gorhom: .lost { _ in "Text follows the device's text size (allowFontScaling); an app cannot set it: choose it in the "
                + "device's Settings › Accessibility › Display & Text Size › Larger Text to check the layout" },
            .vaul: .lost { _ in "the title's rem size follows the browser's text size; a page cannot set it: on iOS Safari, "
                + "html { font: -apple-system-body } makes rem follow Dynamic Type" },
        ]),
        CapabilityRow("Bold Text", "settings.boldText", { m, _ in m.settings.boldText ? "true" : nil }, [
            .swiftui: .expressed("a #Preview with environment(\\.legibilityWeight, .bold) (settable from iOS 16)"),
            .uikit: .expressed("traitOverrides.legibilityWeight = .bold (iOS 17; overrideTraitCollection before), debug builds"),
            .floatingpanel: .expressed("the panel's traitOverrides.legibilityWeight = .bold, debug builds"),
            .gorhom: .lost { _ in "an app cannot set Bold Text; AccessibilityInfo.isBoldTextEnabled() and 'boldTextChanged' "
                + "report it (iOS): turn it on in the device's Settings to check" },
            .vaul: .lost { _ in "the web has no Bold Text media query; the page keeps its weights" },
        ]),
        CapabilityRow("Reduce Transparency", "settings.reduceTransparency", { m, _ in m.settings.reduceTransparency ? "true" : nil }, [
            .swiftui: .lost { m in !m.hasMaterial ? nil : "a preview cannot set it (EnvironmentValues.accessibilityReduceTransparency is get-only); the "
                + "system material turns opaque on a device with it on: turn it on in the Simulator's Settings › Accessibility › "
                + "Display & Text Size, or in Xcode's Environment Overrides" },
            .uikit: .lost { m in !m.hasMaterial ? nil : "no trait carries it and UIAccessibility.isReduceTransparencyEnabled is read-only; the system "
                + "material turns opaque on a device with it on: turn it on in the Simulator's Settings › Accessibility" },
            .floatingpanel: .lost { m in !m.hasMaterial ? nil : "no trait carries it and UIAccessibility.isReduceTransparencyEnabled is read-only; the "
                + "panel's UIVisualEffectView turns opaque on a device with it on: turn it on in the Simulator's Settings" },
            .gorhom: .lost { m in m.hasMaterial
                ? "the sheet takes an opaque fill where the device has it on (AccessibilityInfo.isReduceTransparencyEnabled, "
                    + "'reduceTransparencyChanged'); an app cannot turn it on: do so in the device's Settings"
                : nil },
            .vaul: .lost { m in m.hasMaterial
                ? "@media (prefers-reduced-transparency: reduce) drops the blur for an opaque fill, in Chromium 118+ only: "
                    + "Safari (so every browser on iOS) and Firefox do not report the setting, so offer an opaque theme of your own"
                : nil },
        ]),
        CapabilityRow("Increase Contrast", "settings.increaseContrast", { m, _ in m.settings.increaseContrast ? "true" : nil }, [
            .swiftui: .lost { _ in "a preview cannot set it (EnvironmentValues.colorSchemeContrast is get-only); the system "
                + "sheet and grabber follow a device with it on: turn it on in the Simulator's Settings or Xcode's Environment Overrides" },
            .uikit: .lost { _ in "traitOverrides.accessibilityContrast = .high (debug builds) gives dynamic colours their "
                + "high-contrast variants; what reads UIAccessibility.isDarkerSystemColorsEnabled follows only the device: "
                + "turn it on in the Simulator's Settings to check" },
            .floatingpanel: .lost { m in "the panel's traitOverrides.accessibilityContrast = .high (debug builds) reaches dynamic "
                + "colours only" + (m.sheet.grabber.visible && m.grabberColor.alpha < 255
                    ? ": the grabber turns opaque, a stand-in for iOS's high-contrast grabber" : "")
                + "; what reads UIAccessibility.isDarkerSystemColorsEnabled follows only the device" },
            .gorhom: .lost { _ in "the sheet keeps its colours; AccessibilityInfo.isDarkerSystemColorsEnabled() (iOS) reports the "
                + "setting, and an app cannot turn it on" },
            .vaul: .lost { _ in "@media (prefers-contrast: more) draws the drawer's edge and an opaque grabber, a stand-in for "
                + "iOS's high-contrast colours; it follows the browser's setting, which iOS Safari takes from Increase Contrast" },
        ]),
        CapabilityRow("Reduce Motion", "settings.reduceMotion", { m, _ in m.settings.reduceMotion ? "true" : nil }, [
            .swiftui: .lost { _ in "a preview cannot set it (EnvironmentValues.accessibilityReduceMotion is get-only; iOS 26.4's "
                + "accessibilityPrefersCrossFadeTransitions is settable, for views that read it); the system sheet follows a device "
                + "with it on: turn it on in the Simulator's Settings › Accessibility › Motion" },
            .uikit: .lost { _ in "UIAccessibility.isReduceMotionEnabled and prefersCrossFadeTransitions are read-only; the system "
                + "sheet follows a device with it on: turn it on in the Simulator's Settings › Accessibility › Motion" },
            // With the library's own feel SheetLab already moves as the library does under Reduce Motion (docs/feel.md).
            .floatingpanel: .lost { m in m.sheet.motion.feel == .floatingpanel ? nil
                : "FloatingPanel's springs do not read UIAccessibility.isReduceMotionEnabled: the panel slides as it always does" },
            .gorhom: .lost { m in m.sheet.motion.feel == .gorhom ? nil
                : "overrideReduceMotion={ReduceMotion.System}: the sheet moves to its snap points without "
                + "animating where iOS cross-fades; AccessibilityInfo.prefersCrossFadeTransitions() (iOS) reports the cross-fade "
                + "preference, for a fade of your own" },
            .vaul: .lost { m in m.sheet.motion.feel != .vaul && VaulExport(model: m).usesSnapPoints
                ? "vaul opens a drawer with snap points by the transition it snaps with, so it still slides "
                    + "under @media (prefers-reduced-motion: reduce)"
                : nil },
        ]),
        CapabilityRow("tinted Liquid Glass", "settings.liquidGlass", { m, _ in m.settings.liquidGlass == .tinted ? "tinted" : nil }, [
            .swiftui: .lost { _ in "no API sets or reads the choice; the system glass follows Settings › Display & Brightness › "
                + "Liquid Glass: choose Tinted there" },
            .uikit: .lost { _ in "no API sets or reads the choice; the system glass follows Settings › Display & Brightness › "
                + "Liquid Glass: choose Tinted there" },
            .floatingpanel: .lost { _ in "the panel's material is the clear one; nothing reports the choice" },
            .gorhom: .lost { _ in "the sheet's fill is the clear glass's; nothing reports the choice" },
            .vaul: .lost { _ in "the drawer's fill is the clear glass's; no media query reports the choice" },
        ]),
    ]

    /// Sheets over sheets (docs/stacks.md): found once per stacked sheet, at its `stackBehavior` (the config's, else
    /// its feel's). What each library does when a sheet presents another is in docs/stack-reference.md.
    static let stackRows: [CapabilityRow] = [
        CapabilityRow("a sheet presented over a sheet", find: { m, _ in
            guard let id = m.stackID, let b = m.stackBehavior else { return [] }
            return [("sheets.\(id).stackBehavior", b.rawValue + (m.sheet.stackBehavior == nil ? " (its feel's)" : ""))]
        }, [
            .swiftui: .lost { m in appleStackInstead(m, "SwiftUI's .sheet(isPresented:) inside the presented sheet's content") },
            .uikit: .lost { m in appleStackInstead(m, "UIKit's present(_:animated:) from the presented sheet's view controller") },
            .floatingpanel: .lost { m in
                switch m.stackBehavior ?? .push {
                case .push, .replace: return nil
                case .system: return "a second FloatingPanelController added over the first: the panel below stays where it is (push); "
                    + "FloatingPanel has no system rule (the sheet below sliding down behind the new one)"
                case .switch: return "a second FloatingPanelController added over the first: the panel below stays where it is (push); "
                    + "FloatingPanel does not minimise it and restore it to its detent"
                case .nested: return "a second FloatingPanelController added over the first: the panel below stays where it is (push); "
                    + "FloatingPanel does not scale it back"
                }
            },
            .gorhom: .lost { m in gorhomStackInstead(m) },
            .vaul: .lost { m in
                let b = m.stackBehavior ?? .nested
                guard b != .nested else { return nil }
                return "Drawer.NestedRoot, vaul's only way to open a drawer from a drawer: the drawer below scales to (W − 16)/W and "
                    + "moves up 16 pt while this one is open; vaul has no \(b.rawValue) rule (\(stackPhrase(b)))"
            },
        ]),
    ]

    /// What a stack rule does to the sheet below, in words.
    static func stackPhrase(_ b: StackBehavior) -> String {
        switch b {
        case .system: return "the sheet below slides down behind the new one, or stays at its largest detent"
        case .push: return "the sheet below stays where it is"
        case .switch: return "the sheet below is minimised and restored to its detent when the new one goes"
        case .replace: return "the sheet below is dismissed"
        case .nested: return "the sheet below scales back and moves up 16 pt"
        }
    }

    /// SwiftUI and UIKit stack sheets as the system does: `system` is theirs, any other rule is lost.
    static func appleStackInstead(_ m: ExportModel, _ how: String) -> String? {
        let b = m.stackBehavior ?? .system
        guard b != .system else { return nil }
        return "\(how): the system's rule (below its largest detent the sheet below slides down behind the new one; at "
            + "large glass stays and classic recedes); it has no \(b.rawValue) rule (\(stackPhrase(b)))"
    }

    /// gorhom's `BottomSheetModal` has `push`, `switch` and `replace` among modals; `system` is written as `switch` and
    /// `nested` as `push`, the nearest. The first sheet is a plain `BottomSheet`, which the modal stack does not manage.
    static func gorhomStackInstead(_ m: ExportModel) -> String? {
        let b = m.stackBehavior ?? .switch
        let written = GorhomExport.stackBehavior(b)
        var parts: [String] = []
        switch b {
        case .push, .switch, .replace: break
        case .system: parts.append("stackBehavior \"switch\", the nearest: gorhom has no system rule, so the sheet below is "
            + "minimised and restored instead of sliding down behind the new one")
        case .nested: parts.append("stackBehavior \"push\", the nearest: gorhom has no nested rule, so the sheet below stays "
            + "where it is instead of scaling back")
        }
        if m.presentedByFirstSheet && written != "push" {
            parts.append("over the first sheet, a BottomSheet outside gorhom's modal stack, \"\(written)\" does nothing: the first "
                + "sheet stays where it is (push); make it a BottomSheetModal to have the modal stack \(written == "switch" ? "minimise" : "dismiss") it")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    static func phrase(_ m: ExportModel) -> String {
        if case .material(let mat) = m.background { return SystemMaterial(mat).phrase }
        return ""
    }

    static func glassInstead(_ m: ExportModel, _ noun: String, floating: String, corners: String) -> String {
        if m.floats {
            return "a \(noun) inset \(Fmt.n(m.floatingInset)) pt at every height (\(floating)), \(corners); "
                + "it does not become edge-attached and opaque at the largest detent"
        }
        return "an edge-attached \(noun) with top corners of radius \(Fmt.n(m.cornerRadius)); its fill does not turn opaque at the largest detent"
    }

    static func systemRecedeInstead(_ m: ExportModel) -> String {
        if m.sheet.style == .glass { return "iOS 26's sheet keeps the presenting view full size and dims it" }
        return systemRecedes(m) ? "the presenting view recedes whenever the sheet is dimmed at large"
            : "the presenting view stays put unless the sheet is dimmed at the large detent"
    }

    /// The losses of `model` on `target`, in the table's order.
    /// The first sheet's losses, then each stacked sheet's under `sheets.<id>` (the config-wide `settings` rows are
    /// the first sheet's only: they are one setting for the whole file).
    static func diff(_ model: ExportModel, target: ExportTarget) -> CapabilityDiff {
        var diff = CapabilityDiff(target: target)
        for m in [model] + model.stacked.map(\.model) {
            for row in rows {
                guard case .lost(let instead)? = row.support[target], let text = instead(m) else { continue }
                for found in row.find(m, target) {
                    var path = found.keyPath
                    if m.stackID != nil {
                        if path.hasPrefix("sheet.") { path = m.configPrefix + path.dropFirst("sheet".count) }
                        else if path == "sheet" { path = m.configPrefix }
                        else if !path.hasPrefix("sheets.") { continue }
                    }
                    diff.lose(path, found.value, text)
                }
            }
        }
        return diff
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
