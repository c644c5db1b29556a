/// A view controller presenting the sheet through `UISheetPresentationController` (iOS 16).
struct UIKitExport {
    var model: ExportModel
    /// The content view controller's class: `SheetContentViewController`, or a stacked sheet's `PlaceSheetViewController`.
    var type = "SheetContentViewController"
    /// The stacked sheet's id, when `model` is one.
    var id: String? = nil
    /// The first sheet's model, which holds the `sheets` map; nil when `model` is it.
    var root: ExportModel? = nil

    /// The file's first sheet: it knows every stacked sheet.
    var first: ExportModel { root ?? model }
    /// A stacked sheet's view controller: `PlaceSheetViewController`.
    static func controllerName(_ s: ExportModel.StackedSheet) -> String { s.name + "SheetViewController" }

    /// `.peek`, `.medium`: a detent's identifier in code.
    func name(_ d: ExportModel.Detent) -> String { "." + d.identifier }

    func detentExpression(_ d: ExportModel.Detent) -> String {
        switch d.kind {
        case .large: return ".large()"
        case .medium: return ".medium()"
        case .height:
            // UIKit measures a custom detent within the sheet's safe area (a floating sheet: its own height).
            return ".custom(identifier: \(name(d))) { _ in \(Fmt.n(model.systemDetentValue(d))) }"
        case .fraction(let f):
            return ".custom(identifier: \(name(d))) { context in context.maximumDetentValue\(f == 1 ? "" : " * \(Fmt.n(f))") }"
        case .fit:
            let h = model.systemDetentValue(height: model.naturalHeight)
            return ".custom(identifier: \(name(d))) { context in min(\(Fmt.n(h)), context.maximumDetentValue) }"
        }
    }

    /// iOS 16 for custom detents (`Detent.custom(identifier:resolver:)`), else iOS 15 (`sheetPresentationController`).
    /// Every sheet of the file counts, stacked ones too.
    var floor: IOSFloor {
        IOSFloor(minimum: ([first] + first.stacked.map(\.model)).contains { $0.detents.contains { $0.kind != .large && $0.kind != .medium } } ? 16 : 15)
    }

    var requirement: String {
        floor.minimum >= 16 ? "iOS 16.0 (UISheetPresentationController.Detent.custom(identifier:resolver:))"
            : "iOS 15.0 (UIViewController.sheetPresentationController; the detents are the system's medium and large)"
    }

    func lines() -> [String] {
        let sheet = model.sheet
        var out = ["import UIKit", ""]
        for m in [model] + model.stacked.map(\.model) {
            let custom = m.detents.filter { $0.kind != .large && $0.kind != .medium }
            if !custom.isEmpty {
                out.append("extension UISheetPresentationController.Detent.Identifier {")
                for d in custom { out.append("    static let \(d.identifier) = Self(\(ExportEscaping.swiftString(d.id)))") }
                out += ["}", ""]
            }
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
        out += sheetSetup(model, delegate: "self")
        out += ["        present(content, animated: true)", "    }"]
        if !sheet.dismissible {
            out += [""] + attemptToDismiss
        }
        out += ["}", ""]
        out += content(background: model.background, floor: floor)
        for s in model.stacked {
            out += [""] + UIKitExport(model: s.model, type: Self.controllerName(s), id: s.id, root: model)
                .content(background: s.model.background, floor: floor)
        }
        return out
    }

    /// The delegate method a sheet that is not dismissible reports to.
    var attemptToDismiss: [String] {
        ["    /// A swipe down or a tap on the dimming tried to close the sheet, which is not dismissible.",
         "    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {",
         "        // Ask before discarding, or explain why the sheet stays.",
         "    }"]
    }

    /// How `content` (a view controller in a local of that name) is presented as `m`'s sheet: its sheet presentation
    /// controller's detents, grabber, radius and the rest. `delegate`: who hears a non-dismissible sheet's attempts.
    func sheetSetup(_ m: ExportModel, delegate: String) -> [String] {
        let sheet = m.sheet
        var out: [String] = []
        if !sheet.dismissible { out.append("        content.isModalInPresentation = true") }
        if sheet.edgeAttachedInCompactHeight && sheet.widthFollowsPreferredContentSize {
            // The edge-attached sheet in compact height takes this width (SheetLab's `SheetFrame.preferredWidth`); UIKit
            // reads only the width here.
            out.append("        content.preferredContentSize = CGSize(width: \(Fmt.n(m.preferredWidth)), height: 0)")
        }
        let e = UIKitExport(model: m)
        out += ["        if let sheet = content.sheetPresentationController {",
                "            sheet.detents = ["]
        for d in m.detents { out.append("                \(e.detentExpression(d)),") }
        out.append("            ]")
        out.append("            sheet.selectedDetentIdentifier = \(name(m.initial))")
        out.append("            sheet.largestUndimmedDetentIdentifier = \(m.largestUndimmed.map(name) ?? "nil")")
        out.append("            sheet.prefersGrabberVisible = \(sheet.grabber.visible)")
        if m.cornerRadiusIsExplicit { let r = m.cornerRadius; out.append("            sheet.preferredCornerRadius = \(Fmt.n(r))") }
        out.append("            sheet.prefersScrollingExpandsWhenScrolledToEdge = \(sheet.scrollingExpandsSheet)")
        out.append("            sheet.prefersEdgeAttachedInCompactHeight = \(sheet.edgeAttachedInCompactHeight)")
        out.append("            sheet.widthFollowsPreferredContentSizeWhenEdgeAttached = \(sheet.widthFollowsPreferredContentSize)")
        if !sheet.dismissible { out.append("            sheet.delegate = \(delegate)") }
        // The sheet's chrome and content inherit the presentation controller's traits.
        out += SettingsExport(settings: m.settings).uiKitTraitOverrides(
            owner: "sheet", floor: floor, indent: "            ", fallback: { "sheet.overrideTraitCollection = \($0)" })
        out.append("        }")
        return out
    }

    /// The methods that present each sheet `model` presents, from this (presented) sheet's view controller.
    var presentMethods: [String] {
        var out: [String] = []
        for s in first.presented(by: model) {
            out += ["",
                    "    /// Presents \(ExportEscaping.quotedInComment(s.id)) over this sheet, from this sheet's view controller.",
                    "    func present\(s.name)() {",
                    "        let content = \(Self.controllerName(s))()"]
            out += sheetSetup(s.model, delegate: "content")
            out += ["        present(content, animated: true)", "    }"]
        }
        return out
    }

    /// The content view controller; `background` nil leaves the view clear (a FloatingPanel surface fills it).
    func content(background: ExportModel.Background?, floor: IOSFloor) -> [String] {
        content(background: background, floor: floor, select: { "self?.select(\(name($0)))" }, dismiss: "self?.dismiss(animated: true)",
                selectHelper: ["    func select(_ identifier: UISheetPresentationController.Detent.Identifier) {",
                               "        guard let sheet = sheetPresentationController else { return }",
                               "        sheet.animateChanges { sheet.selectedDetentIdentifier = identifier }",
                               "    }"],
                present: { "self?.present\($0.name)()" }, presentHelpers: presentMethods,
                sheetDelegate: id != nil && !model.sheet.dismissible)
    }

    /// The content view controller, with the calls its buttons make.
    /// `beginEditing`: what the controller does when a field begins editing (FloatingPanel moves the panel), as the
    /// field delegate's `textFieldDidBeginEditing(_:)`; nil: no delegate.
    /// `present`: the call a button makes to present a stacked sheet, and `presentHelpers` the methods it calls.
    /// `sheetDelegate`: the controller hears its own sheet's attempts to dismiss (a stacked sheet that is not dismissible).
    func content(background: ExportModel.Background?, floor: IOSFloor, select: (ExportModel.Detent) -> String, dismiss: String,
                 selectHelper: [String], beginEditing: [String]? = nil, present: (ExportModel.StackedSheet) -> String = { _ in "" },
                 presentHelpers: [String] = [], sheetDelegate: Bool = false) -> [String] {
        let delegate = model.hasTextField ? beginEditing : nil
        let conformances = (delegate == nil ? [] : ["UITextFieldDelegate"]) + (sheetDelegate ? ["UISheetPresentationControllerDelegate"] : [])
        var out = [id.map { "/// The sheet \(ExportEscaping.quotedInComment($0)) of the config's `sheets`: replace its content with yours." }
                       ?? "/// The sheet's content: replace it with yours.",
                   "final class \(type): UIViewController\(conformances.map { ", " + $0 }.joined()) {"]
        for f in model.textFields {
            // UISearchTextField (iOS 13) draws the magnifying glass and the search field's fill.
            out.append("    let \(f.name) = \(f.field.style == .search ? "UISearchTextField" : "UITextField")()")
        }
        if model.hasTextField { out.append("") }
        out += ["    override func viewDidLoad() {",
                "        super.viewDidLoad()"]
        switch background {
        case nil:
            out.append("        view.backgroundColor = .clear")
        case .fill(let c)?:
            out.append("        view.backgroundColor = \(ExportColor.uiKit(c))")
        case .material(let m)?:
            // The system materials are iOS 13; before it, the plain light or dark blur.
            let sys = SystemMaterial(m)
            out.append("        view.backgroundColor = .clear")
            if floor.minimum >= 13 {
                out.append("        let material = UIVisualEffectView(effect: UIBlurEffect(style: \(sys.uiKit)))")
            } else {
                out.append("        let style: UIBlurEffect.Style")
                out += floor.guarded(13, indent: "        ", ["style = \(sys.uiKit)"], otherwise: ["style = \(sys.dark && !sys.exact ? ".dark" : ".light")"])
                out.append("        let material = UIVisualEffectView(effect: UIBlurEffect(style: style))")
            }
            out += [
                    "        material.frame = view.bounds",
                    "        material.autoresizingMask = [.flexibleWidth, .flexibleHeight]",
                    "        view.addSubview(material)"]
        }
        out += ["",
                "        let title = UILabel()",
                "        title.text = \(ExportEscaping.swiftString(model.title))",
                "        title.font = .preferredFont(forTextStyle: .title2)",
                // Dynamic Type: the text style's font follows the text size as it changes, and wraps at large sizes.
                "        title.adjustsFontForContentSizeCategory = true",
                "        title.numberOfLines = 0",
                "        title.textColor = \(ExportColor.uiKit(model.titleColor))",
                "        let stack = UIStackView(arrangedSubviews: [title])",
                "        stack.axis = .vertical",
                "        stack.alignment = .leading",
                "        stack.spacing = 12"]
        // UIAction and UIControl.addAction(_:for:) are iOS 14: a file with buttons states at least that.
        var buttons: [(String, String)] = []
        for element in model.sheet.content {
            if case .button(let b) = element, case .select(let id) = b.action, let d = model.detents.first(where: { $0.id == id }) {
                buttons.append((b.title, select(d)))
            }
        }
        let selects = !buttons.isEmpty
        let presented = first.presented(by: model)
        for (title, sheetID) in model.presentButtons {
            if let s = presented.first(where: { $0.id == sheetID }) { buttons.append((title, present(s))) }
        }
        for f in model.textFields {
            out.append("        \(f.name).placeholder = \(ExportEscaping.swiftString(f.field.placeholder))")
            if !f.field.text.isEmpty { out.append("        \(f.name).text = \(ExportEscaping.swiftString(f.field.text))") }
            out += ["        \(f.name).font = .preferredFont(forTextStyle: .body)",
                    "        \(f.name).adjustsFontForContentSizeCategory = true"]
            switch f.field.style {
            case .search: out.append("        \(f.name).returnKeyType = .search")
            case .rounded: out.append("        \(f.name).borderStyle = .roundedRect")
            }
            if delegate != nil { out.append("        \(f.name).delegate = self") }
            out.append("        stack.addArrangedSubview(\(f.name))")
        }
        if model.hasDismissButton { buttons.append(("Dismiss", dismiss)) }
        for (i, (title, action)) in buttons.enumerated() {
            out += ["        let button\(i) = UIButton(type: .system)",
                    "        button\(i).setTitle(\(ExportEscaping.swiftString(title)), for: .normal)",
                    "        button\(i).addAction(UIAction { [weak self] _ in \(action) }, for: .touchUpInside)",
                    "        stack.addArrangedSubview(button\(i))"]
        }
        if model.hasTextField {
            // The content scrolls inside the sheet; a drag of it hides the keyboard, or keeps it up.
            out += ["        let scroll = UIScrollView()",
                    "        scroll.keyboardDismissMode = \(model.keyboard.dismissOnDrag ? ".onDrag" : ".none")",
                    "        scroll.alwaysBounceVertical = true",
                    "        scroll.frame = view.bounds",
                    "        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]",
                    "        view.addSubview(scroll)",
                    "        stack.translatesAutoresizingMaskIntoConstraints = false",
                    "        scroll.addSubview(stack)",
                    "        NSLayoutConstraint.activate([",
                    "            stack.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 24),",
                    "            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),",
                    "            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),",
                    "            stack.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor, constant: -16),"]
                + model.textFields.map { "            \($0.name).trailingAnchor.constraint(equalTo: stack.trailingAnchor)," }
                + ["        ])", "    }"]
        } else {
        out += ["        stack.translatesAutoresizingMaskIntoConstraints = false",
                "        view.addSubview(stack)",
                "        NSLayoutConstraint.activate([",
                "            stack.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),",
                "            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),",
                "            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),",
                // A bottom edge, so that Auto Layout can measure the content's height (FloatingPanel's intrinsic anchor
                // calls systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) on this view: without it the height
                // is 0 and a fit panel collapses); at most, so that a taller sheet keeps the stack at the top.
                "            stack.bottomAnchor.constraint(lessThanOrEqualTo: view.bottomAnchor, constant: -16),",
                "        ])",
                "    }"]
        }
        if let f = model.focusedField {
            out += ["",
                    "    override func viewDidAppear(_ animated: Bool) {",
                    "        super.viewDidAppear(animated)",
                    "        \(f.name).becomeFirstResponder()",
                    "    }"]
        }
        if let delegate {
            out += ["", "    func textFieldDidBeginEditing(_ textField: UITextField) {"] + delegate.map { "        " + $0 } + ["    }"]
        }
        if selects && !selectHelper.isEmpty { out += [""] + selectHelper }
        out += presentHelpers
        if sheetDelegate { out += [""] + attemptToDismiss }
        out.append("}")
        return out
    }
}
