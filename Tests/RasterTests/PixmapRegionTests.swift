import Foundation
import XCTest
@testable import Raster

/// Drawing a part of a pixmap on its own (`PixmapRegion`): every part, drawn apart and in any order, is the whole
/// drawing's, pixel for pixel.
final class PixmapRegionTests: XCTestCase {
    static let width = 301, height = 257

    /// Paths that cross many of the path filler's bands of rows (a long diagonal, a wavy band across the whole width,
    /// a ring), analytic shapes with fractional edges, and a mask, overlapping, some translucent.
    enum Shape {
        case path(Path), rect(RectF, radius: Double), mask(AlphaMask, x: Int, y: Int)
    }

    static let shapes: [(Shape, PremultipliedRGBA8)] = {
        var wave: [SIMD2<Double>] = [], under: [SIMD2<Double>] = []
        for k in 0...90 {
            let x = -20 + Double(k) * 3.7, y = 120 + 40 * sin(Double(k) * 0.21)
            wave.append(SIMD2(x, y - 9.3)); under.append(SIMD2(x, y + 9.3))
        }
        var mask = AlphaMask(width: 41, height: 29)
        for i in mask.bytes.indices { mask.bytes[i] = UInt8((i * 37) % 256) }
        return [
            (.path(Path(wave + under.reversed())), PremultipliedRGBA8(20, 60, 200, 255)),
            (.path(.stroke([SIMD2(-15, -10), SIMD2(330, 270)], width: 11.3, detail: 1)), PremultipliedRGBA8(90, 90, 90, 200)),
            (.path(.stroke([SIMD2(310, 3.3), SIMD2(2.7, 250.1)], width: 4.6, detail: 1)), PremultipliedRGBA8(200, 10, 10, 255)),
            (.path(.ring(cx: 150.4, cy: 99.7, r: 61.3, width: 7.1, detail: 1)), PremultipliedRGBA8(0, 100, 0, 160)),
            (.path(.circle(cx: 40.2, cy: 220.9, r: 33.3, detail: 2)), PremultipliedRGBA8(100, 0, 100, 255)),
            (.rect(RectF(x: 13.4, y: 31.7, width: 250.2, height: 47.9), radius: 9.6), PremultipliedRGBA8(30, 30, 0, 90)),
            (.rect(RectF(x: 200.5, y: 140.25, width: 80.8, height: 100.1), radius: 0), PremultipliedRGBA8(255, 200, 0, 255)),
            (.mask(mask, x: 170, y: 60), PremultipliedRGBA8(0, 0, 0, 255)),
        ]
    }()

    static let background = PremultipliedRGBA8(240, 238, 230, 255)

    func testPartsDrawnApartAreTheWholeDrawing() {
        let w = Self.width, h = Self.height
        var whole = Pixmap(width: w, height: h, fill: Self.background)
        for (shape, color) in Self.shapes {
            switch shape {
            case .path(let p): whole.fill(p, color)
            case .rect(let r, let radius): whole.fillRoundedRect(r, radius: radius, color)
            case .mask(let m, let x, let y): whole.draw(m, x: x, y: y, color: color)
            }
        }
        // Parts that cut the filler's 32-row bands anywhere, and a part that is the whole.
        let rows: [(line: UInt, cellWidth: Int, cellHeight: Int)] = [
            (#line, 37, 23), (#line, 128, 50), (#line, w, 31), (#line, 16, 257), (#line, w, h),
        ]
        for row in rows {
            var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: w * h)
            let across = (w + row.cellWidth - 1) / row.cellWidth, down = (h + row.cellHeight - 1) / row.cellHeight
            // Bottom right first.
            let cells = (0..<across * down).reversed()
            pixels.withUnsafeMutableBufferPointer { buffer in
                for cell in cells {
                    let region = PixmapRegion(base: buffer.baseAddress!, width: w, height: h,
                                              clip: PixelRect(x: cell % across * row.cellWidth, y: cell / across * row.cellHeight,
                                                              width: row.cellWidth, height: row.cellHeight))
                    region.fill(region.clip, with: Self.background)
                    for (shape, color) in Self.shapes {
                        switch shape {
                        case .path(let p): region.fill(p, color)
                        case .rect(let r, let radius): region.fillRoundedRect(r, radius: radius, color)
                        case .mask(let m, let x, let y): region.draw(m, x: x, y: y, color: color)
                        }
                    }
                }
            }
            let differing = zip(pixels, whole.pixels).filter { $0 != $1 }.count
            let first = zip(pixels, whole.pixels).enumerated().first { $0.element.0 != $0.element.1 }.map { ($0.offset % w, $0.offset / w) }
            XCTAssertEqual(differing, 0, "cells of \(row.cellWidth)×\(row.cellHeight): first at \(String(describing: first))", line: row.line)
        }
    }

    /// A region writes nothing outside its clip.
    func testNothingIsWrittenOutsideTheClip() {
        let w = Self.width, h = Self.height
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: w * h)
        let clip = PixelRect(x: 61, y: 45, width: 97, height: 70)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let region = PixmapRegion(base: buffer.baseAddress!, width: w, height: h, clip: clip)
            region.fill(PixelRect(x: 0, y: 0, width: w, height: h), with: Self.background)
            for (shape, color) in Self.shapes {
                switch shape {
                case .path(let p): region.fill(p, color)
                case .rect(let r, let radius): region.fillRoundedRect(r, radius: radius, color)
                case .mask(let m, let x, let y): region.draw(m, x: x, y: y, color: color)
                }
            }
        }
        for y in 0..<h {
            for x in 0..<w where !(clip.x..<clip.maxX).contains(x) || !(clip.y..<clip.maxY).contains(y) {
                if pixels[y * w + x] != 0xDEAD_BEEF { XCTFail("(\(x), \(y)) written"); return }
            }
        }
        XCTAssertTrue(pixels.contains { $0 != 0xDEAD_BEEF && $0 != Self.background.packed }, "the clip was drawn")
    }

    /// A path started at any row accumulates the band of rows a pass from its first row accumulates there (32 rows from
    /// the first), so a part's rows are the whole pass's very sums, not sums over other bands that round alike.
    func testAPathStartedMidwayIsOnTheWholePassBands() {
        let w = Self.width, h = Self.height
        let path = Path.stroke([SIMD2(3.3, 1.7), SIMD2(290.2, 250.9)], width: 7.7, detail: 1)
        var whole = PathCoverageSource(path, width: w, height: h)
        var expected = [UInt8](repeating: 0, count: w), levels = [UInt8](repeating: 0, count: w)
        for y in whole.rows(width: w, height: h) {
            expected.withUnsafeMutableBufferPointer { b in
                b.update(repeating: 0)
                var sink = CoverageBlitter.Levels(into: b.baseAddress!)
                whole.row(y, width: w, into: &sink)
            }
            var part = PathCoverageSource(path, width: w, height: h)
            part.start(at: y)
            levels.withUnsafeMutableBufferPointer { b in
                b.update(repeating: 0)
                var sink = CoverageBlitter.Levels(into: b.baseAddress!)
                part.row(y, width: w, into: &sink)
            }
            XCTAssertEqual(part.bandRows, whole.bandRows, "row \(y)")
            XCTAssertEqual(levels, expected, "row \(y)")
        }
    }
}
