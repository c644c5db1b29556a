import Foundation
import Platform
import Raster
import SheetKit
import SheetMeasure
import SheetRender

/// `sheetlab measure IMAGE`: the sheet in a screenshot, read back as a config (issue 37; docs/measure.md).
///
/// The picture is measured by `SheetMeasurer` (SheetMeasure, pure); this command decodes the file, matches its size
/// to a device, and draws the backgrounds the sheet could be over, so that the dimming and the scene are solved
/// rather than guessed.
@MainActor
enum MeasureCommand {
    static let out = Option<String?>.text("out", "F", help: "where to write the config (default: standard output, with the findings on standard error)")
    static let behind = Option<String?>.text("behind", "IMAGE", help: "a screenshot of what is behind the sheet (the same screen with the sheet closed, same size): the dimming and the material are solved over it, a faint sheet is read where the picture leaves it, and the config draws it as its background")
    static let timeScale = Option<Double>.number("time-scale", "N", help: "for a recording: how many times slower than life it plays (iOS's Slow Animations: 10)",
                                                 in: 0.01...1000, default: 1)
    static let spec = CommandSpec(
        name: "measure",
        usage: "measure IMAGE|VIDEO [--device D] [--screen X0,Y0,SCALE] [--behind IMAGE] [--out F] [--time-scale N] [--against C [--tolerance KEY=N,…] [--side-by-side P.png] [--diff P.png]] | measure --references FILE [--doc DOC]",
        summary: """
        Finds the sheet in a PNG or JPEG screenshot and writes a config that reproduces it: the device (from the
        image's pixel size, or --device), the style (glass floats inset from the edges, classic is attached), the
        detent it rests at, the corner radius and curve (continuous or circular, by fit), the grabber, the appearance,
        the fill, and the dimming and scene behind it when a built-in scene fits. It prints one line per feature with
        its residual and confidence; readings too weak to trust are reported and left to the defaults. With no sheet
        in the picture it says why and exits 1. A framed or scaled picture needs --screen (where its screen is) and
        --device. A recording (MP4, MOV, GIF, WebP: told by its bytes) is read frame by frame: every place the sheet
        rests becomes a detent, each settle into a rest is fitted with SheetLab's motion (a spring's response and
        damping, or a curve and its duration) and written as sheet.motion, a glass sheet's morph is checked, and the
        look comes from a still of one rest (docs/measure-recordings.md). --behind IMAGE gives a screenshot's or a
        recording's own background (the same screen with the sheet closed) in place of the built-in scenes. --references FILE measures the published screenshots FILE lists and checks the figures the docs
        state instead (docs/measure.md).
        """ + againstSummary,
        options: [Options.device.helped("device preset the screenshot was taken on (default: the one its pixel size matches)"), screen, behind, out, timeScale]
            + againstOptions + [references, doc],
        positionals: 0...1,
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        if let list = try args.value(references) {
            guard args.positionals.isEmpty else { throw UsageError(message: "--references measures the references FILE lists: give no IMAGE with it") }
            return try runReferences(list, doc: try args.value(doc))
        }
        guard let path = args.positionals.first else { throw UsageError(message: "measure needs an IMAGE (or --references FILE)") }
        if MeasuredRecording.isRecording(path) { return try runRecording(path, args) }
        if try args.value(behind) != nil, try args.value(against) != nil {
            throw InputError(file: "--behind", "does not go with --against: the comparison renders the config, whose background is the picture behind once measured")
        }
        if try args.value(timeScale) != 1 {
            throw UsageError(message: "--time-scale is for a recording; \(path) is not one (MP4, MOV, GIF or WebP)")
        }
        if let status = try runAgainst(args) { return status }
        let device = try args.value(Options.device)
        let output = try args.value(out)
        let measurement: SheetMeasurement
        let mapping = try args.value(screen)
        let backgrounds = try backgroundsBehind(args, mapping: mapping, device: device)
        let shot = try MeasuredScreenshot.read(path, device: device, screen: mapping, backgrounds: backgrounds)
        switch shot.measurement {
        case .success(let m): measurement = MaterialFit.solve(m, picture: shot.picture, canvas: shot.canvas)
        case .failure(let none):
            Console.error(TerminalText.safe("sheetlab: no sheet found in \(path): \(none.reason)"))
            return 1
        }
        return try emit(config: try MeasuredScreenshot.config(of: measurement, file: output ?? "measured config"),
                        report: "\(path):\n" + measurement.report, to: output)
    }

    /// What the sheet may be over: the picture `--behind` names (the same screen with the sheet closed, read through
    /// `--screen` as the screenshot or recording is), which the config then draws as its background; else every
    /// built-in scene.
    static func backgroundsBehind(_ args: ParsedArguments, mapping: ScreenMapping?, device: String?) throws
        -> @MainActor (MatchedCanvas) throws -> [BackgroundCandidate] {
        guard let behindPath = try args.value(behind) else { return MeasureCommand.backgrounds(on:) }
        let picture = try MeasureCommand.screenshot(try MeasuredScreenshot.decode(behindPath), mapping: mapping, device: device, file: behindPath)
        return { canvas in
            guard picture.width == canvas.pixelWidth, picture.height == canvas.pixelHeight else {
                throw InputError(file: behindPath, "the picture behind is \(picture.width)×\(picture.height) px; the screen measured is "
                                 + "\(canvas.pixelWidth)×\(canvas.pixelHeight) px: it must be the same screen, with the sheet closed")
            }
            return [BackgroundCandidate(scene: "picture behind", appearance: "", picture: ScreenImage(picture, scale: Double(canvas.scale)),
                                        image: URL(fileURLWithPath: behindPath).standardizedFileURL.path)]
        }
    }

    /// `measure VIDEO`: the recording's detents and motion, with the look of one of its rests.
    static func runRecording(_ path: String, _ args: ParsedArguments) throws -> Int32 {
        if try args.value(against) != nil {
            throw InputError(file: path, "--against compares a screenshot with a config; this is a recording: measure it alone, or compare a still of it")
        }
        var options = RecordingOptions()
        options.timeScale = try args.value(timeScale)
        let output = try args.value(out)
        let device = try args.value(Options.device), mapping = try args.value(screen)
        let measured = try MeasuredRecording.read(path, device: device, screen: mapping, options: options,
                                                  backgrounds: try backgroundsBehind(args, mapping: mapping, device: device))
        return try emit(config: measured.config, report: "\(path):\n" + measured.report, to: output)
    }

    /// The config written to `output` with the report on stdout, or, with no `output`, the report on stderr and the
    /// config on stdout. Exit status 0.
    static func emit(config root: JSONNode, report text: String, to output: String?) throws -> Int32 {
        let config = JSONWriter.write(root)
        let report = TerminalText.safeLines(text)
        if let output {
            do { try AtomicFile.write(config, to: output) } catch { throw PlatformFailure(output, error: error) }
            Console.outLines(report + "\n\(output): the config")
        } else {
            Console.errorLines(report)
            Console.write(Data(config.utf8), to: .standardOutput, named: "standard output")
        }
        return 0
    }

    /// Every built-in scene in both appearances on `canvas`, with no sheet: the backgrounds the dimming is solved over.
    static func backgrounds(on canvas: MatchedCanvas) throws -> [BackgroundCandidate] {
        var found: [BackgroundCandidate] = []
        for scene in Background.Scene.allCases.map(\.rawValue) {
            for appearance in ["light", "dark"] {
                var canvasKeys: [(String, JSONNode)] = [("scale", .number(Double(canvas.scale)))]
                if canvas.landscape { canvasKeys += [("width", .number(canvas.width)), ("height", .number(canvas.height))] }
                let root = JSONNode.object([
                    ("device", .string(canvas.device.name)), ("canvas", .object(canvasKeys)), ("appearance", .string(appearance)),
                    ("background", .object([("scene", .string(scene))])), ("sheet", .object([("presented", .bool(false))])),
                ])
                let document: ConfigDocument
                switch ConfigLoader.load(root: root, file: "measure background") {
                case .success(let d): document = d
                case .failure(let error): throw error
                }
                let played = try ResolvedScript.resting(document)
                let renderer = played.renderer(at: 0, scale: canvas.scale)
                renderer.render(played.simulation.engine(at: 0))
                found.append(BackgroundCandidate(scene: scene, appearance: appearance, picture: ScreenImage(renderer.frame, scale: Double(canvas.scale))))
            }
        }
        return found
    }
}
