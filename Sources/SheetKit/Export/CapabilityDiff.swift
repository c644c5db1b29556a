import Foundation

/// One config value a target cannot express, and what the generated code does instead.
public struct CapabilityLoss: Sendable, Equatable, CustomStringConvertible {
    /// The config key path, such as `sheet.motion` or `sheet.grabber.color`.
    public var keyPath: String
    /// What the config says.
    public var config: String
    /// What the target does instead.
    public var instead: String

    public init(_ keyPath: String, _ config: String, _ instead: String) {
        self.keyPath = keyPath; self.config = config; self.instead = instead
    }

    public var description: String { "\(keyPath): \(config); \(instead)" }
}

/// Every loss of one export, in the order the exporter met them.
public struct CapabilityDiff: Sendable, Equatable {
    public var target: ExportTarget
    public var losses: [CapabilityLoss] = []

    public init(target: ExportTarget) { self.target = target }

    public var isEmpty: Bool { losses.isEmpty }

    mutating func lose(_ keyPath: String, _ config: String, _ instead: String) {
        losses.append(CapabilityLoss(keyPath, config, instead))
    }

    /// The lines `sheetlab export` prints on stderr: `sheetlab: export: uikit: sheet.motion: …`.
    public var stderrLines: [String] {
        losses.map { "sheetlab: export: \(target.rawValue): \($0)" }
    }

    /// The diff as comment lines (`//` works in Swift and TSX), for the top of the generated file.
    public var commentLines: [String] {
        if losses.isEmpty { return ["// Capability diff: none; every config value is expressed below."] }
        return ["// Capability diff: what \(target.title) cannot express, and what this code does instead:"]
            + losses.map { "//   - " + ExportEscaping.lineComment($0.description) }
    }
}
