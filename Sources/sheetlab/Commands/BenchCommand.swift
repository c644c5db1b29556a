import Foundation
import SheetKit

enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        usage: "bench [--json]",
        summary: "Measures SheetLab against the budgets of SPEC §8. Figures not yet measurable are null.",
        options: [.init(name: "json", value: nil, help: "print one JSON object instead of a table")])

    static func run(_ args: ParsedArguments) -> Int32 {
        let speedup = simulateSpeedup()
        let figures: [(String, Double?)] = [
            ("blur_ms", nil), ("frame_static_p50_ms", nil), ("frame_static_p99_ms", nil),
            ("frame_animated_p50_ms", nil), ("render_png_ms", nil), ("launch_ms", nil),
            ("simulate_speedup", speedup),
        ]
        if args.flags.contains("json") {
            let body = figures.map { "\"\($0.0)\": \($0.1.map { JSONLines.number($0) } ?? "null")" }.joined(separator: ", ")
            Console.out("{\(body)}")
        } else {
            for (name, value) in figures {
                Console.out(name.padding(toLength: 24, withPad: " ", startingAt: 0) + (value.map { JSONLines.number($0) } ?? "not measured yet"))
            }
        }
        return 0
    }

    /// Virtual time simulated per second of wall time, with every line formatted as `simulate` would.
    static func simulateSpeedup() -> Double {
        // A busy minute: drags, flicks, taps, programmatic moves, over and over.
        var steps: [Step] = []
        var t = 0.0
        var index = 0
        func add(_ action: Step.Action) { steps.append(Step(at: t, action: action, index: index)); index += 1 }
        while t < 60_000 {
            add(.drag(from: Point(196, 500), to: Point(196, 200), duration: 150)); t += 900
            add(.drag(from: Point(196, 150), to: Point(196, 600), duration: 400)); t += 900
            add(.tap(Point(196, 120))); t += 500
            add(.select("large")); t += 700
            add(.select("peek")); t += 700
        }
        let simulation = Simulation(setup: SheetSetup(config: SheetLabConfig()), script: Script(steps: steps))
        var best = 0.0
        for _ in 0..<3 {
            let clock = ContinuousClock()
            var bytes = 0
            var virtualEnd = 0.0
            let elapsed = clock.measure {
                simulation.run { record in
                    bytes += JSONLines.line(record).utf8.count
                    if case .frame(let f) = record { virtualEnd = f.time }
                }
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            best = max(best, virtualEnd / 1000 / seconds)
            _ = bytes
        }
        return best
    }
}
