import Foundation

/// How one snapshot ended, for the reporters: every snapshot is exactly one of passed, failed or written.
/// A scenario that fails before any snapshot (it does not load, its name collides) is one failed result
/// with an empty snapshot name.
struct SnapshotResult: Sendable, Codable {
    enum Status: String, Sendable, Codable { case passed, failed, written }

    /// What `--update` would do (or did) to the golden, for a failed or written snapshot whose golden is the reason:
    /// `new` when there is no golden (`--update=missing` writes it), `changed` when the golden differs beyond its
    /// tolerance or is not a readable PNG (`--update=changed` rewrites it; `--update=all` also rewrites a golden
    /// passing within tolerance, which is written as `changed`). Nil for a pass, and for a failure that recording
    /// would not fix: a scenario that does not load, a render error, a golden that could not be written.
    enum Change: String, Sendable, Codable { case new, changed }

    var scenario: String
    /// The scenario file.
    var file: String
    var snapshot: String
    var status: Status
    /// The one-line reason or description, as printed.
    var message: String
    /// Lines printed below it.
    var details: [String] = []
    var milliseconds: Double = 0
    /// The golden file (expected), when there is one.
    var golden: String?
    /// Failure artifacts by kind: `actual`, `expected`, `diff`, `side-by-side`, `zoom`.
    var artifacts: [String: String] = [:]
    var change: Change?

    var label: String { snapshot.isEmpty ? scenario : "\(scenario)/\(snapshot)" }
}
