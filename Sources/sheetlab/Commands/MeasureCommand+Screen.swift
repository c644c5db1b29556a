import Raster
import SheetKit
import SheetMeasure

/// `--screen X0,Y0,SCALE`: where the screen is in a framed or scaled picture (docs/measure.md, "Framed and scaled
/// pictures"). The screen is read out at a whole scale before anything is measured, so the rest of `measure` sees a
/// screenshot of the device.
extension MeasureCommand {
    static let screen = Option<ScreenMapping?>(
        name: "screen", placeholder: "X0,Y0,SCALE",
        help: "where the screen is in a framed or scaled picture: picture pixel = X0 + SCALE · point, on both axes (needs --device, whose size in points the screen is)",
        defaultValue: nil, requirement: "must be three numbers X0,Y0,SCALE with SCALE above 0",
        convert: { ScreenMapping(parsing: $0).map { Optional($0) } })

    /// The screen of `picture` as a screenshot of `device` (portrait), or the picture itself without a mapping.
    nonisolated static func screenshot(_ picture: Pixmap, mapping: ScreenMapping?, device: String?, file: String) throws -> Pixmap {
        guard let mapping else { return picture }
        guard let device else {
            throw InputError(file: file, "--screen needs --device: the screen's size in points is the device's")
        }
        guard let preset = DevicePreset.named(device) else {
            throw InputError(file: file, "unknown device '\(device)'; devices: \(DevicePreset.all.map(\.name).joined(separator: ", "))")
        }
        if let problem = mapping.problem(width: preset.width, height: preset.height, pictureWidth: picture.width, pictureHeight: picture.height) {
            throw InputError(file: file, "--screen: \(problem)")
        }
        return mapping.resample(picture, width: preset.width, height: preset.height)
    }
}
