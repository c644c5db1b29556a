/// A view controller presenting the sheet through `UISheetPresentationController` (iOS 16).
struct UIKitExport {
    var model: ExportModel

    /// `.peek`, `.medium`: a detent's identifier in code.
    func name(_ d: ExportModel.Detent) -> String { "." + d.identifier }

    func detentExpression(_ d: ExportModel.Detent) -> String {
        switch d.kind {
        case .large: return ".large()"
        case .medium: return ".medium()"
        case .height:
            // UIKit measures a custom detent within the safe area: the bottom inset comes off.
            return ".custom(identifier: \(name(d))) { _ in \(Fmt.n(model.safeAreaHeight(d))) }"
        case .fraction(let f):
            return ".custom(identifier: \(name(d))) { context in context.maximumDetentValue\(f == 1 ? "" : " * \(Fmt.n(f))") }"
        case .fit:
            let h = max(0, model.naturalHeight - model.canvas.safeBottom)
            return ".custom(identifier: \(name(d))) { context in min(\(Fmt.n(h)), context.maximumDetentValue) }"
        }
    }

    func lines(diff: inout CapabilityDiff) -> [String] {
        let sheet = model.sheet
        var out = ["import UIKit", ""]
        let custom = model.detents.filter { $0.kind != .large && $0.kind != .medium }
        if !custom.isEmpty {
            out.append("extension UISheetPresentationController.Detent.Identifier {")
            for d in custom { out.append("    static let \(d.identifier) = Self(\(Fmt.quoted(d.id)))") }
            out += ["}", ""]
        }
        for d in custom where d.kind == .fit {
            diff.lose(model.keyPath(of: d), "fit", "a custom detent returning the height SheetLab measured "
                      + "(\(Fmt.n(max(0, model.naturalHeight - model.canvas.safeBottom))) pt); it does not follow the real content")
        }
        out += ["final class SheetHostViewController: UIViewController\(sheet.dismissible ? "" : ", UISheetPresentationControllerDelegate") {"]
        if sheet.presented {
            out += ["    override func viewDidAppear(_ animated: Bool) {",
                    "        super.viewDidAppear(animated)",
                    "        if presentedViewController == nil { presentSheet() }",
                    "    }", ""]
        }
        out += ["    func presentSheet() {",
                "        let content = SheetContentViewController()"]
        if !sheet.dismissible { out.append("        content.isModalInPresentation = true") }
        out += ["        if let sheet = content.sheetPresentationController {",
                "            sheet.detents = ["]
        for d in model.detents { out.append("                \(detentExpression(d)),") }
        out.append("            ]")
        out.append("            sheet.selectedDetentIdentifier = \(name(model.initial))")
        out.append("            sheet.largestUndimmedDetentIdentifier = \(model.largestUndimmed.map(name) ?? "nil")")
        out.append("            sheet.prefersGrabberVisible = \(sheet.grabber.visible)")
        if let r = sheet.cornerRadiusOverride { out.append("            sheet.preferredCornerRadius = \(Fmt.n(r))") }
        out.append("            sheet.prefersScrollingExpandsWhenScrolledToEdge = \(sheet.scrollingExpandsSheet)")
        out.append("            sheet.prefersEdgeAttachedInCompactHeight = \(sheet.edgeAttachedInCompactHeight)")
        out.append("            sheet.widthFollowsPreferredContentSizeWhenEdgeAttached = \(sheet.widthFollowsPreferredContentSize)")
        if !sheet.dismissible { out.append("            sheet.delegate = self") }
        out += ["        }", "        present(content, animated: true)", "    }"]
        if !sheet.dismissible {
            out += ["",
                    "    /// A swipe down or a tap on the dimming tried to close the sheet, which is not dismissible.",
                    "    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {",
                    "        // Ask before discarding, or explain why the sheet stays.",
                    "    }"]
        }
        out += ["}", ""]
        out += content(background: model.background)
        SystemSheetLosses(model: model).add(to: &diff)
        return out
    }

    /// The content view controller; `background` nil leaves the view clear (a FloatingPanel surface fills it).
    func content(background: ExportModel.Background?) -> [String] {
        content(background: background, select: { "self?.select(\(name($0)))" }, dismiss: "self?.dismiss(animated: true)",
                selectHelper: ["    func select(_ identifier: UISheetPresentationController.Detent.Identifier) {",
                               "        guard let sheet = sheetPresentationController else { return }",
                               "        sheet.animateChanges { sheet.selectedDetentIdentifier = identifier }",
                               "    }"])
    }

    /// The content view controller, with the calls its buttons make.
    func content(background: ExportModel.Background?, select: (ExportModel.Detent) -> String, dismiss: String,
                 selectHelper: [String]) -> [String] {
        var out = ["/// The sheet's content: replace it with yours.",
                   "final class SheetContentViewController: UIViewController {",
                   "    override func viewDidLoad() {",
                   "        super.viewDidLoad()"]
        switch background {
        case nil:
            out.append("        view.backgroundColor = .clear")
        case .fill(let c)?:
            out.append("        view.backgroundColor = \(ExportColor.uiKit(c))")
        case .material(let m)?:
            out += ["        view.backgroundColor = .clear",
                    "        let material = UIVisualEffectView(effect: UIBlurEffect(style: \(SystemMaterial(m).uiKit)))",
                    "        material.frame = view.bounds",
                    "        material.autoresizingMask = [.flexibleWidth, .flexibleHeight]",
                    "        view.addSubview(material)"]
        }
        out += ["",
                "        let title = UILabel()",
                "        title.text = \(Fmt.quoted(model.title))",
                "        title.font = .preferredFont(forTextStyle: .title2)",
                "        title.textColor = \(ExportColor.uiKit(model.titleColor))",
                "        let stack = UIStackView(arrangedSubviews: [title])",
                "        stack.axis = .vertical",
                "        stack.alignment = .leading",
                "        stack.spacing = 12"]
        var buttons: [(String, String)] = []
        for element in model.sheet.content {
            if case .button(let b) = element, case .select(let id) = b.action, let d = model.detents.first(where: { $0.id == id }) {
                buttons.append((b.title, select(d)))
            }
        }
        let selects = !buttons.isEmpty
        if model.hasDismissButton { buttons.append(("Dismiss", dismiss)) }
        for (i, (title, action)) in buttons.enumerated() {
            out += ["        let button\(i) = UIButton(type: .system)",
                    "        button\(i).setTitle(\(Fmt.quoted(title)), for: .normal)",
                    "        button\(i).addAction(UIAction { [weak self] _ in \(action) }, for: .touchUpInside)",
                    "        stack.addArrangedSubview(button\(i))"]
        }
        out += ["        stack.translatesAutoresizingMaskIntoConstraints = false",
                "        view.addSubview(stack)",
                "        NSLayoutConstraint.activate([",
                "            stack.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),",
                "            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),",
                "            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),",
                "        ])",
                "    }"]
        if selects && !selectHelper.isEmpty { out += [""] + selectHelper }
        out.append("}")
        return out
    }
}
