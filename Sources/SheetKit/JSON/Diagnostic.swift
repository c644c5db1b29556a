/// One problem found in an input file, with enough detail to find and fix it.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public var file: String?
    public var position: SourcePosition?
    public var path: KeyPath?
    public var message: String
    public var severity: Severity

    public init(file: String? = nil, position: SourcePosition? = nil, path: KeyPath? = nil,
                message: String, severity: Severity = .error) {
        self.file = file
        self.position = position
        self.path = path
        self.message = message
        self.severity = severity
    }

    /// `sheetlab: <file>:<line>:<col>: <key path>: <message>`, the one form every error takes.
    public var description: String {
        var parts = ["sheetlab"]
        var location = file ?? "<input>"
        if let position { location += ":\(position.line):\(position.column)" }
        parts.append(location)
        if let path, !path.components.isEmpty { parts.append(path.description) }
        parts.append(severity == .warning ? "warning: \(message)" : message)
        return TerminalText.safe(parts.joined(separator: ": "))
    }
}

/// "Did you mean" suggestions, by edit distance.
public enum Suggest {
    /// The candidate nearest to `word` by edit distance, if it is close enough to be a likely typo.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lower, candidate.lowercased())
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        guard let (name, d) = best else { return nil }
        let limit = max(2, min(word.count, name.count) / 3)
        return d <= limit ? name : nil
    }

    /// `"word" is not valid`, the nearest candidate when it is a likely typo, and every candidate in its order:
    /// for short lists whose every value a user should see.
    public static func notValid(_ word: String, among candidates: [String]) -> String {
        let near = nearest(to: word, in: candidates).map { "; did you mean \($0)?" } ?? ""
        return "\"\(word)\" is not valid\(near) (valid: \(candidates.joined(separator: ", ")))"
    }

    public static func didYouMean(_ word: String, in candidates: [String]) -> String {
        if let s = nearest(to: word, in: candidates) { return "; did you mean \(s)?" }
        let list = candidates.sorted().joined(separator: ", ")
        return list.isEmpty ? "" : "; expected one of: \(list)"
    }

    /// Optimal-string-alignment distance: a swap of two neighbours ("cornerRaduis") counts as one edit.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
