import Foundation
import Platform
import SheetKit

/// `sheetlab export`: the sheet as code for SwiftUI, UIKit, FloatingPanel, gorhom or vaul (`Exporter`), with the
/// capability diff on stderr.
@MainActor
enum ExportCommand {
    static let to = Option<ExportTarget?>(
        name: "to", placeholder: "TARGET", help: "what to write: \(ExportTarget.allCases.map(\.rawValue).joined(separator: ", ")) (required)",
        defaultValue: nil, requirement: "must be one of \(ExportTarget.allCases.map(\.rawValue).joined(separator: ", "))",
        convert: { ExportTarget(rawValue: $0).map { Optional($0) } })
    static let out = Option<String?>.text("out", "F", help: "write the code to F, atomically (default: standard output)")
    static let strict = Option<Bool>.flag("strict", help: "fail (exit 1) when the target cannot express a config value")

    static let spec = CommandSpec(
        name: "export",
        usage: "export --to swiftui|uikit|floatingpanel|gorhom|vaul [--config C] [--out F] [--strict]",
        summary: """
        Writes code for the sheet: detents, the initial detent, grabber, corners, dismissal, background interaction,
        dimming, material or fill, scrolling, compact height and motion, as far as the target can express them. The
        file starts with the OS or library version it needs and the capability diff: each config value the target
        cannot express, and what the code does instead. The diff also goes to stderr; --strict makes it an error.
        """,
        options: [to, Options.config, out, strict],
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let target = try args.required(to)
        let path = try args.value(out)
        if let path {
            let directory = Inputs.directory(of: path)
            var isDirectory: ObjCBool = false
            if !directory.isEmpty, !(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue) {
                throw InputError(file: path, "the folder \(directory) does not exist")
            }
        }
        let config = try args.value(Options.config)
        let document = try Inputs.config(config)
        Console.warnings(document.warnings)
        let setup = try ResolvedSheet.resolve(document).setup
        let name = config.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "the built-in default"
        let result = Exporter.export(setup, to: target, configName: name)
        for line in result.diff.stderrLines { Console.error(line) }
        if args.isSet(strict) && !result.diff.isEmpty {
            let n = result.diff.losses.count
            Console.error("sheetlab: export: \(target.rawValue): --strict: \(n) config value\(n == 1 ? "" : "s") cannot be expressed; nothing written")
            return 1
        }
        if let path {
            do {
                try AtomicFile.write(result.code, to: path)
            } catch {
                throw PlatformFailure(path, error: error)
            }
            Console.out("\(path): \(target.title), \(result.code.split(separator: "\n", omittingEmptySubsequences: false).count - 1) lines, "
                        + "\(result.diff.losses.count) capability loss\(result.diff.losses.count == 1 ? "" : "es")")
        } else {
            Console.write(Data(result.code.utf8), to: .standardOutput, named: "standard output")
        }
        return 0
    }
}
