import Foundation
import Platform
import Raster
import SheetKit
import SheetMeasure

/// `sheetlab measure IMAGE --against CONFIG`: the config rendered on the image's canvas, both pictures measured the
/// same way, and a table of feature / image / config / delta / tolerance / verdict (docs/measure.md).
extension MeasureCommand {
    static let against = Option<String?>.text("against", "C", help: "a config to render on the image's canvas and compare with it, feature by feature")
    static let tolerance = Option<String?>.text(
        "tolerance", "KEY=N,…",
        help: "with --against: what may differ, over the defaults pt=2,radius=1,alpha=0.03,levels=8 (lengths and radii in points, the dimming's opacity, colour levels 0–255)")
    static let sideBySide = Option<String?>.text("side-by-side", "P.png", help: "with --against: write image | diff | render side by side to P.png")
    static let diff = Option<String?>.text("diff", "P.png", help: "with --against: write the difference picture to P.png (red: the render brighter, blue: darker)")
    static let againstOptions = [against, tolerance, sideBySide, diff]

    static let againstSummary = "\n" + """
    With --against C it renders C at rest on the image's canvas (C's device must be the image's; the scale is the
    image's; with --screen, the screen read out of a framed picture on C's device), measures both pictures the same way and prints each feature with the image's value, the config's, the
    delta, the tolerance and a verdict: visible height, insets, top and bottom corner radius and curve, grabber size,
    place and colour, appearance, surface and fill colour, background and dimming. A feature either reading is too
    weak to trust is listed as not compared, never failed. Exit 0 when every compared feature is within tolerance,
    1 naming each one beyond it.
    """

    /// Runs `--against` when it is given; nil otherwise (after refusing the options that only go with it).
    static func runAgainst(_ args: ParsedArguments) throws -> Int32? {
        guard let configPath = try args.value(against) else {
            for option in [tolerance, sideBySide, diff] where try args.value(option) != nil {
                throw InputError(file: "--\(option.name)", "goes with --against CONFIG")
            }
            return nil
        }
        if try args.value(out) != nil {
            throw InputError(file: "--out", "writes a measured config; with --against nothing is measured into a config (use --side-by-side or --diff)")
        }
        var limits = MatchTolerance()
        if let text = try args.value(tolerance) {
            switch MatchTolerance.parse(text) {
            case .success(let t): limits = t
            case .failure(let problem): throw InputError(file: "--tolerance", problem.message)
            }
        }
        var pictures: [String?] = []
        for option in [sideBySide, diff] {
            let path = try args.value(option)
            if let path, !path.lowercased().hasSuffix(".png") { throw InputError(file: path, "--\(option.name) must name a .png file") }
            pictures.append(path)
        }
        let path = args.positionals[0]
        // The config loader's own errors, with the file and the key.
        let document = try Inputs.config(configPath)
        Console.warnings(document.warnings)
        if let device = try args.value(Options.device), device != document.config.device {
            throw InputError(file: configPath, "draws on \(document.config.device), not --device \(device)")
        }
        // A framed or scaled picture: its screen, read out as a screenshot of the config's device (or --device's).
        let reference = try MeasureCommand.screenshot(try ReferenceCheck.readImage(path), mapping: try args.value(screen),
                                                      device: try args.value(Options.device) ?? document.config.device, file: path)
        let canvas: MatchedCanvas
        switch ReferenceCheck.canvas(width: reference.width, height: reference.height, config: document) {
        case .success(let c): canvas = c
        case .failure(let mismatch): throw InputError(file: path, mismatch.message)
        }
        let played = try ResolvedScript.resting(document)
        let renderer = played.renderer(at: 0, scale: canvas.scale)
        renderer.render(played.simulation.engine(at: 0))
        let frame = renderer.frame
        let comparison: SheetComparison
        switch try ReferenceCheck.compare(reference: reference, named: path, frame: frame, named: "the render of \(configPath)",
                                          canvas: canvas, config: document, tolerance: limits) {
        case .success(let c): comparison = c
        case .failure(let none):
            Console.error(TerminalText.safe("sheetlab: \(none.message)"))
            return 1
        }
        let drawn = ReferenceCheck.pictures(reference: reference, frame: frame, labels: ("image", "config"))
        for (picture, out) in zip([drawn.sideBySide, drawn.diff], pictures) {
            guard let out else { continue }
            do { try ImageFiles.writePNG(picture, to: out) } catch { throw PlatformFailure(out, error: error) }
        }
        Console.outLines(TerminalText.safeLines("\(path) against \(configPath): \(canvas.device.name) at \(canvas.scale)×; tolerance \(limits.description)\n"
                                                 + comparison.table))
        for (label, out) in zip(["side by side", "diff"], pictures) {
            if let out { Console.out(TerminalText.safe("\(out): \(label)")) }
        }
        if comparison.passes {
            Console.out(comparison.summary)
            return 0
        }
        Console.error(TerminalText.safe("sheetlab: \(path): \(comparison.summary)"))
        return 1
    }
}
