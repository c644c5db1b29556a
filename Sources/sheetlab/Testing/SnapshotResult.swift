import Foundation

/// How one snapshot ended, for the reporters: every snapshot is exactly one of passed, failed or written.
/// A scenario that fails before any snapshot (it does not load, its name collides) is one failed result
/// with an empty snapshot name.
struct SnapshotResult: Sendable, Codable {
    enum Status: String, Sendable, Codable { case passed, failed, written }

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

    var label: String { snapshot.isEmpty ? scenario : "\(scenario)/\(snapshot)" }
}
