import Foundation
import Platform
import SheetKit
import SheetRender

/// `sheetlab plot`: a simulation's height, velocity and dimming over time (`MotionPlot`), as a PNG.
@MainActor
enum PlotCommand {
    static let spec = CommandSpec(
        name: "plot",
        usage: "plot [--config F] --script S [--fps N] --out P.png",
        summary: """
        Plays script S on the virtual clock, as simulate does, and draws the sheet's height (with the detents
        marked), its velocity and the dimming over time, with every release and where it sent the sheet, as a
        \(MotionPlot.width)×\(MotionPlot.height) PNG for a review or a bug report.
        """,
        options: [Options.config, Options.script.helped("script file, {\"steps\": [...]} (required)"), Options.fps, Options.out],
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let out = try Inputs.outputPNG(try args.required(Options.out))
        let scriptPath = try args.required(Options.script)
        let configPath = try args.value(Options.config)
        let simulation = try ResolvedScript.load(config: configPath, script: scriptPath, fps: try args.value(Options.fps)).simulation
        var frames: [FrameState] = [], events: [TimedEvent] = []
        simulation.run { record in
            switch record {
            case .frame(let f): frames.append(f)
            case .event(let e): events.append(e)
            }
        }
        let config = configPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "built-in default"
        let title = "Motion · \(config) · \(URL(fileURLWithPath: scriptPath).lastPathComponent)"
        let picture = MotionPlot(frames: frames, events: events, setup: simulation.setup, title: title,
                                 text: try RenderResources.text()).render()
        do {
            try ImageFiles.writePNG(picture, to: out)
        } catch {
            throw PlatformFailure(out, error: error)
        }
        let end = frames.last.map { ($0.time * 10).rounded() / 10 } ?? 0
        Console.out("\(out): \(picture.width)×\(picture.height) px, \(frames.count) frames, 0–\(end.clean) ms")
        return 0
    }
}
