/// X in the window: the current config as code for the inspector's export target, written beside the config, with
/// the capability diff shown.
extension Designer {
    /// How long the export's diff stays up, in milliseconds: long enough to read a few lines.
    static let exportToastDuration = 6000.0

    mutating func exportEffects() -> [DesignerEffect] {
        let name = configPath.map(Self.fileName) ?? "the built-in default"
        let result = Exporter.export(setup, to: exportTarget, configName: name)
        let stem = (configPath.map(Self.fileName) ?? "sheet").replacingOccurrences(of: ".json", with: "")
        return [.writeExport(text: result.code, stem: "\(stem)-\(exportTarget.rawValue)", suffix: ".\(exportTarget.fileExtension)",
                             summary: Self.exportSummary(result.diff))]
            + result.diff.stderrLines.map { .stderr($0) }
    }

    /// The diff in a few lines: what the target loses, by key path.
    static func exportSummary(_ diff: CapabilityDiff) -> String {
        if diff.isEmpty { return "\(diff.target.title) expresses every value of the config" }
        return "\(diff.target.title) cannot express \(diff.losses.count):\n"
            + diff.losses.map { "\($0.keyPath): \($0.instead)" }.joined(separator: "\n")
    }

    mutating func chooseExportTarget(_ name: String) {
        guard let target = ExportTarget(rawValue: name) else { return }
        exportTarget = target
        generation += 1
        show("Export to \(target.title): press X")
    }

    mutating func showExport(name: String, summary: String) {
        toast = Toast(message: "Exported \(name)\n" + summary, until: now + Self.exportToastDuration)
    }
}
