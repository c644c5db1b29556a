/// A SwiftUI view presenting the sheet with `.sheet(isPresented:)` and the `presentation…` modifiers (iOS 16.4).
struct SwiftUIExport {
    var model: ExportModel

    /// `.peek`, `.medium`: how a detent is named in code.
    func name(_ d: ExportModel.Detent) -> String { "." + d.identifier }

    /// Every file uses presentationBackground, presentationBackgroundInteraction and presentationContentInteraction.
    var requirement: String {
        "iOS 16.4 (presentationCornerRadius, presentationBackground, presentationBackgroundInteraction, "
            + "presentationContentInteraction, presentationCompactAdaptation)"
    }

    func lines() -> [String] {
        let sheet = model.sheet
        var out = ["import SwiftUI", ""]

        // Custom detents: SwiftUI measures a detent within the sheet's safe area (a floating sheet: its own height).
        let custom = model.detents.filter { $0.kind != .large && $0.kind != .medium }
        if !custom.isEmpty {
            out.append("extension PresentationDetent {")
            for d in custom {
                switch d.kind {
                case .height(let points):
                    out.append("    /// \(ExportEscaping.quotedInComment(d.id)): \(Fmt.n(d.height)) pt from the screen's bottom edge, less "
                               + "\(model.systemDetentValueExcludes)\(points > d.height ? " (capped at the large height)" : "").")
                    out.append("    static let \(d.identifier) = Self.height(\(Fmt.n(model.systemDetentValue(d))))")
                case .fraction(let f):
                    out.append("    /// \(ExportEscaping.quotedInComment(d.id)): \(Fmt.n(f * 100)) % of the large height.")
                    out.append("    static let \(d.identifier) = Self.fraction(\(Fmt.n(f)))")
                case .fit:
                    out.append("    /// \(ExportEscaping.quotedInComment(d.id)): as tall as the content (`\(typeName(d))`).")
                    out.append("    static let \(d.identifier) = Self.custom(\(typeName(d)).self)")
                case .large, .medium: break
                }
            }
            out += ["}", ""]
        }
        for d in custom where d.kind == .fit {
            let content = model.systemDetentValue(height: model.naturalHeight)
            out += ["/// The content's height as SheetLab measured it (\(Fmt.n(content)) pt within the safe area), capped at the",
                    "/// largest detent. Measure your own content and return its height here.",
                    "struct \(typeName(d)): CustomPresentationDetent {",
                    "    static func height(in context: Context) -> CGFloat? {",
                    "        min(\(Fmt.n(content)), context.maxDetentValue)",
                    "    }",
                    "}", ""]
        }

        out += ["struct SheetHostView: View {",
                "    @State private var isPresented = \(sheet.presented)",
                "    @State private var selectedDetent: PresentationDetent = \(name(model.initial))",
                "",
                "    var body: some View {",
                "        Button(\"Show Sheet\") { isPresented = true }",
                "            .sheet(isPresented: $isPresented) {",
                "                SheetContent(\(model.selectButtons.isEmpty ? "" : "selectedDetent: $selectedDetent"))"]
        let m = "                    "
        out.append(m + ".presentationDetents([\(model.detents.map(name).joined(separator: ", "))], selection: $selectedDetent)")
        out.append(m + ".presentationDragIndicator(\(sheet.grabber.visible ? ".visible" : ".hidden"))")
        if model.cornerRadiusIsExplicit { let r = model.cornerRadius; out.append(m + ".presentationCornerRadius(\(Fmt.n(r)))") }
        switch model.background {
        case .fill(let c):
            out.append(m + ".presentationBackground(\(ExportColor.swiftUI(c)))")
        case .material(let mat):
            let sys = SystemMaterial(mat)
            out.append(m + ".presentationBackground(\(sys.swiftUI))")
            // A named material follows the system's appearance; raw values were chosen for one, so pin it.
            if !sys.exact { out.append(m + ".preferredColorScheme(\(sys.dark ? ".dark" : ".light"))") }
        }
        if let u = model.largestUndimmed {
            out.append(m + ".presentationBackgroundInteraction(\(u.id == model.largest.id ? ".enabled" : ".enabled(upThrough: \(name(u)))"))")
        } else {
            out.append(m + ".presentationBackgroundInteraction(.disabled)")
        }
        out.append(m + ".presentationContentInteraction(\(sheet.scrollingExpandsSheet ? ".resizes" : ".scrolls"))")
        // In compact height a sheet becomes a full-screen cover by default, as SheetLab's does; `.none` keeps it a sheet.
        if sheet.edgeAttachedInCompactHeight { out.append(m + ".presentationCompactAdaptation(.none)") }
        if !sheet.dismissible { out.append(m + ".interactiveDismissDisabled()") }
        out += ["            }", "    }", "}", ""]
        out += content()
        out += [""] + SettingsExport(settings: model.settings).swiftUIPreviews(host: "SheetHostView")
        return out
    }

    func typeName(_ d: ExportModel.Detent) -> String {
        d.identifier.prefix(1).uppercased() + d.identifier.dropFirst() + "Detent"
    }

    func content() -> [String] {
        var out = ["/// The sheet's content: replace it with yours.",
                   "struct SheetContent: View {"]
        if !model.selectButtons.isEmpty { out.append("    @Binding var selectedDetent: PresentationDetent") }
        if model.hasDismissButton { out.append("    @Environment(\\.dismiss) private var dismiss") }
        for f in model.textFields { out.append("    @State private var \(f.name)Text = \(ExportEscaping.swiftString(f.field.text))") }
        if let f = model.focusedField { out.append("    @FocusState private var \(f.name)IsFocused: Bool") }
        // With a text field the content scrolls, so that a drag of it can hide the keyboard or keep it up.
        let scrolls = model.hasTextField
        let i = scrolls ? "    " : ""
        out += ["", "    var body: some View {"]
        if scrolls { out.append("        ScrollView {") }
        var stack = ["        VStack(alignment: .leading, spacing: 12) {",
                     "            Text(\(ExportEscaping.swiftString(model.title)))",
                     "                .font(.title2)",
                     "                .foregroundStyle(\(ExportColor.swiftUI(model.titleColor)))"]
        for f in model.textFields { stack += field(f) }
        for (title, d) in model.selectButtons {
            stack.append("            Button(\(ExportEscaping.swiftString(title))) { selectedDetent = \(name(d)) }")
        }
        if model.hasDismissButton { stack.append("            Button(\"Dismiss\") { dismiss() }") }
        stack += ["        }",
                  "        .padding()",
                  "        .frame(maxWidth: .infinity, alignment: .leading)"]
        out += stack.map { i + $0 }
        if scrolls {
            out.append("        }")
            out.append(model.keyboard.dismissOnDrag ? "        .scrollDismissesKeyboard(.immediately)" : "        .scrollDismissesKeyboard(.never)")
            if let f = model.focusedField { out.append("        .onAppear { \(f.name)IsFocused = true }") }
        }
        out += ["    }", "}"]
        return out
    }

    /// A text field: a search field is a `TextField` after a magnifying glass on the system's fill; a rounded one
    /// takes `.roundedBorder`.
    func field(_ f: ExportModel.Field) -> [String] {
        let focus = f.field.focus ? [".focused($\(f.name)IsFocused)"] : []
        let textField = "TextField(\(ExportEscaping.swiftString(f.field.placeholder)), text: $\(f.name)Text)"
        switch f.field.style {
        case .search:
            return ["            HStack(spacing: 8) {",
                    "                Image(systemName: \"magnifyingglass\")",
                    "                    .foregroundStyle(Color.secondary)",
                    "                " + textField]
                + focus.map { "                    " + $0 }
                + ["            }",
                   "            .padding(.horizontal, 10)",
                   "            .frame(height: 36)",
                   "            .background(\(ExportColor.swiftUI(model.fieldFill)), in: RoundedRectangle(cornerRadius: 10))"]
        case .rounded:
            return ["            " + textField, "                .textFieldStyle(.roundedBorder)"] + focus.map { "                " + $0 }
        }
    }
}
