import Foundation
import Platform
import Raster
import SheetKit
import SheetMeasure

/// A frame a config draws, measured against a reference image of the same canvas: both read by `SheetMeasurer` with
/// the same candidate backgrounds, then compared feature by feature (`SheetComparison`). What `measure --against` and
/// a scenario snapshot's `matches` share, so that the command and the test can never judge differently.
@MainActor
enum ReferenceCheck {
    /// A screenshot decoded, or an error naming the file.
    static func readImage(_ path: String) throws(InputError) -> Pixmap {
        guard FileManager.default.fileExists(atPath: path) else { throw InputError(file: path, "no such file") }
        do {
            return try ImageFiles.read(path)
        } catch {
            throw InputError(file: path, "not an image SheetLab can read (PNG or JPEG): \(PlatformFailure.reason(error, of: path))")
        }
    }

    /// The canvas a `width` × `height` px picture has on the config's device: an error (said of the picture's file) says
    /// which device the size is instead (or none), and a config whose canvas is turned or resized differently from the
    /// picture is one too.
    static func canvas(width: Int, height: Int, config document: ConfigDocument) -> Result<MatchedCanvas, Mismatch> {
        let device = document.config.device
        let canvas = document.config.resolvedCanvas
        switch MatchedCanvas.match(width: width, height: height, named: device) {
        case .success(let matched):
            guard abs(matched.width - canvas.width) < 0.5, abs(matched.height - canvas.height) < 0.5 else {
                return .failure(Mismatch("is \(width)×\(height) px, \(matched.width.clean)×\(matched.height.clean) pt on \(device), but the config's "
                                + "canvas is \(canvas.width.clean)×\(canvas.height.clean) pt"))
            }
            return .success(matched)
        case .failure:
            let its: String
            switch MatchedCanvas.match(width: width, height: height, named: nil) {
            case .success(let other): its = "the size of \(other.device.name) at \(other.scale)×\(other.landscape ? ", landscape" : "")"
            case .failure: its = "the size of no device"
            }
            return .failure(Mismatch("is \(width)×\(height) px, \(its); the config's device \(device) is "
                            + "\(canvas.width.clean)×\(canvas.height.clean) pt (\(Canvas.scales.map { "\(Int(canvas.width * Double($0)))×\(Int(canvas.height * Double($0)))" }.joined(separator: ", ")) px): "
                            + "a reference must be taken on the device the config draws"))
        }
    }

    /// Measures `reference` and `frame` (the same size, on `canvas`) and compares them; the failure says which picture
    /// holds no sheet, and why.
    static func compare(reference: Pixmap, named referenceName: String, frame: Pixmap, named frameName: String, canvas: MatchedCanvas,
                        config document: ConfigDocument, tolerance: MatchTolerance) throws -> Result<SheetComparison, NoSheet> {
        let backgrounds = try backgrounds(on: canvas)
        let scale = Double(canvas.scale)
        let image: SheetMeasurement, render: SheetMeasurement
        switch SheetMeasurer.measure(ScreenImage(reference, scale: scale), canvas: canvas, backgrounds: backgrounds) {
        case .success(let m): image = m
        case .failure(let none): return .failure(NoSheet(picture: referenceName, reason: none.reason))
        }
        switch SheetMeasurer.measure(ScreenImage(frame, scale: scale), canvas: canvas, backgrounds: backgrounds) {
        case .success(let m): render = m
        case .failure(let none): return .failure(NoSheet(picture: frameName, reason: none.reason))
        }
        // The sheet as drawn under the config's settings: an opaque fill is its own colour, anything else a material.
        let opaque = document.config.drawnSheet.fill?.alpha == 255
        return .success(SheetComparison.compare(image: image, render: render, tolerance: tolerance, opaqueFill: opaque))
    }

    /// The last canvas's candidate backgrounds: a suite's snapshots with `matches` mostly share one canvas, and the six
    /// scenes are the costliest part of a check.
    private static var drawn: (canvas: MatchedCanvas, backgrounds: [BackgroundCandidate])?

    static func backgrounds(on canvas: MatchedCanvas) throws -> [BackgroundCandidate] {
        if let drawn, drawn.canvas == canvas { return drawn.backgrounds }
        let backgrounds = try MeasureCommand.backgrounds(on: canvas)
        drawn = (canvas, backgrounds)
        return backgrounds
    }

    /// A picture whose canvas is not the config's.
    struct Mismatch: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// A picture with no sheet the measurer can find.
    struct NoSheet: Error {
        var picture: String
        var reason: String
        var message: String { "no sheet found in \(picture): \(reason)" }
    }

    /// The difference picture (the golden diff's colours: red where the render is brighter, blue where darker) and
    /// reference | diff | render side by side, labelled.
    static func pictures(reference: Pixmap, frame: Pixmap, labels: (reference: String, frame: String)) -> (diff: Pixmap, sideBySide: Pixmap) {
        let diff = ImageComparison.diffImage(expected: reference, actual: frame)
        let text = try? RenderResources.text()
        return (diff, DiffPictures.sideBySide([reference, diff, frame], labels: [labels.reference, "diff", labels.frame], text: text))
    }
}
