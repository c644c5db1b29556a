import Foundation
import Platform
import SheetKit

/// Every command, in the order help lists them; dispatch finds a command here by name.
let commands: [CommandSpec] = [RunCommand.spec, RenderCommand.spec, ClipCommand.spec, PlotCommand.spec, MapCommand.spec, SimulateCommand.spec, CheckCommand.spec, TestCommand.spec, MergeReportsCommand.spec, BenchCommand.spec, ExportCommand.spec, MeasureCommand.spec, CompletionsCommand.spec, ManCommand.spec, SchemaCommand.spec]

/// The version `--version` and the manual page name.
let sheetlabVersion = "0.1.0"


let topHelp = """
usage: sheetlab <command> [options]

SheetLab prototypes iOS-style bottom sheets: detents, drags and flicks, blur and dimming.

commands:
\(commands.map { "  " + $0.usage }.joined(separator: "\n"))

With no command, sheetlab runs `run` on the built-in default. `sheetlab help <command>` (or `sheetlab <command>
--help`) lists a command's options; `--` ends the options, so a file name may start with `-`.

other:
  --help, help [COMMAND]    this help, or a command's
  --version                 the version and the libraries it runs on
"""

@MainActor
func dispatch(_ arguments: [String]) -> Int32 {
    var args = arguments
    let name = args.isEmpty || args[0].hasPrefix("--") && args[0] != "--help" && args[0] != "--version" ? RunCommand.spec.name : args.removeFirst()
    if name == "--help" || name == "-h" || name == "help" {
        // `help COMMAND` is that command's help.
        guard name == "help", let topic = args.first else { Console.outLines(topHelp); return 0 }
        guard args.count == 1 else { Console.errorLines(TerminalText.safe("sheetlab: help takes one command, not \(args.count)")); return 1 }
        guard let spec = commands.first(where: { $0.name == topic }) else {
            let hint = Suggest.nearest(to: topic, in: commands.map(\.name)).map { "; did you mean \($0)?" } ?? ""
            Console.errorLines(TerminalText.safe("sheetlab: help: unknown command '\(topic)'" + hint + "; commands: "
                                                 + commands.map(\.name).joined(separator: ", ")))
            return 1
        }
        Console.outLines(spec.help)
        return 0
    }
    if name == "--version" { Console.out("sheetlab \(sheetlabVersion) (\(PlatformInfo.libraryVersions))"); return 0 }
    guard let spec = commands.first(where: { $0.name == name }) else {
        let hint = Suggest.nearest(to: name, in: commands.map(\.name)).map { "; did you mean \($0)?" } ?? ""
        Console.errorLines(TerminalText.safe("sheetlab: unknown command '\(name)'" + hint) + "\n\n" + topHelp)
        return 1
    }
    // Batch commands make a fresh renderer per snapshot or frame: they keep freed buffers for the next one. The
    // window keeps one renderer and its memory settles as it is (its soak tests hold it to that).
    if spec.name != RunCommand.spec.name { Memory.keepFreedBuffers() }
    do {
        let parsed = try spec.parse(args)
        if parsed.wantsHelp { Console.outLines(spec.help); return 0 }
        return try spec.run(parsed)
    } catch {
        for line in failureLines(error, command: spec) { Console.errorLines(line) }
    }
    return 1
}

// Configs are validated with the text metrics everything else measures with (a `fit` detent's height).
InstalledTextMetrics.install(InterTextMetrics())
let status = dispatch(Array(CommandLine.arguments.dropFirst()))
// Output that could not be written fails the command, whatever it computed (a full disk, a closed stdout).
if let failure = Console.failure {
    Console.error(failure)
    exit(1)
}
exit(status)
