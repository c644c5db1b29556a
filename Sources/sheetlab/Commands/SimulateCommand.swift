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
        let simulation = try prepare(config: try args.value(Options.config), script: scriptPath, fps: fps)
        var out = OutputBuffer()
        simulation.run { out.line(JSONLines.line($0)) }
        out.flush()
        return 0
    }

    /// Loads and checks everything a simulation needs, so that bad input fails before any output.
    static func prepare(config configPath: String?, script scriptPath: String, fps: Double) throws(Inputs.Failure) -> Simulation {
        let document = try Inputs.config(configPath)
        Console.warnings(document.warnings)
        return try prepare(document: document, script: try Inputs.script(scriptPath), base: Inputs.directory(of: scriptPath), fps: fps)
    }

    /// A simulation of `file` against `document`; `reload` paths are relative to `base`.
    static func prepare(document: ConfigDocument, script file: Inputs.ScriptFile, base: String, fps: Double) throws(Inputs.Failure) -> Simulation {
        var reloads: [String: SheetSetup] = [:]
        var failures: [Diagnostic] = []
        for step in file.script.steps {
            guard case .reload(let path) = step.action, reloads[path] == nil else { continue }
            do {
                let reloaded = try Inputs.config(Inputs.resolve(path, relativeTo: base))
                reloads[path] = try Rendering.setup(reloaded)
            } catch {
                failures += file.locate([Diagnostic(path: KeyPath.root / "steps" / step.index / "reload",
                                                    message: "cannot load \(path)")])
                failures += error.diagnostics
            }
        }
        if !failures.isEmpty { throw Inputs.Failure(failures) }
        let simulation = Simulation(setup: try Rendering.setup(document), script: file.script, fps: fps, reloads: reloads)
        let issues = simulation.validate()
        if !issues.isEmpty { throw Inputs.Failure(file.locate(issues)) }
        return simulation
    }
}
