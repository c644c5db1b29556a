import Foundation
import Platform
import SheetKit
import SheetRender

@MainActor
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        usage: "render [--config F] [--script S] [--at MS] [--scale N] --out P.png",
        summary: """
        Writes one frame as a PNG, headless: the state at time MS of script S. With no script it is the
        resting initial state; with a script and no --at, the state where the script comes to rest.
        The PNG is W·N × H·N pixels.
        """,
        options: [
            .init(name: "config", value: "F", help: "config file (default: the built-in default)"),
            .init(name: "script", value: "S", help: "script to play up to --at"),
            .init(name: "at", value: "MS", help: "time in milliseconds on the script's clock"),
            .init(name: "scale", value: "N", help: "pixels per point: 1, 2 or 3 (default: the canvas's)"),
            .init(name: "out", value: "P.png", help: "where to write the PNG (required)"),
        ])

    static func run(_ args: ParsedArguments) throws(Inputs.Failure) -> Int32 {
        guard let out = args.value("out") else { throw Inputs.Failure(file: "render", "--out P.png is required") }
        guard out.lowercased().hasSuffix(".png") else { throw Inputs.Failure(file: out, "--out must name a .png file") }
        var at: Double?
        if let text = args.value("at") {
            guard let v = Double(text), v.isFinite, v >= 0, v <= Simulation.maxScriptLength else {
                throw Inputs.Failure(file: "--at", "must be a time in milliseconds from 0 to \(Int(Simulation.maxScriptLength)), found '\(text)'")
            }
            at = v
        }
        var scale: Int?
        if let text = args.value("scale") {
            guard let v = Int(text), (1...3).contains(v) else { throw Inputs.Failure(file: "--scale", "must be 1, 2 or 3, found '\(text)'") }
            scale = v
        }
        let directory = Inputs.directory(of: out)
        if !directory.isEmpty {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw Inputs.Failure(file: out, "the folder \(directory) does not exist")
            }
        }

        let document = try Inputs.config(args.value("config"))
        CommandSupport.printWarnings(document.warnings)
        let engine: SheetEngine
        let setup: SheetSetup
        if let scriptPath = args.value("script") {
            // The config loaded above, not a second load of the same file (which printed its warnings twice).
            let simulation = try SimulateCommand.prepare(document: document, script: try Inputs.script(scriptPath),
                                                         base: Inputs.directory(of: scriptPath), fps: 60)
            setup = simulation.setup
            engine = simulation.engine(at: at ?? simulation.endTime())
        } else {
            setup = try Rendering.setup(document)
            engine = Simulation(setup: setup, script: Script(steps: [])).engine(at: at ?? 0)
        }
        // A reload in the script may have swapped the config: draw what the engine has now.
        let current = engine.setup
        let renderer = try Rendering.renderer(document, setup: current, scale: scale ?? current.canvas.scale)
        renderer.render(SheetVisual(engine: engine))
        do {
            try ImageFiles.writePNG(renderer.frame, to: out)
        } catch {
            throw Inputs.Failure(file: out, "\(error)")
        }
        Console.out("\(out): \(renderer.widthPixels)×\(renderer.heightPixels) px, t = \(JSONLines.number(engine.time)) ms, "
                    + "\(engine.phase.rawValue)\(engine.restingDetent.map { " on \($0)" } ?? "")")
        return 0
    }
}
