import Foundation
import Platform
import Raster
import SheetKit

@MainActor
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        usage: "bench [--json] [--frames OUT.csv] [--blur-input IN.png --blur-output OUT.png [--sigma SIGMA]]",
        summary: """
        Measures SheetLab against its performance budgets (README, Performance), on one core, in milliseconds.
        The static drag is also reported per phase (rest, drag, morph for glass, recede for a receding sheet, large),
        as frame_static_<phase>_p50_ms and _p99_ms, with _classic for the classic style; _keyboard: the glass default
        with a search field and the keyboard up (static drag; animated: the keyboard rising and falling); _stacked: a card
        presented over the default at medium (static: the card dragged; animated: the map panning under the stack);
        _nested: vaul's nested rule, the child dragged so the parent is posed every frame. The animated frames are also
        reported per render stage (scene, backdrop, blur, material, outline, content, body, grabber, keyboard, corners,
        prepare, and in a stack stack_lift, stack_lay, stack_picture, stack_finish; other: outside every stage), as
        frame_animated_stage_<stage>_p50_ms and _p99_ms, with _classic, _stacked and _nested. launch_ms needs a
        display (run under xvfb-run); without one it is null.
        """,
        options: [Options.json, frames, blurInput, blurOutput, Options.sigma],
        run: run)

    static let frames = Option<String?>.text("frames", "OUT.csv", help: "also write every timed frame: style, kind, frame, height (pt), ms")
    static let blurInput = Option<String?>.text("blur-input", "IN.png", help: "only time the blur of this whole image (median of 15 runs)")
    static let blurOutput = Option<String?>.text("blur-output", "OUT.png", help: "where --blur-input writes its blurred image")

    static func run(_ args: ParsedArguments) throws -> Int32 {
        if [blurInput.name, blurOutput.name, Options.sigma.name].contains(where: { args.values[$0] != nil }) {
            return try blurFile(args)
        }
        // The benchmarks that need the platform (a display, fonts, a writable temporary folder) run first,
        // so that a broken install fails in seconds rather than after the pure ones.
        let launch = try LaunchBench.run()
        let (frames, classic) = try FrameBench.run()
        if let path = try args.value(Self.frames) {
            let rows = [("glass", frames), ("classic", classic)].flatMap { style, figures in
                figures.frames.map { "\(style),\($0.kind),\($0.index),\(JSONLines.number($0.height)),\(JSONLines.number($0.ms))" }
            }
            do { try AtomicFile.write((["style,kind,frame,height_pt,ms"] + rows).joined(separator: "\n") + "\n", to: path) } catch {
                throw PlatformFailure(path, error: error)
            }
        }
        let keyboard = try FrameBench.runKeyboard()
        let stacked = try FrameBench.runStacked()
        let speedup = try simulateSpeedup()
        let blur = blurBenchmarks()
        let figures: [(String, Double?)] = [
            ("blur_ms", blur.sheetMedium), ("frame_static_p50_ms", frames.staticP50), ("frame_static_p99_ms", frames.staticP99),
            ("frame_animated_p50_ms", frames.animatedP50), ("render_png_ms", frames.renderPNG), ("launch_ms", launch),
            ("simulate_speedup", speedup),
            ("blur_sigma90_ms", blur.material30pt),
            ("frame_animated_p99_ms", frames.animatedP99),
            ("frame_static_p50_ms_classic", classic.staticP50), ("frame_static_p99_ms_classic", classic.staticP99),
            ("frame_animated_p50_ms_classic", classic.animatedP50), ("frame_animated_p99_ms_classic", classic.animatedP99),
            ("render_png_ms_classic", classic.renderPNG),
            ("frame_static_p50_ms_keyboard", keyboard.staticP50), ("frame_static_p99_ms_keyboard", keyboard.staticP99),
            ("frame_animated_p50_ms_keyboard", keyboard.animatedP50), ("frame_animated_p99_ms_keyboard", keyboard.animatedP99),
            ("frame_static_p50_ms_stacked", stacked.staticP50), ("frame_static_p99_ms_stacked", stacked.staticP99),
            ("frame_animated_p50_ms_stacked", stacked.animatedP50), ("frame_animated_p99_ms_stacked", stacked.animatedP99),
            ("frame_animated_p50_ms_nested", stacked.nestedP50), ("frame_animated_p99_ms_nested", stacked.nestedP99),
        ] + [("", frames), ("_classic", classic)].flatMap { suffix, figures in
            figures.phases.flatMap { p in
                [("frame_static_\(p.phase.rawValue)_p50_ms\(suffix)", Optional(p.p50)), ("frame_static_\(p.phase.rawValue)_p99_ms\(suffix)", Optional(p.p99))]
            }
        } + stageKeys([("", frames.animatedStages), ("_classic", classic.animatedStages), ("_stacked", stacked.animatedStages),
                       ("_nested", stacked.nestedStages)])
        report(figures, json: args.isSet(Options.json))
        return 0
    }

    /// The animated frames' stages as figures: frame_animated_stage_<stage>_p50_ms<suffix> and _p99_ms<suffix>.
    static func stageKeys(_ kinds: [(suffix: String, stages: [FrameBench.StageFigure])]) -> [(String, Double?)] {
        var figures: [(String, Double?)] = []
        for (suffix, stages) in kinds {
            for s in stages {
                figures.append(("frame_animated_stage_\(s.name)_p50_ms\(suffix)", s.p50))
                figures.append(("frame_animated_stage_\(s.name)_p99_ms\(suffix)", s.p99))
            }
        }
        return figures
    }

    static func report(_ figures: [(String, Double?)], json: Bool) {
        if json {
            let body = figures.map { "\"\($0.0)\": \($0.1.map { JSONLines.number($0) } ?? "null")" }.joined(separator: ", ")
            Console.out("{\(body)}")
        } else {
            let width = max(38, (figures.map(\.0.count).max() ?? 0) + 2)
            for (name, value) in figures {
                Console.out(name.padding(toLength: width, withPad: " ", startingAt: 0) + (value.map { JSONLines.number($0) } ?? "not measured (no display)"))
            }
        }
    }

    /// The wall times of `runs` calls of `work`, in milliseconds. A call that throws ends the benchmark
    /// with its error: work that failed has no time.
    /// What `times` measures: the wall clock (the bench: what a user waits), or the CPU time of the calling thread
    /// (tests that compare phases: time the thread was preempted by other processes is not counted).
    enum Clock { case wall, threadCPU }

    static func times<E: Error>(runs: Int, clock kind: Clock = .wall, _ work: () throws(E) -> Void) throws(E) -> [Double] {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<runs {
            switch kind {
            case .wall:
                let start = clock.now
                try work()
                times.append((clock.now - start).milliseconds)
            case .threadCPU:
                let start = threadCPUMilliseconds()
                try work()
                times.append(threadCPUMilliseconds() - start)
            }
        }
        return times
    }

    static func threadCPUMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000
    }

    /// The median wall time of `runs` calls of `body`, in milliseconds.
    static func medianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
        percentile(times(runs: runs, body), 0.5)
    }

    /// `blur_ms`: the sheet at half height on an iPhone 15 canvas at 3×, a 1179×1278 region at sigma 60 px
    /// over a busy background that continues above it. Also the default material (30 pt at 3×) under a
    /// large sheet, 1179×1200 at sigma 90 px, which the animated-frame budget pays for.
    static func blurBenchmarks() -> (sheetMedium: Double, material30pt: Double) {
        let canvas = BlurTestImage.make(width: 1179, height: 2556)
        let workspace = BlurWorkspace()
        var out = Pixmap(width: 0, height: 0)
        let medium = PixelRect(x: 0, y: 1278, width: 1179, height: 1278)
        let large = PixelRect(x: 0, y: 1356, width: 1179, height: 1200)
        workspace.blur(canvas, region: medium, sigma: 60, into: &out) // warm the workspace
        let a = medianMilliseconds(runs: 15) { workspace.blur(canvas, region: medium, sigma: 60, into: &out) }
        workspace.blur(canvas, region: large, sigma: 90, into: &out)
        let b = medianMilliseconds(runs: 15) { workspace.blur(canvas, region: large, sigma: 90, into: &out) }
        return (a, b)
    }

    /// `--blur-input`: blurs a whole PNG, for comparison with other implementations (scripts/blur-vs-pillow.py).
    static func blurFile(_ args: ParsedArguments) throws -> Int32 {
        guard let input = try args.value(blurInput) else {
            throw InputError(file: "bench", "--blur-output and --sigma need --blur-input")
        }
        let sigma = try args.value(Options.sigma)
        let image: Pixmap
        do { image = try ImageFiles.read(input) } catch { throw PlatformFailure("bench", error: error) }
        let region = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        let workspace = BlurWorkspace()
        var out = Pixmap(width: 0, height: 0)
        workspace.blur(image, region: region, sigma: sigma, into: &out)
        let ms = medianMilliseconds(runs: 15) { workspace.blur(image, region: region, sigma: sigma, into: &out) }
        if let output = try args.value(blurOutput) {
            do { try ImageFiles.writePNG(out, to: output) } catch { throw PlatformFailure("bench", error: error) }
        }
        report([("blur_ms", ms), ("width", Double(image.width)), ("height", Double(image.height)), ("sigma", sigma)],
              json: args.isSet(Options.json))
        return 0
    }

    /// Virtual time simulated per second of wall time, with every line formatted as `simulate` would.
    static func simulateSpeedup() throws -> Double {
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
        let simulation = Simulation(setup: try ResolvedSheet.resolve(.builtInDefault).setup, script: Script(steps: steps))
        var best = 0.0
        for _ in 0..<3 {
            var bytes = 0
            var virtualEnd = 0.0
            let elapsed = ContinuousClock().measure {
                simulation.run { record in
                    bytes += JSONLines.line(record).utf8.count
                    if case .frame(let f) = record { virtualEnd = f.time }
                }
            }
            best = max(best, virtualEnd / elapsed.milliseconds)
            _ = bytes
        }
        return best
    }
}
