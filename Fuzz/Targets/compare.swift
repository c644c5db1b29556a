import Raster
import SheetKit
import SheetRender

/// A fuzzed scenario through `test`'s comparison: its config (inline) and script (inline) played on a bounded
/// canvas, each snapshot's frame drawn and compared, as `test` compares, with the snapshot's tolerance in force,
/// against itself (it must pass with nothing differing) and against a copy with a patch changed (the patch's pixels
/// must be what differs, and the diff image is the frame's size); masks are applied as `test` applies them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompare(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let pick = start.load(fromByteOffset: count - 1, as: UInt8.self)
    guard case .success(let loaded) = DocumentLoader.load(Scenario.self, text: fuzzText(start, count), file: "fuzz.scenario.json") else { return 0 }
    let scenario = loaded.value
    var config = SheetLabConfig()
    if case .inline(let node)? = scenario.config {
        guard case .success(let d) = ConfigLoader.load(root: node, file: "fuzz.scenario.json", path: KeyPath.root / "config") else { return 0 }
        config = d.config
    }
    guard let (setup, scale, scene) = fuzzSheet(config, pick: pick) else { return 0 }
    var script = Script(steps: [])
    if case .inline(let node)? = scenario.script {
        guard case .success(let s) = DocumentLoader.load(Script.self, root: node, file: "fuzz.scenario.json", at: KeyPath.root / "script") else { return 0 }
        script = s.value
    }
    let simulation = Simulation(setup: setup, script: script, fps: 30)
    guard simulation.validate().isEmpty else { return 0 }
    var frames: [FrameState] = []
    simulation.run(frameLimit: 120) { if case .frame(let f) = $0 { frames.append(f) } }
    guard !frames.isEmpty else { return 0 }
    let renderer = FrameRenderer(setup: setup, scale: scale, text: fuzzText, scene: scene)
    for snapshot in scenario.snapshots.prefix(3) {
        let f = frames.last { $0.time <= snapshot.at } ?? frames[0]
        renderer.render(visual(f))
        var actual = renderer.frame
        checkFrame(actual, setup, scale: scale)
        let tolerance = scenario.tolerance(of: snapshot)
        let s = Double(scale)
        for m in snapshot.mask {
            let r = RectF(x: (m.x * s).rounded(.down), y: (m.y * s).rounded(.down), width: (m.width * s).rounded(.up), height: (m.height * s).rounded(.up))
            actual.fillRect(r, PremultipliedRGBA8(255, 0, 255, 255))
        }
        let same = ImageComparison(expected: actual, actual: actual, channelDelta: tolerance.channelDelta, threshold: tolerance.threshold)
        invariant(same.differing == 0 && same.sizesMatch, "a frame differs from itself: \(same.differing)")
        // A patch changed: no more pixels differ than the patch holds.
        var changed = actual
        let px = Int(pick) % max(1, actual.width), py = Int(pick) * 7 % max(1, actual.height)
        let patch = RectF(x: Double(px), y: Double(py), width: 5, height: 5)
        changed.fillRect(patch, PremultipliedRGBA8(0, 255, 0, 255))
        let c = ImageComparison(expected: actual, actual: changed, channelDelta: tolerance.channelDelta, threshold: tolerance.threshold)
        invariant(c.differing <= 25 && c.total == actual.width * actual.height, "a 5×5 patch made \(c.differing) pixels differ")
        let diff = ImageComparison.diffImage(expected: actual, actual: changed, channelDelta: tolerance.channelDelta, threshold: tolerance.threshold)
        invariant(diff.width == actual.width && diff.height == actual.height, "a diff image of another size")
        if let box = c.boundingBox {
            invariant(box.x >= px && box.y >= py && box.x + box.width <= px + 5 && box.y + box.height <= py + 5,
                      "the changed box \(box) is outside the patch at (\(px), \(py))")
        }
    }
    return 0
}
