import Foundation
import Platform
import Raster
import SheetKit
import SheetMeasure

/// A screenshot read off disk and measured: what `sheetlab measure IMAGE` and a drop on the window share (issue 37).
///
/// Decoding, matching the size to a device and measuring over the built-in backgrounds happen here once; the command
/// prints or writes what it found, the window makes it the live config.
@MainActor
struct MeasuredScreenshot {
    /// The picture as decoded, at its own pixel size.
    let picture: Pixmap
    let canvas: MatchedCanvas
    /// The sheet found, or why none was.
    let measurement: Result<SheetMeasurement, NoSheetFound>

    /// Decodes `path` (PNG or JPEG), reads its screen out of it where `screen` says (a framed or scaled picture,
    /// `--screen`), matches the size to a device (`device` picks one) and measures the sheet in it. Throws, naming the
    /// file, when it is not an image SheetLab reads, the screen is not in it, or no device has its size.
    static func read(_ path: String, device: String?, screen: ScreenMapping? = nil,
                     backgrounds: @MainActor (MatchedCanvas) throws -> [BackgroundCandidate] = MeasureCommand.backgrounds(on:)) throws -> MeasuredScreenshot {
        try of(MeasureCommand.screenshot(try decode(path), mapping: screen, device: device, file: path), device: device, file: path,
               backgrounds: backgrounds)
    }

    /// The sheet in `pixmap`, a screenshot of `device` (or of the device its size matches), measured over what
    /// `backgrounds` draws on its canvas (by default every built-in scene).
    static func of(_ pixmap: Pixmap, device: String?, file: String,
                   backgrounds: @MainActor (MatchedCanvas) throws -> [BackgroundCandidate] = MeasureCommand.backgrounds(on:)) throws -> MeasuredScreenshot {
        switch MatchedCanvas.match(width: pixmap.width, height: pixmap.height, named: device) {
        case .success(let canvas): return try measure(pixmap, canvas: canvas, backgrounds: backgrounds)
        case .failure(let mismatch):
            throw InputError(file: file, mismatch.message + (device == nil ? "; a framed or scaled picture needs --screen X0,Y0,SCALE and --device" : ""))
        }
    }

    /// The picture at `path`; throws, naming the file, when it is not an image SheetLab reads.
    static func decode(_ path: String) throws(InputError) -> Pixmap {
        do {
            return try ImageFiles.read(path)
        } catch {
            throw InputError(file: path, "not an image SheetLab can read (PNG or JPEG): \(PlatformFailure.reason(error, of: path))")
        }
    }

    /// The sheet in `picture`, taken on `canvas`, measured over what `backgrounds` draws on that canvas (by default every
    /// built-in scene, both appearances).
    static func measure(_ picture: Pixmap, canvas: MatchedCanvas,
                        backgrounds: @MainActor (MatchedCanvas) throws -> [BackgroundCandidate] = MeasureCommand.backgrounds(on:)) throws -> MeasuredScreenshot {
        let image = ScreenImage(picture, scale: Double(canvas.scale))
        let measurement = SheetMeasurer.measure(image, canvas: canvas, backgrounds: try backgrounds(canvas))
        return MeasuredScreenshot(picture: picture, canvas: canvas, measurement: measurement)
    }

    /// The measured config as written, checked to load: a measurement that writes an invalid config is a bug, said as
    /// one (`file` names it in the error).
    static func config(of measurement: SheetMeasurement, file: String) throws(InputError) -> JSONNode {
        if case .failure(let error) = ConfigLoader.load(root: measurement.config, file: file) { throw error }
        return measurement.config
    }
}
