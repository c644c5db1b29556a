import Foundation
import XCTest
@testable import SheetKit

/// A gesture soak: seeded random drags, flicks, taps, selects, dismisses, presents and reloads at random
/// times (during drags and settles too), over every example config and every feel, checked on the `simulate` output.
/// Bounded by a count, not a time: SOAK_RUNS runs (default 200, every example under every feel at least once; `make soak`
/// runs 5,000), seeds from SOAK_SEED on, so a run covers the same scripts on any machine. A failure prints the seed and
/// a shrunk script.
final class SoakTests: XCTestCase {
    static let feels = ["uikit", "floatingpanel", "gorhom", "vaul", "material"]

    /// Every example config (not the scripts), as JSON objects.
    nonisolated(unsafe) static let examples: [(name: String, json: [String: Any])] = {
        let dir = assets.appendingPathComponent("Examples")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".script.json") }.sorted()
        return names.compactMap { name in
            guard let data = try? Data(contentsOf: dir.appendingPathComponent(name)),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            return (name, object)
        }
    }()

    /// `json` with `sheet.motion.feel` set.
    static func setup(_ json: [String: Any], feel: String) -> SheetSetup? {
        var json = json
        var sheet = json["sheet"] as? [String: Any] ?? [:]
        var motion = sheet["motion"] as? [String: Any] ?? [:]
        motion["feel"] = feel
        sheet["motion"] = motion
        json["sheet"] = sheet
        guard let data = try? JSONSerialization.data(withJSONObject: json),
              case .success(let d) = ConfigLoader.load(text: String(decoding: data, as: UTF8.self), file: "soak.json") else { return nil }
        return SheetSetup(config: d.config)
    }

    struct Figures { var runs = 0, steps = 0, frames = 0, releases = 0, flicksChecked = 0 }

    func testSoak() throws {
        let runs = Int(ProcessInfo.processInfo.environment["SOAK_RUNS"] ?? "") ?? 200
        let firstSeed = UInt64(ProcessInfo.processInfo.environment["SOAK_SEED"] ?? "") ?? 1
        XCTAssertGreaterThanOrEqual(Self.examples.count, 5, "the example configs did not load")
        var setups: [(String, [SheetSetup])] = []
        for feel in Self.feels {
            let list = Self.examples.compactMap { Self.setup($0.json, feel: feel) }
            XCTAssertEqual(list.count, Self.examples.count, "an example does not load with feel \(feel)")
            setups.append((feel, list))
        }
        var figures = Figures()
        let start = Date()
        var seed = firstSeed
        while figures.runs < max(runs, setups.count * Self.examples.count) {
            let (feel, list) = setups[Int(seed % UInt64(setups.count))]
            let which = Int((seed / UInt64(setups.count)) % UInt64(list.count))
            var random = SplitMix(seed: seed)
            let script = SoakScript.random(&random, setups: list, first: which)
            let simulation = script.simulation(fps: 60)
            let issues = simulation.validate()
            XCTAssertEqual(issues.map(\.description), [], "seed \(seed): the generator made an invalid script")
            if let failure = SoakCheck.failure(of: simulation, figures: &figures) {
                let small = SoakScript.shrink(script) { SoakCheck.failure(of: $0.simulation(fps: 60), figures: &figures) != nil }
                XCTFail("""
                    soak seed \(seed) (feel \(feel), \(Self.examples[which].name)): \(failure)
                    shrunk to \(small.steps.count) of \(script.steps.count) steps; rerun with SOAK_SEED=\(seed):
                    \(small.json)
                    """)
                return
            }
            figures.runs += 1
            figures.steps += script.steps.count
            seed += 1
        }
        let elapsed = Date().timeIntervalSince(start)
        print("soak: \(figures.runs) runs, \(figures.steps) steps, \(figures.frames) frames, \(figures.releases) releases "
              + "(\(figures.flicksChecked) flicks checked for direction) in \(String(format: "%.1f", elapsed)) s; seeds \(firstSeed)…\(seed - 1)")
    }
}

/// A random script over a config and the configs it may reload.
struct SoakScript {
    var steps: [Step]
    var setups: [SheetSetup]
    var first: Int

    func simulation(fps: Double) -> Simulation {
        var reloads: [String: SheetSetup] = [:]
        for (i, s) in setups.enumerated() { reloads["r\(i)"] = s }
        let indexed = steps.enumerated().map { Step(at: $0.element.at, action: $0.element.action, index: $0.offset) }
        return Simulation(setup: setups[first], script: Script(steps: indexed), fps: fps, reloads: reloads)
    }

    static func random(_ r: inout SplitMix, setups: [SheetSetup], first: Int) -> SoakScript {
        var steps: [Step] = []
        var now = 0.0, pointerFree = 0.0
        var current = setups[first]
        let count = r.int(3...24)
        for _ in 0..<count {
            let c = current.canvas
            func point() -> Point { Point(r.unit() * c.width, r.unit() * c.height) }
            /// A point on the sheet's band or body, where drags start most of the time.
            func onSheet() -> Point {
                let top = c.height - (current.detents.map(\.height).randomElement(using: &r) ?? 300)
                return Point(current.sheetX + r.unit() * current.sheetWidth, min(c.height - 1, top + r.unit() * 60))
            }
            switch r.int(0...9) {
            case 0...2:  // a drag, slow or fast
                let at = max(now, pointerFree) + Double(r.int(0...2))
                let from = r.int(0...4) == 0 ? point() : onSheet()
                let to = Point(from.x + (r.unit() - 0.5) * 60, r.unit() * c.height * 1.2 - c.height * 0.1)
                let d = Double(r.int(16...900))
                steps.append(Step(at: at, action: .drag(from: from, to: to, duration: d)))
                pointerFree = at + d + 1
            case 3...4:  // a flick: short and far
                let at = max(now, pointerFree) + Double(r.int(0...2))
                let from = onSheet()
                let to = Point(from.x, from.y + (r.int(0...1) == 0 ? -1 : 1) * (80 + r.unit() * 400))
                let d = Double(r.int(20...90))
                steps.append(Step(at: at, action: .drag(from: from, to: to, duration: d)))
                pointerFree = at + d + 1
            case 5:
                let at = max(now, pointerFree) + Double(r.int(0...2))
                steps.append(Step(at: at, action: .tap(point())))
                pointerFree = at + Step.tapLength + 1
            case 6:
                steps.append(Step(at: now, action: .select(current.detents.randomElement(using: &r)!.id)))
            case 7:
                steps.append(Step(at: now, action: r.int(0...1) == 0 ? .dismiss : .present))
            case 8:
                let i = r.int(0...setups.count - 1)
                steps.append(Step(at: now, action: .reload("r\(i)")))
                current = setups[i]
            default:
                steps.append(Step(at: now, action: .wait(Double(r.int(0...800)))))
            }
            // Often less than a settle: inputs land during animations.
            now += [0, 1, 16, 40, 120, 250, 500, 900][r.int(0...7)]
        }
        return SoakScript(steps: steps, setups: setups, first: first)
    }

    /// Removes steps one at a time while the script still fails (and stays valid): a minimal failing script.
    static func shrink(_ script: SoakScript, fails: (SoakScript) -> Bool) -> SoakScript {
        var best = script
        var changed = true
        while changed {
            changed = false
            for i in best.steps.indices.reversed() {
                var candidate = best
                candidate.steps.remove(at: i)
                guard candidate.simulation(fps: 60).validate().isEmpty, fails(candidate) else { continue }
                best = candidate
                changed = true
                break
            }
        }
        return best
    }

    var json: String {
        func p(_ p: Point) -> String { "[\(JSONLines.number(p.x)), \(JSONLines.number(p.y))]" }
        let lines = steps.map { step -> String in
            let at = "\"at\": \(JSONLines.number(step.at))"
            switch step.action {
            case .down(let x): return "{\(at), \"down\": \(p(x))}"
            case .move(let x): return "{\(at), \"move\": \(p(x))}"
            case .up(let x): return "{\(at), \"up\": \(p(x))}"
            case .tap(let x): return "{\(at), \"tap\": \(p(x))}"
            case .drag(let a, let b, let d): return "{\(at), \"drag\": {\"from\": \(p(a)), \"to\": \(p(b)), \"duration\": \(JSONLines.number(d))}}"
            case .select(let id): return "{\(at), \"select\": \(JSONLines.string(id))}"
            case .dismiss: return "{\(at), \"dismiss\": true}"
            case .present: return "{\(at), \"present\": true}"
            case .presentSheet(let id): return "{\(at), \"present\": \(JSONLines.string(id))}"
            case .reload(let r): return "{\(at), \"reload\": \(JSONLines.string(r))}"
            case .wait(let w): return "{\(at), \"wait\": \(JSONLines.number(w))}"
            case .keyboard(let show): return "{\(at), \"keyboard\": \"\(show ? "show" : "hide")\"}"
            case .type(let text): return "{\(at), \"type\": \(JSONLines.string(text))}"
            }
        }
        return "{\"steps\": [\n  " + lines.joined(separator: ",\n  ") + "\n]}"
    }
}

/// The invariants, on the lines `simulate` prints.
enum SoakCheck {
    static func failure(of simulation: Simulation, figures: inout SoakTests.Figures) -> String? {
        var problem: String?
        var lastTime = -Double.infinity
        var lastFrame: [String: Any]?
        // The config in force from each reload on.
        var configs: [(at: Double, setup: SheetSetup)] = [(-.infinity, simulation.setup)]
        for step in simulation.orderedSteps {
            if case .reload(let path) = step.action, let s = simulation.reloads[path] { configs.append((step.at, s)) }
        }
        // Times at which something (not a wait) acts on the sheet.
        let actions = simulation.script.steps.filter { if case .wait = $0.action { return false }; return true }.map(\.at)
        // A release waiting for the sheet to come to rest.
        var pending: (time: Double, top: Double, velocity: Double, line: String)?
        // Where and when the current drag took the sheet: the last frame before it was dragging. vaul judges a
        // release by the whole drag (its displacement over its time), not by the lift-off velocity.
        var beforeDrag: (time: Double, top: Double) = (0, simulation.setup.canvas.height)
        var dragStart: (time: Double, top: Double)?
        var frames = 0
        simulation.run { record in
            guard problem == nil else { return }
            let line = JSONLines.line(record)
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                problem = "not JSON: \(line)"; return
            }
            for (key, value) in object {
                if value is NSNull, key != "detent" { problem = "\(key) is null: \(line)"; return }
                if let n = value as? NSNumber, !n.doubleValue.isFinite { problem = "\(key) is not finite: \(line)"; return }
            }
            let t = (object["t"] as? NSNumber)?.doubleValue ?? .nan
            if !(t >= lastTime) { problem = "time went back from \(lastTime) to \(t): \(line)"; return }
            lastTime = t
            if case .event(let e) = record {
                if case .release(let r) = e.event {
                    figures.releases += 1
                    var velocity = r.velocity
                    if let start = dragStart, configs.last(where: { $0.at <= t + 1e-9 })!.setup.feel == .vaul {
                        let dragged = r.top - start.top, time = t - start.time
                        // Checked only when the drag's average speed makes it a fast flick (above 2 pt/ms; slower ones may settle on the
                        // nearest point, by design, docs/feel.md) and its direction agrees
                        // with the lift-off (a drag that caught a moving sheet has a start this cannot see exactly).
                        let flick = time > 0 && abs(dragged) / time > 2 && dragged * r.velocity > 0
                        velocity = flick ? r.velocity : 0
                    }
                    pending = (t, r.top, velocity, line)
                }
                return
            }
            frames += 1
            lastFrame = object
            let top = (object["top"] as? NSNumber)?.doubleValue ?? .nan
            if object["phase"] as? String == "dragging" {
                if dragStart == nil { dragStart = beforeDrag }
            } else {
                dragStart = nil
                beforeDrag = (t, top)
            }
            for key in ["dim", "alpha"] {
                let v = (object[key] as? NSNumber)?.doubleValue ?? .nan
                if !(0...1).contains(v) { problem = "\(key) \(v) is outside [0, 1]: \(line)"; return }
            }
            guard let p = pending else { return }
            // An input or a reload after the release makes the settle somebody else's: not checked.
            if actions.contains(where: { $0 > p.time + 1e-9 && $0 <= t + 1e-9 }) { pending = nil; return }
            guard object["phase"] as? String == "idle" else { return }
            pending = nil
            let setup = configs.last { $0.at <= p.time + 1e-9 }!.setup
            switch checkDirection(p, restTop: (object["top"] as? NSNumber)?.doubleValue ?? .nan, setup: setup) {
            case .none: break
            case .some(.none): figures.flicksChecked += 1
            case .some(.some(let message)): problem = message
            }
        }
        figures.frames += frames
        if let problem { return problem }
        guard let last = lastFrame else { return "no frame at all" }
        let phase = last["phase"] as? String
        if phase == "idle" {
            if last["detent"] is NSNull || last["detent"] == nil { return "ended idle but on no detent at \(lastTime) ms" }
        } else if phase != "dismissed" {
            return "did not end at rest (phase \(phase ?? "?")) at \(lastTime) ms"
        }
        return nil
    }

    /// nil when the release was not a flick from between detents (nothing to check); .some(nil) when it settled
    /// with its direction, .some(message) when against it.
    static func checkDirection(_ p: (time: Double, top: Double, velocity: Double, line: String), restTop: Double, setup: SheetSetup) -> String?? {
        let tops = setup.detents.map { setup.canvas.height - $0.height }
        guard let highest = tops.min(), let lowest = tops.max(), abs(p.velocity) >= 500,
              p.top > highest + 1, p.top < lowest - 1 else { return nil }
        let moved = restTop - p.top
        // Material, by design (docs/feel.md): moving down releases to collapsed, "or the nearer of half and
        // collapsed", which may be above; never to the expanded detent.
        if setup.feel == .material, p.velocity > 0, moved < 0 {
            let lower = tops.filter { $0 > highest + 1e-9 }
            let nearest = lower.min { abs($0 - p.top) < abs($1 - p.top) }
            if let nearest, abs(restTop - nearest) <= 1 { return .some(nil) }
        }
        // gorhom, by design (redash's snapPoint): the detent nearest top + 0.2·v, which for a short projection past
        // a detent may be back the way it came (UIKit's medium, H/2 + B, sits close enough above peek's midpoint).
        if setup.feel == .gorhom {
            let projected = p.top + 0.2 * p.velocity
            let nearest = tops.min { abs($0 - projected) < abs($1 - projected) }
            if let nearest, abs(restTop - nearest) <= 1 { return .some(nil) }
        }
        if moved * p.velocity < 0 && abs(moved) > 1 {
            return .some("a flick at \(JSONLines.number(p.velocity)) pt/s from top \(JSONLines.number(p.top)) settled at \(JSONLines.number(restTop)), against its direction: \(p.line)")
        }
        return .some(nil)
    }
}
