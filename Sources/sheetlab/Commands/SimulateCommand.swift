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
    /// Prints the config's warnings, once.
    static func prepare(config configPath: String?, script scriptPath: String, fps: Double) throws -> Simulation {
        let document = try Inputs.config(configPath)
        Console.warnings(document.warnings)
        return try prepare(document: document, script: try Inputs.load(Script.self, scriptPath), base: Inputs.directory(of: scriptPath), fps: fps)
    }

    /// A simulation of `script` against `document`; `reload` paths are relative to `base`.
    static func prepare(document: ConfigDocument, script: LoadedDocument<Script>, base: String, fps: Double) throws -> Simulation {
        var reloads: [String: SheetSetup] = [:]
        var failures: [Diagnostic] = []
        for step in script.value.steps {
            guard case .reload(let path) = step.action, reloads[path] == nil else { continue }
            do {
                let reloaded = try Inputs.config(Inputs.resolve(path, relativeTo: base))
                reloads[path] = try RenderResources.setup(reloaded)
            } catch let error as InputError {
                failures += script.locate([Diagnostic(path: KeyPath.root / "steps" / step.index / "reload", message: "cannot load \(path)")])
                failures += error.diagnostics
            }
        }
        if !failures.isEmpty { throw InputError(failures) }
        let simulation = Simulation(setup: try RenderResources.setup(document), script: script.value, fps: fps, reloads: reloads)
        let issues = simulation.validate()
        if !issues.isEmpty { throw InputError(script.locate(issues)) }
        return simulation
    }
}
