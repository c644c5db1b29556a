/// The config's `sheets` (sheets presented over sheets, docs/stacks.md) as the exporters write them: each stacked sheet
/// with a model of its own (resolved by the first sheet's setup, `SheetSetup.stackSetups`), a type name made from its
/// id, and its stack rule.
///
/// Every name made from an id is ASCII letters and digits only (`ExportModel.typeIdentifier`), unique in the file; the
/// id itself reaches code only through `ExportEscaping`.
extension ExportModel {
    /// One sheet of the `sheets` map.
    public struct StackedSheet: Sendable, Equatable {
        /// The config's id.
        public var id: String
        /// An UpperCamelCase name made from the id, unique among the stacked sheets: `Place`, `Place2`.
        public var name: String
        /// `name` in lowerCamelCase, for values and refs: `place`.
        public var variable: String { name.prefix(1).lowercased() + name.dropFirst() }
        /// What presenting it does to the sheet below: the config's `stackBehavior`, else its feel's own.
        public var behavior: StackBehavior
        /// The sheet resolved as a first sheet is, its custom detents renamed (`placeCard`) so that they cannot meet
        /// another sheet's in a file.
        public var model: ExportModel
    }

    /// An UpperCamelCase name for a sheet id: `"place"` is `Place`, `"place-card"` `PlaceCard`, `"2nd"` `Sheet2nd`,
    /// `"*/"` `Sheet`. Only ASCII letters and digits survive, so the name cannot carry anything but an identifier.
    public static func typeIdentifier(_ id: String) -> String {
        var name = ""
        var upper = true
        for u in id.unicodeScalars {
            if u.isASCII, u.properties.isAlphabetic || ("0"..."9").contains(u) {
                let s = String(u)
                name += upper ? s.uppercased() : s
                upper = false
            } else {
                upper = true
            }
        }
        if name.isEmpty || name.first!.isNumber { name = "Sheet" + name }
        return name
    }

    /// The stacked sheets of `setup`'s config, in the config's order, each named uniquely. `Sheet` is kept for the
    /// first sheet's own types (`SheetPanelLayout`, `SheetContent`), so a sheet named `sheet` is `Sheet2`.
    static func stackedSheets(_ setup: SheetSetup, first: ExportModel) -> [StackedSheet] {
        var names: Set<String> = ["Sheet"]
        var detentNames = Set(first.detents.map(\.identifier))
        var out: [StackedSheet] = []
        for entry in setup.config.sheets {
            guard let stackSetup = setup.stackSetups[entry.id] else { continue }
            let base = typeIdentifier(entry.id)
            var name = base
            var n = 2
            while names.contains(name) { name = base + String(n); n += 1 }
            names.insert(name)
            var model = ExportModel(setup: stackSetup)
            model.stackID = entry.id
            model.stackBehavior = entry.sheet.resolvedStackBehavior
            // Who presents it: the first sheet (nil) or stacked sheets, by id.
            let sources = [(String?.none, setup.config.sheet)] + setup.config.sheets.map { (String?.some($0.id), $0.sheet) }
            model.presenterIDs = sources.filter { $0.1.presentedSheets.contains { $0.id == entry.id } }.map(\.0)
            let variable = name.prefix(1).lowercased() + name.dropFirst()
            // Custom detents are declared once per file (a PresentationDetent, a detent identifier, a FloatingPanel
            // state): prefix them with the sheet's name. `.large` and `.medium` are the system's own.
            func renamed(_ d: Detent) -> Detent {
                guard d.kind != .large && d.kind != .medium else { return d }
                var d = d
                var identifier = variable + d.identifier.prefix(1).uppercased() + d.identifier.dropFirst()
                while detentNames.contains(identifier) { identifier += "_" }
                d.identifier = identifier
                return d
            }
            let map = Dictionary(model.detents.map { ($0.id, renamed($0)) }, uniquingKeysWith: { a, _ in a })
            for d in map.values where d.kind != .large && d.kind != .medium { detentNames.insert(d.identifier) }
            model.detents = model.detents.map { map[$0.id]! }
            model.initial = map[model.initial.id]!
            model.largestUndimmed = model.largestUndimmed.map { map[$0.id]! }
            out.append(StackedSheet(id: entry.id, name: name, behavior: entry.sheet.resolvedStackBehavior, model: model))
        }
        return out
    }

    /// The stacked sheets `presenter`'s buttons and rows present, each once, in the order the content first names them.
    public func presented(by presenter: ExportModel) -> [StackedSheet] {
        var seen = Set<String>()
        var out: [StackedSheet] = []
        for edge in presenter.sheet.presentedSheets where !seen.contains(edge.id) {
            seen.insert(edge.id)
            if let s = stacked.first(where: { $0.id == edge.id }) { out.append(s) }
        }
        return out
    }

    /// The content's buttons and rows (list rows too) that present a sheet: their titles and the sheet's id, in
    /// content order.
    public var presentButtons: [(title: String, id: String)] {
        var out: [(String, String)] = []
        for element in sheet.content {
            switch element {
            case .button(let b): if case .present(let id) = b.action { out.append((b.title, id)) }
            case .row(let r): if case .present(let id) = r.action { out.append((r.title, id)) }
            case .list(let l):
                for r in l.rows { if case .present(let id) = r.action { out.append((r.title, id)) } }
            default: break
            }
        }
        return out
    }

    /// Where this model's config lives: `sheet`, or `sheets.<id>` for a stacked sheet.
    public var configPrefix: String { stackID.map { "sheets.\($0)" } ?? "sheet" }

    /// Whether the first sheet presents this stacked sheet.
    public var presentedByFirstSheet: Bool { presenterIDs.contains(nil) }
}
