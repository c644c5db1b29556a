import Foundation
import SheetKit

@MainActor
enum SimulateCommand {
    static let spec = CommandSpec(
        name: "simulate",
        usage: "simulate [--config F] --script S [--fps N]",
        summary: "Plays script S on a virtual clock and prints one JSON object per line: a frame at every frame, and events.",
        options: [Options.config, Options.script.helped("script file, {\"steps\": [...]} (required)"), Options.fps],
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let scriptPath = try args.required(Options.script)
        let fps = try args.value(Options.fps)
        let simulation = try ResolvedScript.load(config: try args.value(Options.config), script: scriptPath, fps: fps).simulation
        var out = OutputBuffer()
        simulation.run { out.line(JSONLines.line($0)) }
        out.flush()
        return 0
    }
}
