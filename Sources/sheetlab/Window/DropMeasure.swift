import Foundation
import Platform
import SheetKit
import SheetMeasure

/// A file dropped on the window, measured (issue 37; docs/measure.md, "In the window"). The designer decides whether a
/// drop is taken and commits what comes back (`Designer+Reference`); this is the shell's part: read the file, measure
/// it through the same path as `sheetlab measure` (`MeasuredScreenshot`), write the config beside it and derive it.
extension App {
    /// Files measured as recordings, by extension (`measureRecording`); anything else is read as a screenshot.
    static let recordingExtensions: Set<String> = ["mp4", "mov", "m4v", "gif", "webp"]

    /// The `.measure` effect: measures the dropped file and hands the outcome to the designer.
    func measureDrop(_ path: String, overrides: ConfigOverrides) {
        let outcome = Self.recordingExtensions.contains((path as NSString).pathExtension.lowercased())
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
        case .success(let m): measurement = m
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

    /// A recording. Measuring one into a config (detents, fitted motion) is `sheetlab measure VIDEO`'s, built on its
    /// own branch (docs/measure-recordings.md): until its config is there to call, a dropped recording says so.
    func measureRecording(_ path: String, overrides: ConfigOverrides) -> DropMeasurement {
        .failed(picture: path, reason: "recordings: not yet. The window measures screenshots (PNG or JPEG) for now; "
                + "a recording's detents and motion come with `sheetlab measure VIDEO`")
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
