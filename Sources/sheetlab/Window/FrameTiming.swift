import Foundation
import SheetKit

/// Frame and present times for the HUD.
struct FrameTiming {
    /// How many frames the percentiles and the frame rate look back over.
    static let framesKept = 120
    static let presentsKept = 61
    /// A pause longer than this (ms) ends a run of frames: an idle window draws none.
    static let runBreak = 100.0

    /// Render times in ms.
    var frameTimes: [Double] = []
    var presentTimes: [Double] = []

    mutating func rendered(_ duration: Duration) {
        frameTimes.append(duration.milliseconds)
        if frameTimes.count > Self.framesKept { frameTimes.removeFirst(frameTimes.count - Self.framesKept) }
    }

    mutating func presented(at ticks: Double) {
        presentTimes.append(ticks)
        if presentTimes.count > Self.presentsKept { presentTimes.removeFirst(presentTimes.count - Self.presentsKept) }
    }

    /// The HUD's lines: timing, the engine's state and, when any is not the phone's default, the iOS settings.
    func hudLines(engine: SheetEngine, scale: Int, settings: AccessibilitySettings = .standard) -> [String] {
        // Frames per second over the latest unbroken run of frames.
        var start = presentTimes.count - 1
        while start > 0 && presentTimes[start] - presentTimes[start - 1] <= Self.runBreak { start -= 1 }
        let run = presentTimes[max(0, start)...]
        let fps = run.count > 1 && run.last! > run.first! ? Double(run.count - 1) * 1000 / (run.last! - run.first!) : 0
        let p50 = frameTimes.isEmpty ? 0 : percentile(frameTimes, 0.5)
        let p99 = frameTimes.isEmpty ? 0 : percentile(frameTimes, 0.99)
        func f(_ x: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", x) }
        let lines = [
            "fps \(f(fps, 0))   frame p50 \(f(p50, 2)) p99 \(f(p99, 2)) ms",
            "phase \(engine.phase.rawValue)   detent \(engine.restingDetent ?? "–")",
            "height \(f(engine.height)) pt   top \(f(engine.top))",
            "velocity \(f(engine.velocity, 0)) pt/s",
            "dim \(f(engine.dim, 2))   scale \(scale)×",
        ]
        // One setting a line, so that the panel's width holds them all.
        return lines + settings.labels.enumerated().map { i, label in (i == 0 ? "settings  " : "          ") + label }
    }
}
