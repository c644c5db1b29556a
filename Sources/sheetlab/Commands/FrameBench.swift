import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// Frame timings on the iPhone 15 canvas at 3× (1179×2556 px), the default config over the map, in both sheet
/// styles: glass (the default: floating, morphing to edge-attached and opaque between medium and large, lensed and
/// rimmed) and classic (edge-attached, top corners only).
@MainActor
enum FrameBench {
    struct Figures {
        var staticP50: Double
        var staticP99: Double
        var animatedP50: Double
        var animatedP99: Double
        var renderPNG: Double
        /// Every timed frame: "static" (the drag, `height` the sheet's) or "animated" (the panning map at medium).
        var frames: [(kind: String, index: Int, height: Double, ms: Double)] = []
    }

    /// The figures for the default config (glass) and for the same config in the classic style.
    static func run() throws -> (glass: Figures, classic: Figures) {
        var classic = ConfigDocument.builtInDefault
        classic.config.sheet.style = .classic
        return (try run(ConfigDocument.builtInDefault), try run(classic))
    }

    static func run(_ document: ConfigDocument) throws -> Figures {
        let pngTimes = try renderPNGTimes(document)
        let sheet = try ResolvedSheet.resolve(document)
        let setup = sheet.setup

        // A drag over a still background: up from peek to past large and back down, 240 frames,
        // crossing the dimming ramp between peek and medium both ways.
        let renderer = sheet.renderer(scale: 3)
        var engine = SheetEngine(setup: setup)
        renderer.render(SheetVisual(engine: engine))
        let heights = (0..<240).map { i -> Double in
            let f = Double(i) / 119.0
            return i < 120 ? 120 + f * (800 - 120) : 800 - (f - 1) * (800 - 120)
        }
        var step = 0
        let staticTimes = BenchCommand.times(runs: heights.count) {
            let h = heights[step]
            step += 1
            renderer.render(SheetVisual(height: h, dim: Dimming.amount(height: h, detents: setup.detents,
                                                                       largestUndimmed: setup.largestUndimmed, opacity: 0.4)))
        }

        // A background that changes every frame: the map pans under a sheet at medium, so the scene
        // is redrawn and the backdrop blurred again each time.
        _ = engine.handle(.select("medium"), at: 0)
        _ = engine.advance(to: 2000)
        var frame = 0
        let animatedTimes = BenchCommand.times(runs: 120) {
            var visual = SheetVisual(engine: engine)
            visual.panX = Double(frame) * 1.5
            visual.panY = Double(frame) * 0.5
            frame += 1
            renderer.render(visual)
        }
        return Figures(staticP50: percentile(staticTimes, 0.5), staticP99: percentile(staticTimes, 0.99),
                       animatedP50: percentile(animatedTimes, 0.5), animatedP99: percentile(animatedTimes, 0.99),
                       renderPNG: percentile(pngTimes, 0.5),
                       frames: staticTimes.enumerated().map { ("static", $0.offset, heights[$0.offset], $0.element) }
                           + animatedTimes.enumerated().map { ("animated", $0.offset, engine.height, $0.element) })
    }

    /// One PNG, the whole way: fonts, layout, scene, blur, frame and encoding. Any step that fails fails the bench.
    static func renderPNGTimes(_ document: ConfigDocument) throws(PlatformFailure) -> [Double] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-bench-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        return try BenchCommand.times(runs: 5) { () throws(PlatformFailure) in
            do {
                let sheet = try ResolvedSheet.resolve(document, text: TextEngine(rasterizer: try TTFGlyphs()))
                let r = sheet.renderer(scale: 3)
                r.render(SheetVisual(engine: SheetEngine(setup: sheet.setup)))
                try ImageFiles.writePNG(r.frame, to: file)
            } catch {
                throw PlatformFailure("bench", "render_png_ms: \(error)")
            }
        }
    }
}
