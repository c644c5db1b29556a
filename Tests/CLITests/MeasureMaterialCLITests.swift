import Foundation
import Platform
import Raster
import XCTest

/// `sheetlab measure IMAGE` solves a material sheet's material by drawing it (`MaterialFit`), where the scene behind
/// is known: a named one is written by name when it matches the screenshot's surface; a custom one (`blur-sheet`'s
/// blur 20, saturation 1.6, tint #1C1C1E8C over the light map) is solved, blur, saturation and tint; and the config
/// written draws the surface the screenshot shows.
final class MeasureMaterialCLITests: CLITestCase {
    static func example(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Examples/\(name).json").path
    }

    func measure(_ example: String, appearance: String) throws -> (stdout: String, material: Any?) {
        let name = "\(example)-\(appearance)"
        let made = runSheetlab(["render", "--config", Self.example(example), "--setting", "appearance=\(appearance)", "--scale", "1",
                                "--out", "\(name).png"], cwd: dir, timeout: 120)
        XCTAssertEqual(made.status, 0, made.stderr)
        let r = runSheetlab(["measure", "\(name).png", "--out", "\(name)-m.json"], cwd: dir, timeout: 300)
        XCTAssertEqual(r.status, 0, r.stderr)
        let data = try Data(contentsOf: dir.appendingPathComponent("\(name)-m.json"))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (r.stdout, (root["sheet"] as? [String: Any])?["material"])
    }

    func testTheMaterialIsSolvedByDrawingIt() throws {
        // The glass examples draw `regular`: named, matched to the level.
        for appearance in ["light", "dark"] {
            let m = try measure("default", appearance: appearance)
            XCTAssertEqual(m.material as? String, "regular", m.stdout)
            XCTAssertTrue(m.stdout.contains("material        regular: drawn, it matches the surface to 0 levels RMS"), m.stdout)
        }
        // blur-sheet's own material over the light map: no named one matches (ultraThin is 94 levels off), so it is
        // solved: blur 20, saturation 1.6, and the tint within 3 levels and 3/255 of alpha (the levels the surface
        // rounds to).
        let light = try measure("blur-sheet", appearance: "light")
        let custom = try XCTUnwrap(light.material as? [String: Any], light.stdout)
        XCTAssertEqual(custom["blur"] as? Double, 20, light.stdout)
        XCTAssertEqual(custom["saturation"] as? Double, 1.6, light.stdout)
        let tint = try XCTUnwrap(custom["tint"] as? String)
        let v = stride(from: 1, to: 9, by: 2).map { Int(tint.dropFirst($0).prefix(2), radix: 16) ?? -99 }
        for (got, want) in zip(v, [0x1C, 0x1C, 0x1E, 0x8C]) { XCTAssertLessThanOrEqual(abs(got - want), 3, "tint \(tint)") }
        // Over the dark map, dimmed by half, `thin` (blur 20, saturation 1.8, the same tint) draws the same surface to
        // 0.62 levels: the saturation is not seen over grey; it is kept, as what the screenshot shows.
        let dark = try measure("blur-sheet", appearance: "dark")
        XCTAssertTrue(dark.stdout.contains("material        thin: drawn"), dark.stdout)
        // A solid fill is no material.
        let fill = try measure("multi-height", appearance: "light")
        XCTAssertNil(fill.material, fill.stdout)
    }
}
