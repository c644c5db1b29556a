import Foundation
import Platform
import Raster
import XCTest

/// Goldens written with real compression (issue 12, item 10): adaptive filtering and zlib, read back exactly.
final class GoldenPNGTests: XCTestCase {
    /// A picture with gradients, flat areas, noise and (optionally) transparency: every filter gets used.
    func picture(opaque: Bool) -> Pixmap {
        var p = Pixmap(width: 61, height: 37)
        var seed: UInt32 = 7
        for y in 0..<p.height {
            for x in 0..<p.width {
                seed = seed &* 1_103_515_245 &+ 12345
                let noise = UInt8(truncatingIfNeeded: seed >> 24)
                let c = StraightRGBA8(UInt8(x * 4), y < 18 ? 200 : noise, UInt8((x + y) * 2), opaque ? 255 : UInt8((x * 7) % 256))
                p.pixels[y * p.width + x] = c.premultiplied.packed
            }
        }
        return p
    }

    func testEveryEffortReadsBackExactly() throws {
        XCTAssertTrue(PNGEncoder.isAvailable, "zlib is on every Debian machine")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows: [(line: UInt, effort: PNGEncoder.Effort, opaque: Bool)] = [
            (#line, .smallest, true), (#line, .balanced, true), (#line, .fastest, true),
            (#line, .smallest, false), (#line, .fastest, false),
        ]
        for (i, row) in rows.enumerated() {
            let image = picture(opaque: row.opaque)
            let path = folder.appendingPathComponent("\(i).png").path
            try ImageFiles.writePNG(image, to: path, effort: row.effort)
            let back = try ImageFiles.read(path)
            if row.opaque {
                XCTAssertEqual(back, image, line: row.line)
            } else {
                // Straight RGBA round-trips through premultiplied pixels up to rounding.
                let c = ImageComparison(expected: image, actual: back, channelDelta: 1)
                XCTAssertEqual(c.differing, 0, line: row.line)
            }
        }
    }

    func testGoldensAreSmallerThanArtifacts() throws {
        let image = picture(opaque: true)
        var bytes: [UInt8] = []
        for p in image.pixels { bytes += [UInt8(truncatingIfNeeded: p), UInt8(truncatingIfNeeded: p >> 8), UInt8(truncatingIfNeeded: p >> 16)] }
        let smallest = try PNGEncoder.encode(bytes, width: image.width, height: image.height, channels: 3, effort: .smallest)
        let fastest = try PNGEncoder.encode(bytes, width: image.width, height: image.height, channels: 3, effort: .fastest)
        XCTAssertLessThan(smallest.count, fastest.count)
        XCTAssertEqual(Array(smallest.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
