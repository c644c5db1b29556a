import SheetKit

/// Script and scenario decoding: the same bytes as both.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = fuzzText(start, count)
    switch DocumentLoader.load(Script.self, text: text, file: "fuzz.script.json") {
    case .success(let loaded):
        let simulation = Simulation(setup: SheetSetup(config: SheetLabConfig()), script: loaded.value)
        if let failure = simulation.validate().first { invariant(!failure.message.isEmpty, "an empty problem") }
    case .failure(let error):
        checkDiagnostics(error)
    }
    switch DocumentLoader.load(Scenario.self, text: text, file: "fuzz.scenario.json") {
    case .success(let loaded):
        for s in loaded.value.snapshots { invariant(s.at.isFinite && s.at >= 0, "a snapshot at \(s.at)") }
    case .failure(let error):
        checkDiagnostics(error)
    }
    return 0
}
