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
        /// The static drag's frames by phase (`Phase`): p50 and p99 of each phase the style passes through.
        var phases: [(phase: Phase, p50: Double, p99: Double, count: Int)] = []
        /// The animated frame by render stage (`StageClock`).
        var animatedStages: [StageFigure] = []

        init(staticP50: Double, staticP99: Double, animatedP50: Double, animatedP99: Double, renderPNG: Double,
             phases: [(phase: Phase, p50: Double, p99: Double, count: Int)], frames: [(kind: String, index: Int, height: Double, ms: Double)]) {
            self.staticP50 = staticP50; self.staticP99 = staticP99; self.animatedP50 = animatedP50; self.animatedP99 = animatedP99
            self.renderPNG = renderPNG; self.phases = phases; self.frames = frames
        }
    }

    /// Where a static frame's sheet is, so that a regression shows where it is.
    enum Phase: String, CaseIterable {
        /// At or below the smallest detent.
        case rest
        /// Between the smallest detent and where the glass morph or the recede starts.
        case drag
        /// Glass between its highest partial detent and large: turning edge-attached and opaque (and receding the
        /// view behind, when it does).
        case morph
        /// The presenting view receding behind a classic modal sheet.
        case recede
        /// At or above the largest detent.
        case large

        static func of(height: Double, setup: SheetSetup) -> Phase {
            if height >= setup.largest.height - 0.5 { return .large }
            if height <= setup.smallest.height + 0.5 { return .rest }
            let recede = setup.recedeProgress(atHeight: height)
            let morph = setup.sheet.style == .glass ? setup.glassMorph(atHeight: height) : 0
            if morph > 0 { return .morph }
            if recede > 0 { return .recede }
            return .drag
        }
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

        let renderer = sheet.renderer(scale: 3)
        var engine = SheetEngine(setup: setup)
        let staticTimes = staticDrag(renderer.first)
        let heights = staticHeights

        // A background that changes every frame: the map pans under a sheet at medium, so the scene
        // is redrawn and the backdrop blurred again each time.
        _ = engine.handle(.select("medium"), at: 0)
        _ = engine.advance(to: 2000)
        var frame = 0
        let clock = StageClock()
        renderer.stageClock = clock
        let animatedTimes = BenchCommand.times(runs: 120) {
            var visual = SheetVisual(engine: engine)
            visual.panX = Double(frame) * 1.5
            visual.panY = Double(frame) * 0.5
            frame += 1
            renderer.render(visual)
            clock.endFrame()
        }
        renderer.stageClock = nil
        let phaseOf = heights.map { Phase.of(height: $0, setup: setup) }
        let phases = Phase.allCases.compactMap { phase -> (phase: Phase, p50: Double, p99: Double, count: Int)? in
            let times = staticTimes.indices.filter { phaseOf[$0] == phase }.map { staticTimes[$0] }
            return times.isEmpty ? nil : (phase, percentile(times, 0.5), percentile(times, 0.99), times.count)
        }
        var figures = Figures(staticP50: percentile(staticTimes, 0.5), staticP99: percentile(staticTimes, 0.99),
                              animatedP50: percentile(animatedTimes, 0.5), animatedP99: percentile(animatedTimes, 0.99),
                              renderPNG: percentile(pngTimes, 0.5),
                              phases: phases,
                              frames: staticTimes.enumerated().map { ("static", $0.offset, heights[$0.offset], $0.element) }
                                  + animatedTimes.enumerated().map { ("animated", $0.offset, engine.height, $0.element) })
        figures.animatedStages = stageFigures(clock, totals: animatedTimes)
        return figures
    }

    /// One render stage's share of a kind of frame: its p50 and p99 in ms over the frames timed.
    struct StageFigure {
        var name: String
        var p50: Double
        var p99: Double
    }

    /// The stages `clock` timed over frames whose wall times were `totals`: each stage that ran in any of them, in
    /// drawing order, then `other`, the frame's time outside every stage (the bench's loop, the engine, the visual).
    static func stageFigures(_ clock: StageClock, totals: [Double]) -> [StageFigure] {
        var figures: [StageFigure] = []
        for stage in StageClock.Stage.allCases where clock.counts.contains(where: { $0[stage.rawValue] > 0 }) {
            let times = clock.times(stage)
            figures.append(StageFigure(name: stage.name, p50: percentile(times, 0.5), p99: percentile(times, 0.99)))
        }
        let other = zip(totals, clock.frames).map { total, stages in max(0, total - stages.reduce(0, +)) }
        if !other.isEmpty { figures.append(StageFigure(name: "other", p50: percentile(other, 0.5), p99: percentile(other, 0.99))) }
        return figures
    }

    /// The default config (glass) with a search field first and the keyboard up: the static drag with the keyboard
    /// wholly shown and the field focused (the rows under the opaque keyboard are not drawn by the sheet), and animated
    /// frames of the keyboard rising and falling under the sheet at medium with the caret blinking (every 30 frames,
    /// as at 60 fps) so the content layer is drawn again. p50 and p99 of each, in ms.
    static func runKeyboard() throws -> (staticP50: Double, staticP99: Double, animatedP50: Double, animatedP99: Double) {
        var document = ConfigDocument.builtInDefault
        document.config.sheet.content.insert(.textField(TextFieldElement(placeholder: "Search")), at: 0)
        let sheet = try ResolvedSheet.resolve(document)
        let setup = sheet.setup
        let renderer = sheet.renderer(scale: 3)
        let full = setup.keyboardHeight
        var first = SheetVisual(engine: SheetEngine(setup: setup))
        first.keyboard = full
        renderer.render(first)
        renderer.prepareForMotion()
        var step = 0
        let focused = [0: FieldVisual(text: "", focused: true, caret: true)]
        let staticTimes = BenchCommand.times(runs: staticHeights.count) {
            let h = staticHeights[step]
            step += 1
            var v = SheetVisual(height: h, dim: Dimming.amount(height: h, detents: setup.detents,
                                                               largestUndimmed: setup.largestUndimmed, opacity: setup.dimmingOpacity))
            v.keyboard = full
            v.fields = focused
            renderer.render(v)
        }
        var engine = SheetEngine(setup: setup)
        _ = engine.handle(.select("medium"), at: 0)
        _ = engine.advance(to: 2000)
        var frame = 0
        let animatedTimes = BenchCommand.times(runs: 120) {
            var v = SheetVisual(engine: engine)
            let phase = Double(frame % 60) / 30
            v.keyboard = full * (phase <= 1 ? phase : 2 - phase)
            v.fields = [0: FieldVisual(text: "", focused: true, caret: (frame / 30) % 2 == 0)]
            frame += 1
            renderer.render(v)
        }
        return (percentile(staticTimes, 0.5), percentile(staticTimes, 0.99), percentile(animatedTimes, 0.5), percentile(animatedTimes, 0.99))
    }

    /// Two sheets stacked (the glass default at medium, a card of 300 pt presented over it; p50 and p99 in ms):
    /// - static: the top sheet dragged from its card up past large and back over a still stack and background
    ///   (`staticHeights` from 300 pt), so only the top level draws;
    /// - animated: the map panning every frame under the still stack, so the first sheet's backdrop, the picture of it
    ///   and the top sheet's blur are all made again;
    /// - nested: vaul's nested rule, the child dragged down and up by a finger, so the parent is lifted off its backdrop
    ///   and posed again every frame.
    static func runStacked() throws -> (staticP50: Double, staticP99: Double, animatedP50: Double, animatedP99: Double,
                                        nestedP50: Double, nestedP99: Double, animatedStages: [StageFigure],
                                        nestedStages: [StageFigure]) {
        func document(_ rule: StackBehavior) -> ConfigDocument {
            var document = ConfigDocument.builtInDefault
            var card = document.config.sheet
            card.detents = [.height(id: "card", points: 300), .large]
            card.initialDetent = "card"
            card.stackBehavior = rule
            card.content = [.title(TextElement(text: "Riverside Park")), .text(TextElement(text: "Park · 400 m"))]
            document.config.sheet.stackBehavior = rule
            document.config.sheets = [StackedSheetConfig(id: "card", sheet: card)]
            return document
        }
        func presented(_ sheet: ResolvedSheet) -> SheetEngine {
            var engine = SheetEngine(setup: sheet.setup)
            _ = engine.handle(.select("medium"), at: 0)
            _ = engine.advance(to: 1000)
            _ = engine.handle(.presentSheet("card"), at: 1000)
            _ = engine.advance(to: 3000)
            return engine
        }
        let system = try ResolvedSheet.resolve(document(.system))
        let renderer = system.renderer(scale: 3)
        let engine = presented(system)
        renderer.render(engine)
        renderer.prepareForMotion()
        let topSetup = engine.stack[0].engine.setup
        let heights = staticHeights.map { 300 + ($0 - 120) * (800 - 300) / (800 - 120) }
        var step = 0
        let staticTimes = BenchCommand.times(runs: heights.count) {
            let h = heights[step]
            step += 1
            renderer.render(engine) { level, v in
                guard level == 1 else { return }
                v.height = h
                v.dim = Dimming.amount(height: h, detents: topSetup.detents, largestUndimmed: topSetup.largestUndimmed,
                                       opacity: topSetup.dimmingOpacity)
            }
        }
        var frame = 0
        let animatedClock = StageClock()
        renderer.stageClock = animatedClock
        let animatedTimes = BenchCommand.times(runs: 120) {
            renderer.render(engine) { level, v in
                guard level == 0 else { return }
                v.panX = Double(frame) * 1.5
                v.panY = Double(frame) * 0.5
            }
            frame += 1
            animatedClock.endFrame()
        }
        renderer.stageClock = nil
        let nested = try ResolvedSheet.resolve(document(.nested))
        let nestedRenderer = nested.renderer(scale: 3)
        var drag = presented(nested)
        nestedRenderer.render(drag)
        nestedRenderer.prepareForMotion()
        var t = drag.time + 10
        _ = drag.handle(.pointerDown(Point(196, drag.stack[0].engine.top + 10)), at: t)
        var y = drag.stack[0].engine.top + 10
        let nestedClock = StageClock()
        nestedRenderer.stageClock = nestedClock
        let nestedTimes = BenchCommand.times(runs: 120) {
            // Down 2 pt a frame for 60 frames, then back up: the parent follows the child's height.
            y += frame % 120 < 60 ? 2 : -2
            frame += 1
            t += 8
            _ = drag.handle(.pointerMove(Point(196, y)), at: t)
            nestedRenderer.render(drag)
            nestedClock.endFrame()
        }
        nestedRenderer.stageClock = nil
        return (percentile(staticTimes, 0.5), percentile(staticTimes, 0.99), percentile(animatedTimes, 0.5),
                percentile(animatedTimes, 0.99), percentile(nestedTimes, 0.5), percentile(nestedTimes, 0.99),
                stageFigures(animatedClock, totals: animatedTimes), stageFigures(nestedClock, totals: nestedTimes))
    }

    /// The static drag's sheet heights: up from peek to past large and back down, 240 frames, crossing the dimming
    /// ramp between peek and medium both ways.
    static let staticHeights = (0..<240).map { i -> Double in
        let f = Double(i) / 119.0
        return i < 120 ? 120 + f * (800 - 120) : 800 - (f - 1) * (800 - 120)
    }

    /// The static drag over a still background on `renderer` (fresh: its first frame is the sheet at its initial
    /// detent, untimed, then what the window prepares once its first frame is shown, `prepareForMotion`): each frame's
    /// wall time in milliseconds, in `staticHeights`' order.
    static func staticDrag(_ renderer: FrameRenderer, clock: BenchCommand.Clock = .wall) -> [Double] {
        let setup = renderer.setup
        renderer.render(SheetVisual(engine: SheetEngine(setup: setup)))
        renderer.prepareForMotion()
        var step = 0
        return BenchCommand.times(runs: staticHeights.count, clock: clock) {
            let h = staticHeights[step]
            step += 1
            renderer.render(SheetVisual(height: h, dim: Dimming.amount(height: h, detents: setup.detents,
                                                                       largestUndimmed: setup.largestUndimmed, opacity: setup.dimmingOpacity)))
        }
    }

    /// One PNG, the whole way: fonts, layout, scene, blur, frame and encoding. Any step that fails fails the bench.
    static func renderPNGTimes(_ document: ConfigDocument) throws(PlatformFailure) -> [Double] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-bench-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        return try BenchCommand.times(runs: 5) { () throws(PlatformFailure) in
            do {
                let sheet = try ResolvedSheet.resolve(document, text: TextEngine(rasterizer: try TTFGlyphs()))
                let r = sheet.renderer(scale: 3, oneFrame: true)
                r.render(SheetVisual(engine: SheetEngine(setup: sheet.setup)))
                try ImageFiles.writePNG(r.frame, to: file)
            } catch {
                throw PlatformFailure("bench", "render_png_ms: \(error)")
            }
        }
    }
}
