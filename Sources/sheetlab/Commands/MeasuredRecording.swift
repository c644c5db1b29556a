import Foundation
import Platform
import Raster
import SheetKit
import SheetMeasure

/// A recording read off disk and measured: what `sheetlab measure VIDEO` and a recording dropped on the window share
/// (issue 37; docs/measure-recordings.md).
///
/// The frames are tracked one at a time (`RecordingReader` keeps a few numbers per frame); the pixels of a frame from
/// each still stretch are kept too, so that the rests can be measured as screenshots are (`MeasuredScreenshot`): one of
/// them gives the look (style, corners, grabber, fill, scene, dimming), each says whether its detent is dimmed, and
/// the recording gives the detents and the motion.
@MainActor
struct MeasuredRecording {
    let measurement: RecordingMeasurement
    let canvas: MatchedCanvas
    let frameSize: (width: Int, height: Int)
    /// The still each detent's rest measured to (index into `measurement.detents`), or why none was found there.
    let stills: [Result<SheetMeasurement, NoSheetFound>?]
    /// Which detent's still the look was taken from, and its pixels; nil when no still showed a sheet.
    let lookDetent: Int?
    let lookPicture: Pixmap?
    /// What the pictures said of each detent: its system name, the dimming read at its rest.
    let detentLooks: [RecordingMeasurement.DetentLook]
    let config: JSONNode
    let report: String

    /// Names a recording goes by; a file so named whose bytes are no recording's is refused as one.
    nonisolated static let extensions: Set<String> = ["mp4", "mov", "m4v", "gif", "webp", "webm", "mkv", "avi"]

    /// Whether `path` is measured as a recording: by its bytes, or by its name when its bytes are no image's either
    /// (so that a broken .mp4 is said to be a broken recording).
    nonisolated static func isRecording(_ path: String) -> Bool {
        FrameDecoder.isRecording(path: path) || extensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// Decodes and measures the recording at `path`. `device` and `screen` as for a screenshot; `timeScale` is how
    /// many times slower than life it plays (Slow Animations). Throws, naming the file, when it is no recording
    /// SheetLab reads, matches no device, or shows no sheet or no rest.
    static func read(_ path: String, device: String?, screen: ScreenMapping? = nil, options: RecordingOptions = RecordingOptions(),
                     backgrounds: @MainActor (MatchedCanvas) throws -> [BackgroundCandidate] = MeasureCommand.backgrounds(on:)) throws -> MeasuredRecording {
        if !FrameDecoder.isRecording(path: path) {
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
            if size == 0 { throw InputError(file: path, "the file is empty: no recording in it") }
            if size != nil { throw InputError(file: path, "not a recording SheetLab can read (MP4, MOV, GIF or WebP): its first bytes are no video's") }
        }
        let source: any FrameSource
        do { source = try FrameDecoder.open(path) } catch { throw InputError(file: path, Self.reason(error, of: path)) }
        guard source.width > 0, source.height > 0 else { throw InputError(file: path, "the recording has no picture (0×0 px)") }
        let canvas: MatchedCanvas
        if let screen {
            guard let device else { throw InputError(file: path, "--screen needs --device: the screen's size in points is the device's") }
            guard let preset = DevicePreset.named(device) else {
                throw InputError(file: path, "unknown device '\(device)'; devices: \(DevicePreset.all.map(\.name).joined(separator: ", "))")
            }
            canvas = MatchedCanvas(device: preset, scale: screen.canvasScale, landscape: false, alternatives: [])
        } else {
            switch MatchedCanvas.match(width: source.width, height: source.height, named: device) {
            case .success(let c): canvas = c
            case .failure(let mismatch):
                throw InputError(file: path, "the recording's frames are " + mismatch.message.replacingOccurrences(of: "the image is ", with: "")
                                 + (device == nil ? "; a scaled recording needs --screen X0,Y0,SCALE and --device" : ""))
            }
        }
        let candidates = try backgrounds(canvas)
        var reader: RecordingReader?
        var index = 0
        do {
            while let frame = try source.next() {
                let pixmap = try MeasureCommand.screenshot(frame.pixmap, mapping: screen, device: device, file: path)
                if reader == nil { reader = RecordingReader(canvas: canvas, width: pixmap.width, height: pixmap.height, backgrounds: candidates) }
                reader!.add(pixmap, at: frame.time, duration: frame.duration)
                index += 1
            }
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: path, Self.reason(error, of: path) + (index > 0 ? " (after \(index) frames)" : ""))
        }
        guard reader != nil else { throw InputError(file: path, RecordingError.noFrames.description) }
        let measurement: RecordingMeasurement
        do { measurement = try reader!.finish(options: options, backgrounds: candidates) } catch { throw InputError(file: path, "\(error)") }

        // Each detent's longest still (overlapping one of its rests), measured as a screenshot.
        var stillResults: [Result<SheetMeasurement, NoSheetFound>?] = []
        var stillPictures: [Pixmap?] = []
        for detent in measurement.detents {
            let rests = measurement.rests.filter { abs($0.height.value - detent.value) <= 1 / Double(canvas.scale) + detent.residual }
            let overlapping = measurement.stills.filter { s in rests.contains { s.first <= $0.last && s.last >= $0.first } }
            let longest = overlapping.max { $0.end - $0.start < $1.end - $1.start }
            stillResults.append(longest?.result)
            stillPictures.append(longest?.frame)
        }
        // The look: from a rest below the highest (glass turns opaque and meets the display's corners at large), the
        // highest first among those, else from the highest.
        let order = Array(measurement.detents.indices.dropLast().reversed()) + [measurement.detents.count - 1]
        let lookDetent = order.first { if case .success = stillResults[$0] { true } else { false } }
        var look: SheetMeasurement?
        var lookPicture: Pixmap?
        if let lookDetent, case .success(let m) = stillResults[lookDetent], let picture = stillPictures[lookDetent] {
            look = MaterialFit.solve(m, picture: picture, canvas: canvas); lookPicture = picture
        }

        let systemHeights = Self.systemDetentHeights(on: canvas, style: look?.style.value)
        // The dimming at each rest: a still's own reading where it fitted a built-in scene, else against the lowest rest.
        var lowest = 0.0
        if case .success(let m)? = stillResults.first, m.dimming.opacity.isFirm { lowest = m.dimming.opacity.value }
        let relative = measurement.dimmingAgainstLowest(stillPictures.map { $0.map { ScreenImage($0, scale: Double(canvas.scale)) } },
                                                        safeTop: canvas.safeTop, lowest: lowest)
        let looks: [RecordingMeasurement.DetentLook] = measurement.detents.indices.map { i in
            let h = measurement.detents[i].value
            let name = systemHeights.first { abs($0.height - h) <= max(0.5, 1 / Double(canvas.scale)) }?.id
            var dimming = relative[i]?.value
            if case .success(let m)? = stillResults[i], m.dimming.opacity.isFirm { dimming = m.dimming.opacity.value }
            return RecordingMeasurement.DetentLook(name: name, dimming: dimming)
        }
        var base = look.map(\.config) ?? Self.bareConfig(canvas)
        // No built-in scene behind: the still wrote the colour it saw above the sheet, dimmed at its rest. The lowest
        // rest shows it as it is (the dimming is read against it).
        if let look, look.dimming.scene == nil, lookDetent != 0, case .success(let lowest)? = stillResults.first {
            let path = KeyPath([.key("background"), .key("color")])
            base = ConfigEditor.Edit.set(path, .string(lowest.dimming.meanColor.hex)).applied(to: base)
        }
        let config = measurement.config(look: base, looks: looks)
        if case .failure(let error) = ConfigLoader.load(root: config, file: "measured config") { throw error }

        let ids = measurement.detentIDs(looks)
        var report = measurement.report(ids: ids, frameSize: (source.width, source.height))
        for (i, result) in stillResults.enumerated() {
            let label = "still".padding(toLength: 16, withPad: " ", startingAt: 0) + "at \"\(ids[i])\": "
            switch result {
            case .success(let m)?:
                let off: Double = m.visibleHeight.value - measurement.detents[i].value
                var line = label + "reads the top at " + Self.format(m.visibleHeight.value) + " pt"
                if abs(off) > max(1, 2 / Double(canvas.scale)) { line += " (" + Self.format(off) + " pt off the tracked rest: the tracked height is written)" }
                if m.dimming.opacity.isFirm { line += ", dimming α " + Self.format(m.dimming.opacity.value) + " over the " + (m.dimming.scene ?? "") + " scene" }
                else if let r = relative[i], i > 0 { line += ", dimming α " + Self.format(r.value) + " against the lowest rest" }
                report += "\n" + line
            case .failure(let none)?: report += "\n" + label + "no sheet found: \(none.reason)"
            case nil: report += "\n" + label + "no frame kept"
            }
        }
        if let look, let lookDetent {
            report += "\n\nthe look, from the still at \"\(ids[lookDetent])\":\n" + look.report
        } else {
            report += "\n\nthe look: no still of a rest showed a sheet the screenshot measurer reads; the style's defaults are kept"
        }
        return MeasuredRecording(measurement: measurement, canvas: canvas, frameSize: (source.width, source.height), stills: stillResults,
                                 lookDetent: lookDetent, lookPicture: lookPicture, detentLooks: looks, config: config, report: report)
    }

    /// A number for the printout: at most two decimals.
    nonisolated static func format(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    /// A file's error without the path in front (the caller names the file once).
    static func reason(_ error: any Error, of path: String) -> String {
        let text = "\(error)"
        return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : PlatformFailure.reason(error, of: path)
    }

    /// The device and canvas alone, for a recording none of whose stills was read.
    static func bareConfig(_ canvas: MatchedCanvas) -> JSONNode {
        var root: [(String, JSONNode)] = [("device", .string(canvas.device.name))]
        var keys: [(String, JSONNode)] = []
        if canvas.landscape { keys += [("width", .number(canvas.width)), ("height", .number(canvas.height))] }
        if canvas.scale != canvas.device.scale { keys.append(("scale", .number(Double(canvas.scale)))) }
        if !keys.isEmpty { root.append(("canvas", .object(keys))) }
        root.append(("sheet", .object([("content", .array([]))])))
        return .object(root)
    }

    /// The heights `medium` and `large` resolve to on `canvas` in `style` (glass when unknown: iOS 26's).
    static func systemDetentHeights(on canvas: MatchedCanvas, style: String?) -> [(id: String, height: Double)] {
        var keys: [(String, JSONNode)] = []
        if canvas.landscape { keys += [("width", .number(canvas.width)), ("height", .number(canvas.height))] }
        var root: [(String, JSONNode)] = [("device", .string(canvas.device.name))]
        if !keys.isEmpty { root.append(("canvas", .object(keys))) }
        root.append(("sheet", .object([("style", .string(style ?? "glass")), ("detents", .array([.string("medium"), .string("large")]))])))
        guard case .success(let document) = ConfigLoader.load(root: .object(root), file: "detents"),
              let setup = try? ResolvedSheet.resolve(document).setup else { return [] }
        return setup.detents.map { ($0.id, $0.height) }
    }
}
