import Foundation
import Platform
import Raster
import XCTest

/// Goldens written with real compression: adaptive filtering and zlib, read back exactly.
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows: [(line: UInt, effort: PNGEffort, opaque: Bool)] = [
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = picture(opaque: true)
        var sizes: [Int] = []
        for effort in [PNGEffort.smallest, .fastest] {
            let path = folder.appendingPathComponent("\(effort).png").path
            try ImageFiles.writePNG(image, to: path, effort: effort)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            sizes.append(data.count)
        }
        XCTAssertLessThan(sizes[0], sizes[1])
    }

    /// Goldens are decoded from the bytes already read, through libpng: exactly what SDL_image decodes.
    func testDecodingFromMemoryMatchesSDLImage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for opaque in [true, false] {
            let path = folder.appendingPathComponent("\(opaque).png").path
            try ImageFiles.writePNG(picture(opaque: opaque), to: path, effort: .fastest)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(try ImageFiles.decodePNG(data, name: path), try ImageFiles.read(path))
        }
        XCTAssertThrowsError(try ImageFiles.decodePNG(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), name: "cut.png")) {
            XCTAssertTrue("\($0)".contains("cut.png"), "\($0)")
        }
    }
}
