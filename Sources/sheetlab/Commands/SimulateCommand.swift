import Foundation
import SheetKit

@MainActor
enum SimulateCommand {
    static let spec = CommandSpec(
        name: "simulate",
        usage: "simulate [--config F] --script S [--fps N]",
        summary: "Plays script S on a virtual clock and prints one JSON object per line: a frame at every frame, and events.",
        options: [
            .init(name: "config", value: "F", help: "config file (default: the built-in default)"),
            .init(name: "script", value: "S", help: "script file, {\"steps\": [...]} (required)"),
            .init(name: "fps", value: "N", help: "frames per second of the virtual clock (default 60)"),
        ])

    static func run(_ args: ParsedArguments) throws(Inputs.Failure) -> Int32 {
        guard let scriptPath = args.value("script") else { throw Inputs.Failure(file: "simulate", "--script S is required") }
        let fps = try CommandSupport.fps(args.value("fps"))
        let simulation = try prepare(config: args.value("config"), script: scriptPath, fps: fps)
        var out = OutputBuffer()
        simulation.run { out.line(JSONLines.line($0)) }
        out.flush()
        return 0
    }

    /// Loads and checks everything a simulation needs, so that bad input fails before any output.
    static func prepare(config configPath: String?, script scriptPath: String, fps: Double) throws(Inputs.Failure) -> Simulation {
        let document = try Inputs.config(configPath)
        CommandSupport.printWarnings(document.warnings)
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

enum CommandSupport {
    static func fps(_ text: String?) throws(Inputs.Failure) -> Double {
        guard let text else { return 60 }
        guard let v = Double(text), v.isFinite, v >= 1, v <= 1000 else {
            throw Inputs.Failure(file: "--fps", "must be a number from 1 to 1000, found '\(text)'")
        }
        return v
    }

    static func printWarnings(_ warnings: [Diagnostic]) {
        for w in warnings { Console.error(w.description) }
    }
}
