import Foundation
import XCTest
@testable import SheetKit

/// The iPhone 15 canvas the tables use: H = 852, T = 59, B = 34, so M = 783.
let phone = Canvas(DevicePreset.named("iphone-15")!)

/// Loads a config from JSON text, failing the test with every diagnostic if it does not load.
func config(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> SheetLabConfig {
    switch ConfigLoader.load(text: json, file: "test.json") {
    case .success(let d): return d.config
    case .failure(let e):
        XCTFail("config did not load:\n\(e)", file: file, line: line)
        return SheetLabConfig()
    }
}

/// The diagnostics a config produces; empty if it loads.
func errors(_ json: String, fileExists: (String) -> Bool = { _ in true }) -> [Diagnostic] {
    switch ConfigLoader.load(text: json, file: "test.json", fileExists: fileExists) {
    case .success: return []
    case .failure(let e): return e.diagnostics
    }
}

/// An engine on `json` (or the built-in default).
func engine(_ json: String? = nil) -> SheetEngine {
    SheetEngine(setup: SheetSetup(config: json.map { config($0) } ?? SheetLabConfig()))
}

/// The repository's Assets folder.
let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Assets")

func example(_ name: String) -> SheetLabConfig {
    let url = assets.appendingPathComponent("Examples/\(name).json")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return config(text)
}

extension SheetEngine {
    /// Drives the engine through a script that starts now, and returns every event; frames come every 1/60 s.
    mutating func play(_ steps: [Step], until end: Double? = nil) -> [TimedEvent] {
        var events: [TimedEvent] = []
        let base = time
        let shifted = steps.map { Step(at: $0.at + base, action: $0.action, index: $0.index) }
        let simulation = Simulation(setup: setup, script: Script(steps: shifted))
        let inputs = simulation.timeline()
        let stop = end.map { $0 + base } ?? simulation.minimumEnd
        var next = 0
        var frame = (base * 60 / 1000).rounded(.up)
        while true {
            let t = frame * 1000 / 60
            while next < inputs.count && inputs[next].time <= t + 1e-9 {
                events += handle(inputs[next].input, at: inputs[next].time)
                next += 1
            }
            events += advance(to: t)
            if t >= stop && (end != nil || isAtRest) { break }
            if t > stop + 60_000 { XCTFail("never came to rest"); break }
            frame += 1
        }
        return events
    }
}

func steps(_ actions: (Double, Step.Action)...) -> [Step] {
    actions.enumerated().map { Step(at: $0.element.0, action: $0.element.1, index: $0.offset) }
}

extension Array where Element == TimedEvent {
    var kinds: [SheetEvent] {
        compactMap { if case .release = $0.event { return nil }; return $0.event }
    }
}
