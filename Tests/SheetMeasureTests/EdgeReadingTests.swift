import XCTest
@testable import SheetMeasure

/// The two sub-pixel readers on synthetic scan lines drawn the way SheetLab draws them: an anti-aliased step
/// (`EdgeCrossing`) and a glass rim over a surface that barely differs from the background (`RimProfile`, through
/// `EdgeEntry`).
final class EdgeReadingTests: XCTestCase {
    /// A box-filtered step from `outside` to `inside` at `edge` pixels: the crossing is read back exactly.
    func testCrossingOfABoxFilteredStep() {
        let outside = RGB(20, 30, 40), inside = RGB(220, 200, 180)
        for edge in [10.0, 10.25, 10.5, 10.93] {
            let line = (0..<20).map { k -> RGB in
                let cover = min(1, max(0, Double(k + 1) - edge))
                return outside * (1 - cover) + inside * cover
            }
            XCTAssertEqual(EdgeCrossing.position(line[8...12], from: 8, outside: outside, inside: inside), edge, accuracy: 1e-9)
        }
    }

    /// Dark glass: the surface 3–6 levels from the background, the rim (SheetLook's 1.3 pt, white at 0.14–0.16) the
    /// only edge. Drawn with the renderer's rim and coverage at pixel centres, rounded to levels, crossed squarely and at
    /// a slant; the edge is read back within a tenth of a pixel.
    func testEdgeOffADarkGlassRim() {
        let table: [(line: UInt, scale: Double, edge: Double, slant: Double, strength: Double)] = [
            (#line, 1, 20.0, 1, 0.16), (#line, 1, 20.4, 1, 0.14), (#line, 2, 20.3, 1, 0.14), (#line, 2, 20.7, 0.8, 0.16),
            (#line, 3, 20.5, 1, 0.14), (#line, 3, 20.2, 0.75, 0.14),
        ]
        let background = RGB(22, 22, 24), surface = RGB(27, 28, 30), white = RGB(255, 255, 255)
        for row in table {
            let w = RimProfile.widthPoints * row.scale
            let line = (0..<40).map { k -> RGB in
                let d = row.slant * (row.edge - (Double(k) + 0.5))
                let cover = min(1, max(0, 0.5 - d))
                let rim = cover * max(0, 1 - max(0, -d) / w) * row.strength
                let body = surface * (1 - rim) + white * rim
                let c = background * (1 - cover) + body * cover
                return RGB(c.r.rounded(), c.g.rounded(), c.b.rounded())
            }
            let rim = line[Int(row.edge) + 1]
            let read = EdgeEntry.entry(line, surface: surface, rim: rim, rimWidth: w)
            XCTAssertEqual(read ?? 0, row.edge, accuracy: 0.1, "\(row)", line: row.line)
        }
    }

    /// A street the rim's colour beside the sheet is background: the reading goes on to the rim.
    func testAStreetTheRimsColourIsNotTheEdge() {
        let background = RGB(22, 22, 24), surface = RGB(27, 28, 30), street = RGB(55, 56, 60)
        var line = (0..<30).map { _ in background }
        for k in 6..<9 { line[k] = street }
        line[20] = RGB(53, 54, 56); line[21] = RGB(40, 41, 43); line[22] = RGB(28, 29, 31)
        for k in 23..<30 { line[k] = surface }
        XCTAssertEqual(EdgeEntry.entry(line, surface: surface, rim: RGB(54, 57, 62), rimWidth: 2.6) ?? 0, 20, accuracy: 0.1)
    }

    /// The scene behind known (`EdgeEntry.revealed`): a sheet 2.2–5 levels off the dark map's blocks and streets, and
    /// one far off a lighter scene, anti-aliased at a fraction of a pixel and rounded to levels, is read where the
    /// picture leaves the scene: within a tenth of a pixel where the step is 5 levels or more, within a quarter where it
    /// is 2.2 (a pixel a fifth covered is a level off then, rounded away). A scan that starts on the sheet, or a sheet
    /// the scene's own colour, gives nothing.
    func testEdgeOffAKnownScene() {
        let surface = RGB(44, 44, 46)
        let near = [RGB(42, 43, 47), RGB(40, 41, 45), RGB(62, 65, 71), RGB(43, 44, 48)]
        let far = [RGB(92, 95, 101), RGB(120, 121, 125), RGB(70, 75, 84)]
        for (n, edge) in [30.0, 30.3, 30.5, 30.8].enumerated() {
            for scenes in [near, far] {
                // Blocks and streets: the scene varies along the scan.
                let behind = (0..<44).map { k in scenes[(k / 7 + n) % scenes.count] }
                let line = (0..<44).map { k -> RGB in
                    let cover = min(1, max(0, Double(k + 1) - edge))
                    let c = behind[k] * (1 - cover) + surface * cover
                    return RGB(c.r.rounded(), c.g.rounded(), c.b.rounded())
                }
                let step = behind[Int(edge)].distance(to: surface)
                let read = EdgeEntry.revealed(line, behind: behind, by: EdgeEntry.revealedBy)
                XCTAssertEqual(read ?? 0, edge, accuracy: step >= 5 ? 0.1 : 0.25, "edge \(edge) over \(behind[Int(edge)]), a \(step)-level step")
            }
        }
        let onSheet = [RGB](repeating: surface, count: 20)
        XCTAssertNil(EdgeEntry.revealed(onSheet, behind: [RGB](repeating: RGB(40, 41, 45), count: 20), by: EdgeEntry.revealedBy))
        XCTAssertNil(EdgeEntry.revealed(onSheet, behind: onSheet, by: EdgeEntry.revealedBy))
    }
}
