import Foundation
import Raster
@testable import sheetlab
import SheetKit
import SheetRender
import XCTest

/// The bench's static drag, phase against phase within one run: no phase of the drag may cost much more per frame
/// than the sheet at large, where the frame is little more than a copy of the finished material. Ratios of medians
/// over many frames of the same run, never absolute times, in the CPU time of the test's thread (time the thread waits
/// while other processes run is not counted), so that a loaded machine slows every phase alike; what it
/// catches is one phase becoming expensive (a cache that stops holding, a stage redone every frame). At 2x a glass
/// sheet near peek costs about 2.5 times its large frame (its corners are fitted to its height, so every new height
/// computes its outline band); before the band was made faster it cost about 4.2 times, and this test failed.
final class BenchPhaseRatioTests: XCTestCase {
    /// Per phase, how many times a large frame it costs: in each of `passes` runs of the static drag (each on a fresh
    /// renderer at `scale`), the phase's median frame over the large phase's median frame; then the median of those
    /// ratios, so that load that comes and goes between runs cancels out.
    @MainActor static func phaseRatios(_ document: ConfigDocument, scale: Int, passes: Int) throws -> [FrameBench.Phase: Double] {
        let sheet = try ResolvedSheet.resolve(document)
        let phases = FrameBench.staticHeights.map { FrameBench.Phase.of(height: $0, setup: sheet.setup) }
        var ratios: [FrameBench.Phase: [Double]] = [:]
        for _ in 0..<passes {
            var times: [FrameBench.Phase: [Double]] = [:]
            for (phase, ms) in zip(phases, FrameBench.staticDrag(sheet.renderer(scale: scale).first, clock: .threadCPU)) { times[phase, default: []].append(ms) }
            let large = percentile(try XCTUnwrap(times[.large]), 0.5)
            for (phase, t) in times { ratios[phase, default: []].append(percentile(t, 0.5) / large) }
        }
        return ratios.mapValues { percentile($0, 0.5) }
    }

    func testNoPhaseOfTheDragCostsMuchMoreThanLarge() throws {
        // XCTest runs tests on the main thread, where the bench runs.
        try MainActor.assumeIsolated { try Self.checkPhases() }
    }

    @MainActor static func checkPhases() throws {
        var classic = ConfigDocument.builtInDefault
        classic.config.sheet.style = .classic
        for (style, document) in [("glass", ConfigDocument.builtInDefault), ("classic", classic)] {
            let ratios = try phaseRatios(document, scale: 2, passes: 9)
            // The figures, for the log of a run that fails.
            print("bench phases \(style), times a large frame: "
                  + ratios.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \(String(format: "%.2f", $0.value))" }
                      .joined(separator: ", "))
            for (phase, ratio) in ratios {
                XCTAssertLessThanOrEqual(ratio, Self.limit, "\(style) \(phase.rawValue): \(ratio) times a large frame")
            }
        }
    }

    /// How many times the large frame a phase may cost: above what any phase costs now (2.7 at most, under load),
    /// below what a stage redone every frame costs.
    static let limit = 3.5
}
