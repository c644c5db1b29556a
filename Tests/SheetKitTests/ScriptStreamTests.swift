import XCTest
@testable import SheetKit

/// Scripts expand into inputs as they are played, never all at once: the stream gives exactly the inputs
/// a plain expansion gives, in the same order, and validation reports a step once, not at every frame.
final class ScriptStreamTests: XCTestCase {
    /// The expansion spelled out the simple way: every input of every step, then one stable sort by time.
    func reference(_ simulation: Simulation) -> [TimedInput] {
        var out: [TimedInput] = []
        let fi = simulation.frameInterval
        for step in simulation.orderedSteps {
            let i = step.index
            switch step.action {
            case .down(let p): out.append(TimedInput(time: step.at, input: .pointerDown(p), step: i))
            case .move(let p): out.append(TimedInput(time: step.at, input: .pointerMove(p), step: i))
            case .up(let p): out.append(TimedInput(time: step.at, input: .pointerUp(p), step: i))
            case .tap(let p):
                out.append(TimedInput(time: step.at, input: .pointerDown(p), step: i))
                out.append(TimedInput(time: step.at + Step.tapLength, input: .pointerUp(p), step: i))
            case .drag(let from, let to, let d):
                out.append(TimedInput(time: step.at, input: .pointerDown(from), step: i))
                var k = 0.0
                while k * fi < step.at + d - 1e-9 {
                    let t = k * fi
                    if t > step.at + 1e-9 {
                        let f = (t - step.at) / d
                        out.append(TimedInput(time: t, input: .pointerMove(Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)), step: i))
                    }
                    k += 1
                }
                out.append(TimedInput(time: step.at + d, input: .pointerUp(to), step: i))
            case .select(let id): out.append(TimedInput(time: step.at, input: .select(id), step: i))
            case .dismiss: out.append(TimedInput(time: step.at, input: .dismiss, step: i))
            case .present: out.append(TimedInput(time: step.at, input: .present, step: i))
            case .presentSheet(let id): out.append(TimedInput(time: step.at, input: .presentSheet(id), step: i))
            case .keyboard(let show): out.append(TimedInput(time: step.at, input: .keyboard(show: show), step: i))
            case .type(let text): out.append(TimedInput(time: step.at, input: .type(text), step: i))
            case .reload, .wait: break
            }
        }
        return out.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }.map(\.element)
    }

    func testTheStreamGivesThePlainExpansion() {
        var random = SplitMix(seed: 7)
        for round in 0..<300 {
            var list: [Step] = []
            for i in 0..<random.int(1...8) {
                let at = Double(random.int(0...40)) * 12.5
                let p = Point(Double(random.int(0...390)), Double(random.int(0...840)))
                let q = Point(Double(random.int(0...390)), Double(random.int(0...840)))
                let actions: [Step.Action] = [.down(p), .move(p), .up(p), .tap(p), .drag(from: p, to: q, duration: Double(random.int(1...400))),
                                              .select("large"), .dismiss, .present, .wait(100)]
                list.append(Step(at: at, action: actions[random.int(0...actions.count - 1)], index: i))
            }
            let fps = [30.0, 60, 120, 1000][random.int(0...3)]
            let simulation = Simulation(setup: SheetSetup(config: SheetLabConfig()), script: Script(steps: list), fps: fps)
            XCTAssertEqual(Array(simulation.inputs()), reference(simulation), "round \(round): \(list)")
        }
    }

    /// Five overlapping drags of almost an hour: every move after the first up was a problem of its own (hundreds of
    /// lines, and every input held at once). Now: one problem per step.
    func testOverlappingDragsAreReportedOncePerStep() {
        let steps = (0..<5).map { Step(at: Double($0) * 1000, action: .drag(from: Point(200, 600), to: Point(200, 100), duration: 3_500_000), index: $0) }
        let issues = Simulation(setup: SheetSetup(config: SheetLabConfig()), script: Script(steps: steps)).validate()
        XCTAssertEqual(issues.map(\.path?.description), ["steps[1].drag", "steps[2].drag", "steps[3].drag", "steps[4].drag"])
        XCTAssertTrue(issues[0].message.contains("already down at 1000 ms"), issues[0].message)
    }
}

/// A small seeded generator, the same on every platform.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
