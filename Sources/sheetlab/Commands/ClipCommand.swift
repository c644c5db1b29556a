import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// `sheetlab clip`: a scripted gesture as an animation, frame by frame from the virtual clock.
@MainActor
enum ClipCommand {
    static let from = Option<Double?>.milliseconds("from", help: "first frame's time in ms on the script's clock (default 0)")
    static let to = Option<Double?>.milliseconds("to", help: "last frame's time in ms (default: when the script comes to rest)")
    static let fps = Option<Double?>(
        name: "fps", placeholder: "N", help: "frames per second: up to 120, 50 for GIF (default 60; 50 for GIF)", defaultValue: nil,
        requirement: "must be a number of frames per second", convert: { Double($0).flatMap { $0.isFinite ? Optional(Optional($0)) : nil } })
    static let scale = Options.scale.helped("pixels per point: 1, 2 or 3 (default 1: clips are for sharing)")
    static let touches = Option<Bool>.flag("touches", help: "draw the finger as a grey disc while it is down, like iOS's Show Touches")
    static let quality = Option<Double?>(
        name: "quality", placeholder: "Q", help: "WebP only: lossy at quality Q, 1 to 100 (default: lossless)", defaultValue: nil,
        requirement: "must be a number from 1 to 100", convert: { Double($0).flatMap { (1...100).contains($0) ? Optional(Optional($0)) : nil } })
    static let effort = Option<Int?>(
        name: "effort", placeholder: "E", help: "lossless WebP only: compression effort 0 (fastest, default) to 9 (smallest)", defaultValue: nil,
        requirement: "must be a whole number from 0 to 9", convert: { Int($0).flatMap { (0...9).contains($0) ? Optional(Optional($0)) : nil } })
    static let out = Option<String?>.text("out", "X.webp|.gif|.mp4", help: "where to write the clip; the extension picks the format (required)")

    static let spec = CommandSpec(
        name: "clip",
        usage: "clip [--config F] --script S --out X.webp|.gif|.mp4 [--scale N] [--fps N] [--from MS --to MS] [--touches] [--quality Q | --effort E] [--setting KEY=VALUE …]",
        summary: """
        Writes script S as an animation: frame i is the state at from + i·1000/fps ms, drawn as `render --at` draws it,
        so the first and last frames are `render`'s. WebP is lossless, GIF has a palette per frame and dithering,
        MP4 (H.264) needs ffmpeg. Unchanged frames lengthen the one before in WebP and GIF.
        """,
        options: [Options.config, Options.script.helped("script file, {\"steps\": [...]} (required)"), out, scale, fps, from, to,
                  touches, quality, effort, Options.setting],
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let started = ContinuousClock.now
        let outPath = try args.required(out)
        guard let format = ClipFormat(path: outPath) else {
            throw InputError(file: outPath, "--out must name a \(ClipFormat.list) file")
        }
        let directory = Inputs.directory(of: outPath)
        var isDirectory: ObjCBool = false
        if !directory.isEmpty, !(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw InputError(file: outPath, "the folder \(directory) does not exist")
        }
        let quality = try args.value(quality)
        if quality != nil && format != .webp { throw InputError(file: "--quality", "applies to WebP only, not \(format.name)") }
        let effort = try args.value(effort)
        if effort != nil && format != .webp { throw InputError(file: "--effort", "applies to WebP only, not \(format.name)") }
        if effort != nil && quality != nil { throw InputError(file: "--effort", "applies to lossless WebP; --quality makes it lossy") }
        let scale = try args.value(scale) ?? 1
        let scriptPath = try args.required(Options.script)
        let fromMS = try args.value(from), toMS = try args.value(to), fps = try args.value(fps)
        let drawTouches = args.isSet(touches)
        // Before any work: an MP4 without ffmpeg is known now.
        var ffmpeg: String?
        if format == .mp4 {
            guard let found = FFmpegEncoder.executable() else {
                throw PlatformFailure(outPath, "MP4 clips are encoded by ffmpeg, which is not installed (apt-get install \(FFmpegEncoder.package))")
            }
            ffmpeg = found
        }

        let settings = try Inputs.settings(args)
        let document = try Inputs.config(try args.value(Options.config))
        Console.warnings(document.warnings)
        // The clock `render` plays scripts on (its drags move at every 60 fps frame), whatever the clip's rate.
        // `--setting` applies to the config and to every config the script reloads.
        let played = try ResolvedScript.load(document: document, script: try Inputs.load(Script.self, scriptPath),
                                             base: Inputs.directory(of: scriptPath), fps: Options.fps.defaultValue,
                                             adjust: settings.isEmpty ? nil : { try Inputs.applying(settings, to: $0) })
        let simulation = played.simulation
        let plan = ClipPlan(from: fromMS ?? 0, to: toMS ?? max(simulation.endTime(), (fromMS ?? 0) + 1000 / (fps ?? format.defaultFPS)),
                            fps: fps ?? format.defaultFPS)
        if let problem = plan.problem(formatMaxFPS: format.maxFPS, format: format.name) {
            throw InputError(file: problem.option, problem.message)
        }

        var renderer = played.renderer(at: plan.time(ofFrame: 0), scale: scale)
        let width = renderer.widthPixels, height = renderer.heightPixels
        // A clip has one frame size: a reload that changes the canvas within it is refused before anything is written.
        for i in 0..<plan.frameCount {
            let canvas = played.sheet(at: plan.time(ofFrame: i)).setup.canvas
            let w = Int((canvas.width * Double(scale)).rounded()), h = Int((canvas.height * Double(scale)).rounded())
            if w != width || h != height {
                throw InputError(file: scriptPath, "a reload at or before \(plan.time(ofFrame: i).clean) ms changes the canvas from "
                                 + "\(width)×\(height) to \(w)×\(h) px; a clip has one frame size (clip before or after the reload with --from and --to)")
            }
        }
        let encoder: any AnimationEncoder
        do {
            switch format {
            case .webp:
                encoder = try WebPEncoder(path: outPath, width: width, height: height,
                                          compression: quality.map { .lossy(quality: Float($0)) } ?? .lossless(effort: effort ?? 0))
            case .gif: encoder = try GIFEncoder(path: outPath, width: width, height: height)
            case .mp4: encoder = try FFmpegEncoder(path: outPath, width: width, height: height, fps: plan.fps, ffmpeg: ffmpeg!)
            }
            // One pass through the script, not a replay per frame: the frames are `engine(at:)`'s exactly.
            var cursor = simulation.cursor()
            for i in 0..<plan.frameCount {
                let t = plan.time(ofFrame: i)
                let engine = cursor.engine(at: t)
                // A reload in the script swaps the config: draw the sheet in force now, background and all, as `render` does.
                if played.sheet(at: t).setup != renderer.setup { renderer = played.renderer(at: t, scale: scale) }
                renderer.render(engine)
                if drawTouches, let p = simulation.touch(at: t) {
                    var frame = renderer.frame
                    TouchIndicator.draw(at: p, scale: scale, into: &frame)
                    try encoder.add(frame, at: plan.clipTime(ofFrame: i))
                } else {
                    try encoder.add(renderer.frame, at: plan.clipTime(ofFrame: i))
                }
            }
            try encoder.finish(at: plan.duration)
        } catch let error as PlatformError {
            throw PlatformFailure(outPath, error.description.hasPrefix(outPath + ": ") ? String(error.description.dropFirst(outPath.count + 2)) : error.description)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: outPath)[.size] as? Int) ?? 0
        let seconds = (ContinuousClock.now - started).milliseconds / 1000
        Console.out("\(outPath): \(format.name) \(width)×\(height) px, \(plan.frameCount) frames at \(plan.fps.clean) fps, "
                    + "\(plan.from.clean)–\(plan.time(ofFrame: plan.frameCount - 1).clean) ms, \(bytes / 1024) KiB, "
                    + "in \(String(format: "%.2f", seconds)) s")
        return 0
    }
}

extension Option where Value == Double? {
    /// A time in ms on a script's clock, 0 to an hour; nil when not given.
    static func milliseconds(_ name: String, help: String) -> Option {
        Option(name: name, placeholder: "MS", help: help, defaultValue: nil,
               requirement: "must be a time in milliseconds from 0 to \(Int(Simulation.maxScriptLength))",
               convert: { text in
                   Double(text).flatMap { $0.isFinite && (0...Simulation.maxScriptLength).contains($0) ? Optional(Optional($0)) : nil }
               })
    }
}
