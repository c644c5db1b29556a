import SheetKit

/// A full simulate of a decoded script on a small canvas, bounded in frames, with the soak's invariants on its output.
let fuzzSetup: SheetSetup = {
    let json = #"{"canvas": {"width": 200, "height": 320}, "sheet": {"detents": [{"id": "low", "height": 80}, {"id": "high", "fraction": 0.8}]}}"#
    guard case .success(let d) = ConfigLoader.load(text: json, file: "fuzz.json") else { fatalError("the fuzz config does not load") }
    return SheetSetup(config: d.config)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSimulate(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard case .success(let loaded) = DocumentLoader.load(Script.self, text: fuzzText(start, count), file: "fuzz.script.json") else { return 0 }
    let simulation = Simulation(setup: fuzzSetup, script: loaded.value, fps: 60)
    guard simulation.validate().isEmpty else { return 0 }
    var last = -Double.infinity
    simulation.run(frameLimit: 2_000) { record in
        let line = JSONLines.line(record)
        let numbers = line.split(separator: ",").filter { !$0.contains("\"detent\"") }
        invariant(!numbers.contains { $0.contains("null") }, "a number printed as null: \(line)")
        invariant(!line.contains("inf") && !line.contains("nan"), "not JSON: \(line)")
        if case .frame(let f) = record {
            invariant(f.time >= last, "time went back: \(last) then \(f.time)")
            last = f.time
            invariant(f.top.isFinite && f.height.isFinite && f.scroll.isFinite, "not finite: \(line)")
            invariant((0...1).contains(f.dim) && (0...1).contains(f.alpha), "dim or alpha outside [0, 1]: \(line)")
        }
    }
    return 0
}
