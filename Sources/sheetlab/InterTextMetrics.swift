import Foundation
import SheetKit
import SheetRender

/// Inter's metrics for SheetKit's own measuring (`InstalledTextMetrics`: a config's validation), through the process's
/// one text engine (`RenderResources.text()`), opened on first use. The engine is the main thread's; a measure asked
/// for on another thread, or with the fonts missing (which a render then reports), is the estimate's.
struct InterTextMetrics: TextMeasuring {
    /// `measure` with Inter's metrics on the main thread, else with the estimate.
    private func measured<T: Sendable>(_ measure: @Sendable (any TextMeasuring) -> T) -> T {
        guard Thread.isMainThread else { return measure(EstimatedTextMetrics()) }
        return MainActor.assumeIsolated {
            guard let engine = try? RenderResources.text() else { return measure(EstimatedTextMetrics()) }
            return measure(MeasuredTextMetrics(engine: engine))
        }
    }
    func lines(of text: String, font: TextFont, maxWidth: Double) -> [String] { measured { $0.lines(of: text, font: font, maxWidth: maxWidth) } }
    func width(of line: String, font: TextFont) -> Double { measured { $0.width(of: line, font: font) } }
}
