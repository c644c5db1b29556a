import Foundation
import Glibc
import Platform
import Raster
import SheetKit
import SheetRender

/// A fuzzed script played on a small fixed sheet and encoded as a clip, as `clip` does: the frames drawn by the real
/// renderer go to the GIF or the WebP encoder (the input's last byte picks which, and lossy or lossless), written to
/// a temporary file. The file must exist and be non-empty after `finish`, and no temporary be left beside it.
let clipSetup: SheetSetup = {
    let json = #"{"canvas": {"width": 100, "height": 150}, "background": {"scene": "gradient"}, "#
        + #""sheet": {"detents": [{"id": "low", "height": 40}, {"id": "high", "fraction": 0.8}], "content": [{"type": "title", "text": "Clip"}, {"type": "row", "title": "Row", "icon": "★"}]}}"#
    guard case .success(let d) = ConfigLoader.load(text: json, file: "clip.json") else { fatalError("the clip config does not load") }
    return SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: fuzzText))
}()
let clipRenderer = FrameRenderer(setup: clipSetup, scale: 1, text: fuzzText, scene: scene(for: clipSetup.config))
let clipFolder: String = {
    let d = NSTemporaryDirectory() + "sheetlab-fuzz-clip-\(getpid())"
    try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
    return d
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClip(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let pick = start.load(fromByteOffset: count - 1, as: UInt8.self)
    guard case .success(let loaded) = DocumentLoader.load(Script.self, text: fuzzText(start, count), file: "fuzz.script.json") else { return 0 }
    let simulation = Simulation(setup: clipSetup, script: loaded.value, fps: 20)
    guard simulation.validate().isEmpty else { return 0 }
    let gif = pick & 1 == 0
    let path = clipFolder + (gif ? "/clip.gif" : "/clip.webp")
    unlink(clipFolder + "/clip.gif"); unlink(clipFolder + "/clip.webp")
    do {
        let w = clipRenderer.widthPixels, h = clipRenderer.heightPixels
        let encoder: any AnimationEncoder = gif
            ? try GIFEncoder(path: path, width: w, height: h)
            : try WebPEncoder(path: path, width: w, height: h,
                              compression: pick & 2 == 0 ? .lossless(effort: Int(pick >> 2) % 10) : .lossy(quality: Float(pick >> 2) * 1.5))
        var last = 0.0
        simulation.run(frameLimit: 24) { record in
            guard case .frame(let f) = record else { return }
            clipRenderer.render(visual(f))
            checkFrame(clipRenderer.frame, clipSetup, scale: 1)
            try? encoder.add(clipRenderer.frame, at: f.time)
            last = f.time
        }
        try encoder.finish(at: last + 50)
    } catch {
        invariant(false, "a clip of valid frames failed: \(error)")
    }
    var info = stat()
    invariant(stat(path, &info) == 0 && info.st_size > 0, "no clip written")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: clipFolder)) ?? []
    invariant(left.count == 1, "temporaries left: \(left)")
    return 0
}
