import Foundation

/// Which goldens `--update` may write: a golden that passes within its tolerance is rewritten only by `all`.
struct RecordMode: Sendable, Equatable, CustomStringConvertible {
    var missing: Bool
    var changed: Bool
    var withinTolerance: Bool

    static let missingOnly = RecordMode(missing: true, changed: false, withinTolerance: false)
    static let changedOnly = RecordMode(missing: false, changed: true, withinTolerance: false)
    static let missingAndChanged = RecordMode(missing: true, changed: true, withinTolerance: false)
    static let all = RecordMode(missing: true, changed: true, withinTolerance: true)

    /// `--update` bare (empty text) means missing and changed.
    init?(_ text: String) {
        switch text {
        case "": self = .missingAndChanged
        case "missing": self = .missingOnly
        case "changed": self = .changedOnly
        case "all": self = .all
        default: return nil
        }
    }

    init(missing: Bool, changed: Bool, withinTolerance: Bool) {
        self.missing = missing; self.changed = changed; self.withinTolerance = withinTolerance
    }

    /// The option as typed: `--update=missing`, `--update=changed`, `--update=all`, or bare `--update`.
    var description: String {
        switch self {
        case .missingOnly: "--update=missing"
        case .changedOnly: "--update=changed"
        case .all: "--update=all"
        default: "--update"
        }
    }

    /// Where a golden stands against a fresh render.
    enum Standing: Equatable {
        /// No golden file.
        case missing
        /// A file that is not a readable PNG (a Git LFS pointer, empty, truncated): replaced like a failing golden.
        case unreadable
        /// Differs beyond its tolerance.
        case failing
        /// Differs, but within its tolerance.
        case withinTolerance
        /// The same pixels.
        case identical
    }

    /// Whether this mode writes a golden that stands so.
    func writes(_ standing: Standing) -> Bool {
        switch standing {
        case .missing: missing
        case .unreadable, .failing: changed
        case .withinTolerance: withinTolerance
        case .identical: false
        }
    }

    /// Why writing goldens is refused in this environment, or nil: with `CI` set (any non-empty value),
    /// a run must never pass on a fresh recording.
    /// `pruning` says what the run would do: remove unused goldens (`--prune`) rather than write goldens.
    static func refusal(environment: [String: String], pruning: Bool = false) -> String? {
        guard let ci = environment["CI"], !ci.isEmpty else { return nil }
        if pruning {
            return "CI is set (CI=\(ci)), so unused goldens are not removed: prune them on a development machine and commit that, or unset CI"
        }
        return "CI is set (CI=\(ci)), so goldens are not written: record them on a development machine and commit them, or unset CI"
    }
}
