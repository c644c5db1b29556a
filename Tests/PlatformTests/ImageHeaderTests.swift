import Foundation
import Platform
import Raster
import XCTest

/// The size an image claims, read before decoding.
final class ImageHeaderTests: XCTestCase {
    func png(_ w: Int, _ h: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(w, 4) + be(h, 4) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }
    func be(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    /// SOI, an APP0 segment of `app` bytes, then a frame header of `marker` for w×h.
    func jpeg(_ w: Int, _ h: Int, marker: UInt8 = 0xC0, app: Int = 16) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0] + be(app, 2) + [UInt8](repeating: 0, count: app - 2)
            + [0xFF, 0xC4, 0x00, 0x04, 0, 0]  // a DHT before the frame, which is not a frame
            + [0xFF, marker] + be(17, 2) + [8] + be(h, 2) + be(w, 2) + [3] + [UInt8](repeating: 0, count: 9)
    }

    func testSizesAndProblems() {
        let rows: [(UInt, [UInt8], String?, String?)] = [
            (#line, png(30000, 30000), "PNG 30000×30000", "the PNG is 30000×30000 pixels; images may be at most 8192×8192"),
            (#line, png(8192, 8192), "PNG 8192×8192", nil),
            (#line, png(8193, 1), "PNG 8193×1", "the PNG is 8193×1 pixels"),
            (#line, png(0, 10), "PNG 0×10", "the PNG header claims 0×10 pixels"),
            (#line, png(Int(UInt32.max), 1), "PNG 4294967295×1", "images may be at most"),
            (#line, jpeg(640, 480), "JPEG 640×480", nil),
            (#line, jpeg(20000, 100, marker: 0xC2, app: 40_000), "JPEG 20000×100", "the JPEG is 20000×100 pixels"),
            (#line, Array("this is not a PNG".utf8), nil, "not a PNG or JPEG file"),
            (#line, [], nil, "not a PNG or JPEG file"),
            (#line, Array(png(10, 10).prefix(20)), nil, "not a PNG or JPEG file"),
            (#line, [0xFF, 0xD8, 0xFF, 0xDA, 0, 2], nil, "not a PNG or JPEG file"),
            (#line, [0xFF, 0xD8, 0xFF, 0xE0, 0, 0], nil, "not a PNG or JPEG file"),
        ]
        for (line, bytes, size, problem) in rows {
            let found = ImageHeader.size(of: bytes).map { "\($0.kind.rawValue) \($0.width)×\($0.height)" }
            XCTAssertEqual(found, size, line: line)
            let p = ImageHeader.problem(with: bytes)
            if let problem { XCTAssertTrue(p?.contains(problem) ?? false, "\(p ?? "nil")", line: line) } else { XCTAssertNil(p, line: line) }
        }
    }

    /// A real file written by the app reads back; a huge claim is refused by `read` itself.
    func testReadRefusesBeforeDecoding() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("header-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let ok = dir.appendingPathComponent("ok.png").path
        try ImageFiles.writePNG(Pixmap(width: 3, height: 2), to: ok)
        XCTAssertEqual(try ImageFiles.read(ok).width, 3)
        let huge = dir.appendingPathComponent("huge.png")
        try Data(png(30000, 30000)).write(to: huge)
        XCTAssertThrowsError(try ImageFiles.read(huge.path)) { error in
            XCTAssertTrue("\(error)".contains("images may be at most 8192×8192"), "\(error)")
        }
    }
}
