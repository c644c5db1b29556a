import SheetKit

/// Config decoding and validation, then the setup the engine is made from.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    switch ConfigLoader.load(text: fuzzText(start, count), file: "fuzz.json") {
    case .success(let document):
        let setup = SheetSetup(config: document.config)
        for d in setup.detents { invariant(d.height.isFinite && d.height >= 0, "detent \(d.id) is \(d.height) pt") }
        var engine = SheetEngine(setup: setup)
        _ = engine.advance(to: 1000)
        invariant(engine.top.isFinite && engine.dim.isFinite, "an engine state that is not finite")
    case .failure(let error):
        checkDiagnostics(error)
    }
    return 0
}
