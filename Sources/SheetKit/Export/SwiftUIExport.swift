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
        // Each stacked sheet declares its own, named after it (`placeCard`).
        for m in [model] + model.stacked.map(\.model) { out += customDetents(m) }

        out += ["struct SheetHostView: View {",
                "    @State private var isPresented = \(sheet.presented)",
                "    @State private var selectedDetent: PresentationDetent = \(name(model.initial))",
                "",
                "    var body: some View {",
                "        Button(\"Show Sheet\") { isPresented = true }",
                "            .sheet(isPresented: $isPresented) {",
                "                SheetContent(\(model.selectButtons.isEmpty ? "" : "selectedDetent: $selectedDetent"))"]
        out += presentationModifiers(model, selection: "$selectedDetent", indent: "                    ")
        out += ["            }", "    }", "}", ""]
        out += content(model, type: "SheetContent")
        for s in model.stacked {
            out += [""] + content(s.model, type: viewName(s), id: s.id)
        }
        out += [""] + SettingsExport(settings: model.settings).swiftUIPreviews(host: "SheetHostView")
        return out
    }

    /// A stacked sheet's view: `PlaceSheet`.
    func viewName(_ s: ExportModel.StackedSheet) -> String { s.name + "Sheet" }

    /// The `extension PresentationDetent` of `m`'s custom detents and the `CustomPresentationDetent` of each fit one.
    func customDetents(_ m: ExportModel) -> [String] {
        var out: [String] = []
        let custom = m.detents.filter { $0.kind != .large && $0.kind != .medium }
        if !custom.isEmpty {
            out.append("extension PresentationDetent {")
            for d in custom {
                switch d.kind {
                case .height(let points):
                    out.append("    /// \(ExportEscaping.quotedInComment(d.id)): \(Fmt.n(d.height)) pt from the screen's bottom edge, less "
                               + "\(m.systemDetentValueExcludes)\(points > d.height ? " (capped at the large height)" : "").")
                    out.append("    static let \(d.identifier) = Self.height(\(Fmt.n(m.systemDetentValue(d))))")
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
            let content = m.systemDetentValue(height: m.naturalHeight)
            out += ["/// The content's height as SheetLab measured it (\(Fmt.n(content)) pt within the safe area), capped at the",
                    "/// largest detent. Measure your own content and return its height here.",
                    "struct \(typeName(d)): CustomPresentationDetent {",
                    "    static func height(in context: Context) -> CGFloat? {",
                    "        min(\(Fmt.n(content)), context.maxDetentValue)",
                    "    }",
                    "}", ""]
        }
        return out
    }

    /// The `presentation…` modifiers of `m`'s sheet, on the view inside `.sheet(isPresented:)`.
    func presentationModifiers(_ model: ExportModel, selection: String, indent m: String) -> [String] {
        let sheet = model.sheet
        var out: [String] = []
        out.append(m + ".presentationDetents([\(model.detents.map(name).joined(separator: ", "))], selection: \(selection))")
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
        return out
    }

    func typeName(_ d: ExportModel.Detent) -> String {
        d.identifier.prefix(1).uppercased() + d.identifier.dropFirst() + "Detent"
    }

    /// The content view of `m`'s sheet, named `type`; `id` is a stacked sheet's. Each sheet it presents is a
    /// `.sheet(isPresented:)` on this view, as SwiftUI presents a sheet from the presented view, with its own state.
    func content(_ m: ExportModel, type: String, id: String? = nil) -> [String] {
        let presented = model.presented(by: m)
        var out = [id.map { "/// The sheet \(ExportEscaping.quotedInComment($0)) of the config's `sheets`: replace its content with yours." }
                       ?? "/// The sheet's content: replace it with yours.",
                   "struct \(type): View {"]
        if !m.selectButtons.isEmpty { out.append("    @Binding var selectedDetent: PresentationDetent") }
        if m.hasDismissButton { out.append("    @Environment(\\.dismiss) private var dismiss") }
        for f in m.textFields { out.append("    @State private var \(f.name)Text = \(ExportEscaping.swiftString(f.field.text))") }
        if let f = m.focusedField { out.append("    @FocusState private var \(f.name)IsFocused: Bool") }
        for s in presented {
            out.append("    @State private var is\(s.name)Presented = false")
            out.append("    @State private var \(s.variable)Detent: PresentationDetent = \(name(s.model.initial))")
        }
        // With a text field the content scrolls, so that a drag of it can hide the keyboard or keep it up.
        let scrolls = m.hasTextField
        let i = scrolls ? "    " : ""
        out += ["", "    var body: some View {"]
        if scrolls { out.append("        ScrollView {") }
        var stack = ["        VStack(alignment: .leading, spacing: 12) {",
                     "            Text(\(ExportEscaping.swiftString(m.title)))",
                     "                .font(.title2)",
                     "                .foregroundStyle(\(ExportColor.swiftUI(m.titleColor)))"]
        for f in m.textFields { stack += field(f, in: m) }
        for (title, d) in m.selectButtons {
            stack.append("            Button(\(ExportEscaping.swiftString(title))) { selectedDetent = \(name(d)) }")
        }
        for (title, sheetID) in m.presentButtons {
            guard let s = presented.first(where: { $0.id == sheetID }) else { continue }
            stack.append("            Button(\(ExportEscaping.swiftString(title))) { is\(s.name)Presented = true }")
        }
        if m.hasDismissButton { stack.append("            Button(\"Dismiss\") { dismiss() }") }
        stack += ["        }",
                  "        .padding()",
                  "        .frame(maxWidth: .infinity, alignment: .leading)"]
        out += stack.map { i + $0 }
        if scrolls {
            out.append("        }")
            out.append(m.keyboard.dismissOnDrag ? "        .scrollDismissesKeyboard(.immediately)" : "        .scrollDismissesKeyboard(.never)")
            if let f = m.focusedField { out.append("        .onAppear { \(f.name)IsFocused = true }") }
        }
        for s in presented {
            out.append("        // \(ExportEscaping.quotedInComment(s.id)), presented over this sheet.")
            out.append("        .sheet(isPresented: $is\(s.name)Presented) {")
            out.append("            \(viewName(s))(\(s.model.selectButtons.isEmpty ? "" : "selectedDetent: $\(s.variable)Detent"))")
            out += presentationModifiers(s.model, selection: "$\(s.variable)Detent", indent: "                ")
            out.append("        }")
        }
        out += ["    }", "}"]
        return out
    }

    /// A text field: a search field is a `TextField` after a magnifying glass on the system's fill; a rounded one
    /// takes `.roundedBorder`.
    func field(_ f: ExportModel.Field, in model: ExportModel) -> [String] {
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
