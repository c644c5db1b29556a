import Glibc
import Raster
import SheetKit
import SheetRender

/// Frames from a fuzzed config: the resting frame, then a drag up the sheet and its settle, on a bounded canvas at
/// 1–3x (the input's last byte picks the scale). Every frame is the canvas's size and the renderer never traps.
/// `FUZZ_VERBOSE=1` prints what each input drew (to see that inputs reach the pixels).
let verbose = getenv("FUZZ_VERBOSE") != nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let pick = start.load(fromByteOffset: count - 1, as: UInt8.self)
    guard let (setup, scale, scene) = fuzzSheet(fuzzText(start, count), pick: pick) else { return 0 }
    let renderer = FrameRenderer(setup: setup, scale: scale, text: fuzzText, scene: scene)
    let w = setup.canvas.width / 2, h = setup.canvas.height
    let json = #"{"steps": [{"at": 20, "drag": {"from": [\#(w), \#(h * 0.8)], "to": [\#(w), \#(h * 0.1)], "duration": 80}}, "#
        + #"{"at": 200, "drag": {"from": [\#(w), \#(h * 0.5)], "to": [\#(w), \#(h * 0.9)], "duration": 40}}]}"#
    guard case .success(let script) = DocumentLoader.load(Script.self, text: json, file: "drag.json") else {
        invariant(false, "the drag script does not load"); return 0
    }
    let simulation = Simulation(setup: setup, script: script.value, fps: 30)
    var n = 0
    simulation.run(frameLimit: 40) { record in
        guard case .frame(let f) = record else { return }
        n += 1
        guard n % 4 == 1 else { return }  // every fourth frame: the drag, the release, the settle
        renderer.render(visual(f))
        checkFrame(renderer.frame, setup, scale: scale)
    }
    if verbose {
        let ink = renderer.frame.pixels.reduce(0) { $0 &+ Int($1 & 0xFF) }
        print("fuzz-render: \(n) frames of \(renderer.frame.width)×\(renderer.frame.height) px at \(scale)x, red sum \(ink)")
    }
    return 0
}
