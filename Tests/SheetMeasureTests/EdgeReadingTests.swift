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
}
