import Foundation
import Platform
import SheetKit
import SheetMeasure

/// A file dropped on the window, measured (issue 37; docs/measure.md, "In the window"). The designer decides whether a
/// drop is taken and commits what comes back (`Designer+Reference`); this is the shell's part: read the file, measure
/// it through the same path as `sheetlab measure` (`MeasuredScreenshot`), write the config beside it and derive it.
extension App {
    /// The `.measure` effect: measures the dropped file and hands the outcome to the designer.
    func measureDrop(_ path: String, overrides: ConfigOverrides) {
        let outcome = MeasuredRecording.isRecording(path)
            ? measureRecording(path, overrides: overrides)
            : measureScreenshot(path, overrides: overrides)
        send(.measured(outcome), at: now)
    }

    /// A screenshot: measured, its config written beside it as NAME.sheetlab.json (never over a file that is there:
    /// NAME-2.sheetlab.json…), and derived as the window would derive that file.
    func measureScreenshot(_ path: String, overrides: ConfigOverrides) -> DropMeasurement {
        func failed(_ error: any Error) -> DropMeasurement { .failed(picture: path, reason: PlatformFailure.reason(error, of: path)) }
        let measured: MeasuredScreenshot
        do {
            let picture = try MeasuredScreenshot.decode(path)
            // The command's message lists every size and suggests --device; a drop has no options, and a banner no room.
            guard case .success(let canvas) = MatchedCanvas.match(width: picture.width, height: picture.height, named: nil) else {
                return .failed(picture: path, reason: "the image is \(picture.width)×\(picture.height) px, the size of no device at 1×, 2× or 3×: "
                               + "drop a whole, uncropped screenshot (`sheetlab measure \((path as NSString).lastPathComponent)` lists the sizes)")
            }
            measured = try MeasuredScreenshot.measure(picture, canvas: canvas)
        } catch {
            return failed(error)
        }
        let measurement: SheetMeasurement
        switch measured.measurement {
        case .success(let m): measurement = MaterialFit.solve(m, picture: measured.picture, canvas: measured.canvas)
        case .failure(let none): return .failed(picture: path, reason: "no sheet found: \(none.reason)")
        }
        let configPath = Self.measuredConfigPath(for: path)
        let root: JSONNode
        do {
            root = try MeasuredScreenshot.config(of: measurement, file: configPath)
            try AtomicFile.write(JSONWriter.write(root), to: configPath)
        } catch {
            return failed(error)
        }
        return .measured(picture: path, configPath: configPath, ConfigEditor(document: root), overrides: overrides,
                         derive(root, path: configPath, overrides: overrides), summary: "\(path):\n" + measurement.report)
    }

    /// A recording: measured as `sheetlab measure VIDEO` measures it (its detents and fitted motion, the look of one
    /// of its rests), written beside it and derived; the reference shown is the still the look was read from.
    func measureRecording(_ path: String, overrides: ConfigOverrides) -> DropMeasurement {
        func failed(_ error: any Error) -> DropMeasurement { .failed(picture: path, reason: PlatformFailure.reason(error, of: path)) }
        let measured: MeasuredRecording
        do {
            measured = try MeasuredRecording.read(path, device: nil)
        } catch {
            return failed(error)
        }
        let configPath = Self.measuredConfigPath(for: path)
        // The still the look was read from, beside the config, as the reference the window shows.
        let stillPath = (configPath as NSString).deletingPathExtension + ".png"
        do {
            try AtomicFile.write(JSONWriter.write(measured.config), to: configPath)
            if let still = measured.lookPicture, !FileManager.default.fileExists(atPath: stillPath) { try ImageFiles.writePNG(still, to: stillPath) }
        } catch {
            return failed(error)
        }
        return .measured(picture: path, configPath: configPath, ConfigEditor(document: measured.config), overrides: overrides,
                         derive(measured.config, path: configPath, overrides: overrides), summary: "\(path):\n" + measured.report,
                         reference: measured.lookPicture != nil && FileManager.default.fileExists(atPath: stillPath) ? stillPath : nil)
    }

    /// Where the config measured off `picture` is written: beside it, named for it, under a name no file has yet.
    static func measuredConfigPath(for picture: String) -> String {
        let directory = (picture as NSString).deletingLastPathComponent
        let stem = ((picture as NSString).lastPathComponent as NSString).deletingPathExtension
        let name = CaptureName.fresh(stem: stem, suffix: ".sheetlab.json") { name in
            FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(name))
        }
        return (directory as NSString).appendingPathComponent(name)
    }
}
