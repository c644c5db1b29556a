import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// Frame timings on the iPhone 15 canvas at 3× (1179×2556 px), the default config over the map.
@MainActor
enum FrameBench {
    struct Figures {
        var staticP50: Double
        var staticP99: Double
        var animatedP50: Double
        var animatedP99: Double
        var renderPNG: Double
    }

    nonisolated static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    static func run() throws(Inputs.Failure) -> Figures {
        let document = ConfigDocument.builtInDefault
        let setup = try Rendering.setup(document)
        let clock = ContinuousClock()

        // A drag over a still background: up from peek to past large and back down, 240 frames,
        // crossing the dimming ramp between peek and medium both ways.
        let renderer = try Rendering.renderer(document, setup: setup, scale: 3)
        var engine = SheetEngine(setup: setup)
        renderer.render(SheetVisual(engine: engine))
        var staticTimes: [Double] = []
        let heights = (0..<240).map { i -> Double in
            let f = Double(i) / 119.0
            return i < 120 ? 120 + f * (800 - 120) : 800 - (f - 1) * (800 - 120)
        }
        for h in heights {
            let visual = SheetVisual(height: h, dim: Dimming.amount(height: h, detents: setup.detents,
                                                                      largestUndimmed: setup.largestUndimmed, opacity: 0.4))
            staticTimes.append(milliseconds(clock.measure { renderer.render(visual) }))
        }

        // A background that changes every frame: the map pans under a sheet at medium, so the scene
        // is redrawn and the backdrop blurred again each time.
        var animatedTimes: [Double] = []
        _ = engine.handle(.select("medium"), at: 0)
        _ = engine.advance(to: 2000)
        for i in 0..<120 {
            var visual = SheetVisual(engine: engine)
            visual.panX = Double(i) * 1.5
            visual.panY = Double(i) * 0.5
            animatedTimes.append(milliseconds(clock.measure { renderer.render(visual) }))
        }

        // One PNG, the whole way: fonts, layout, scene, blur, frame and encoding.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-bench-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        var pngTimes: [Double] = []
        for _ in 0..<5 {
            pngTimes.append(milliseconds(clock.measure {
                guard let glyphs = try? TTFGlyphs() else { return }
                let text = TextEngine(rasterizer: glyphs)
                let s = SheetSetup(config: document.config, measurer: MeasuredTextMetrics(engine: text))
                let r = FrameRenderer(setup: s, scale: 3, text: text, scene: MapScene(text: text))
                r.render(SheetVisual(engine: SheetEngine(setup: s)))
                try? ImageFiles.writePNG(r.frame, to: file)
            }))
        }
        return Figures(staticP50: percentile(staticTimes, 0.5), staticP99: percentile(staticTimes, 0.99),
                       animatedP50: percentile(animatedTimes, 0.5), animatedP99: percentile(animatedTimes, 0.99),
                       renderPNG: percentile(pngTimes, 0.5))
    }
}

/// Launch to first frame: `sheetlab run` started as a new process, timed until it has shown one frame.
@MainActor
enum LaunchBench {
    static func run() -> Double? {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { return nil }
        var times: [Double] = []
        for _ in 0..<5 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            if !FileManager.default.isExecutableFile(atPath: p.executableURL!.path) {
                p.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            }
            p.arguments = ["run"]
            var env = ProcessInfo.processInfo.environment
            env["SHEETLAB_EXIT_AFTER_FIRST_FRAME"] = "1"
            p.environment = env
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            let clock = ContinuousClock()
            let start = clock.now
            do { try p.run() } catch { return nil }
            p.waitUntilExit()
            guard p.terminationStatus == 0 else { return nil }
            times.append(FrameBench.milliseconds(clock.now - start))
        }
        return times.sorted()[times.count / 2]
    }
}
