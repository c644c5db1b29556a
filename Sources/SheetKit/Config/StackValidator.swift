/// The checks of the present graph: every `present` names a sheet of the map, no sheet can end up presented over
/// itself, and no chain of presents from the first sheet is deeper than `StackLimits.maxDepth`.
public enum StackValidator {
    public static func validate(_ config: SheetLabConfig) -> [Diagnostic] {
        var issues: [Diagnostic] = []
        let ids = config.sheets.map(\.id)
        let byID = Dictionary(config.sheets.map { ($0.id, $0.sheet) }, uniquingKeysWith: { a, _ in a })
        func base(_ id: String?) -> KeyPath { id.map { KeyPath.root / "sheets" / $0 } ?? KeyPath.root / "sheet" }
        func path(_ from: String?, _ element: [KeyPath.Component]) -> KeyPath { KeyPath(base(from).components + element) / "sheet" }
        func name(_ id: String?) -> String { id.map { "\"\($0)\"" } ?? "sheet" }
        // The graph: which sheets each sheet presents (nil is the first sheet).
        var edges: [String?: [(id: String, element: [KeyPath.Component])]] = [:]
        for (from, sheet) in [(String?.none, config.sheet)] + config.sheets.map({ (String?.some($0.id), $0.sheet) }) {
            for edge in sheet.presentedSheets {
                if byID[edge.id] == nil {
                    let known = ids.isEmpty ? "the config has no \"sheets\"; add \"sheets\": {\"\(edge.id)\": {…}} at the top level"
                                            : "sheets: \(ids.joined(separator: ", "))"
                    issues.append(Diagnostic(path: path(from, edge.element),
                                             message: "no sheet \"\(edge.id)\"\(Suggest.didYouMean(edge.id, in: ids)) (\(known))"))
                } else {
                    edges[from, default: []].append(edge)
                }
            }
        }
        // A cycle anywhere in the map (a depth-first walk that meets a sheet still on its path), reported where the edge
        // that closes it is written. Each sheet is walked once.
        var done = Set<String>()
        var chain: [String] = []
        var cycles = 0
        func walk(_ id: String) {
            chain.append(id)
            for edge in edges[id] ?? [] {
                if let at = chain.firstIndex(of: edge.id) {
                    let loop = (chain[at...] + [edge.id]).map { "\"\($0)\"" }.joined(separator: " → ")
                    cycles += 1
                    issues.append(Diagnostic(path: path(id, edge.element),
                                             message: "presenting \"\(edge.id)\" from \(name(id)) makes a cycle: \(loop); a sheet cannot be presented over itself"))
                } else if !done.contains(edge.id) {
                    walk(edge.id)
                }
            }
            chain.removeLast()
            done.insert(id)
        }
        for id in ids where !done.contains(id) { walk(id) }
        if cycles > 0 { return issues }
        // Depth: the longest chain of presents from each sheet (the graph has no cycle now), the first sheet counting as one.
        var longest: [String: [String]] = [:]
        func chainBelow(_ id: String) -> [String] {
            if let known = longest[id] { return known }
            var best: [String] = []
            for edge in edges[id] ?? [] {
                let c = chainBelow(edge.id)
                if c.count > best.count { best = c }
            }
            longest[id] = [id] + best
            return [id] + best
        }
        for edge in edges[nil] ?? [] {
            let route = chainBelow(edge.id)
            if route.count + 1 > StackLimits.maxDepth {
                let names = (["sheet"] + route.map { "\"\($0)\"" }).joined(separator: " → ")
                issues.append(Diagnostic(path: path(nil, edge.element),
                                         message: "stack deeper than \(StackLimits.maxDepth): presenting \"\(edge.id)\" here leads to \(names), \(route.count + 1) sheets; at most \(StackLimits.maxDepth) may be up at once"))
            }
        }
        return issues
    }
}
