import Foundation
import XCTest

/// `sheetlab render` end to end: every example renders, sizes follow the scale, renders are byte-stable,
/// and bad arguments are errors.
final class RenderTests: CLITestCase {
    /// Width and height of a PNG, from its IHDR chunk.
    func pngSize(_ url: URL) -> (Int, Int)? {
        guard let data = try? Data(contentsOf: url), data.count > 24,
              data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func be(_ o: Int) -> Int { data[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    func testEveryExampleRenders() throws {
        let folder = repositoryRoot.appendingPathComponent("Assets/Examples")
        let configs = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && !$0.contains(".script.") }.sorted()
        XCTAssertEqual(configs.count, 9, "the four seed presets, the default, glass-maps, classic-page-sheet, search-sheet and place-card")
        for name in configs {
            let out = dir.appendingPathComponent(name + ".png")
            let r = runSheetlab(["render", "--config", folder.appendingPathComponent(name).path, "--scale", "1", "--out", out.path], cwd: dir)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertEqual(pngSize(out).map { [$0.0, $0.1] }, [393, 852], name)
        }
    }

    func testScaleSetsThePixelSizeAndRendersAreByteStable() throws {
        for scale in ["1", "2"] {
            let a = dir.appendingPathComponent("a\(scale).png"), b = dir.appendingPathComponent("b\(scale).png")
            for out in [a, b] {
                let r = runSheetlab(["render", "--config", repositoryRoot.appendingPathComponent("Assets/Examples/blur-sheet.json").path,
                                     "--scale", scale, "--out", out.path], cwd: dir)
                XCTAssertEqual(r.status, 0, r.stderr)
            }
            let s = Int(scale)!
            XCTAssertEqual(pngSize(a).map { [$0.0, $0.1] }, [393 * s, 852 * s])
            XCTAssertEqual(try Data(contentsOf: a), try Data(contentsOf: b), "two renders of the same input give the same bytes")
        }
    }

    func testScriptAndTimePickTheFrame() throws {
        try #"{"steps": [{"at": 0, "select": "large"}]}"#.write(to: dir.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let r = runSheetlab(["render", "--script", "s.json", "--at", "100", "--scale", "1", "--out", "mid.png"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("settling"), r.stdout)
        let end = runSheetlab(["render", "--script", "s.json", "--scale", "1", "--out", "end.png"], cwd: dir)
        XCTAssertTrue(end.stdout.contains("idle on large"), end.stdout)
    }

    func testBadArgumentsAreErrors() {
        let rows: [(line: UInt, args: [String], message: String)] = [
            (#line, ["render"], "--out P.png is required"),
            (#line, ["render", "--out", "x.jpg"], ".png"),
            (#line, ["render", "--out", "x.png", "--scale", "4"], "1, 2 or 3"),
            (#line, ["render", "--out", "x.png", "--at", "-5"], "milliseconds"),
            (#line, ["render", "--out", "no/such/dir/x.png"], "does not exist"),
            (#line, ["render", "--out", "x.png", "--config", "missing.json"], "no such file"),
        ]
        for row in rows {
            let r = runSheetlab(row.args, cwd: dir)
            XCTAssertEqual(r.status, 1, line: row.line)
            XCTAssertFalse(r.signaled, line: row.line)
            XCTAssertTrue(r.stderr.contains(row.message), r.stderr, line: row.line)
        }
    }

    /// What the machine cannot do is reported as plainly as a bad input: one line naming what failed, exit 1.
    func testMissingFontsAndUnwritablePNGsAreReported() {
        var env = ProcessInfo.processInfo.environment
        let fonts = dir.appendingPathComponent("no-fonts").path
        env["SHEETLAB_FONT_DIR"] = fonts
        let noFonts = runSheetlab(["render", "--scale", "1", "--out", "x.png"], cwd: dir, environment: env)
        XCTAssertEqual(noFonts.status, 1)
        XCTAssertEqual(noFonts.stderrLines.count, 1, noFonts.stderr)
        XCTAssertTrue(noFonts.stderr.hasPrefix("sheetlab: \(fonts): the Inter font is missing"), noFonts.stderr)

        try? FileManager.default.createDirectory(at: dir.appendingPathComponent("taken.png"), withIntermediateDirectories: true)
        let unwritable = run("render", "--scale", "1", "--out", "taken.png")
        XCTAssertEqual(unwritable.status, 1)
        XCTAssertTrue(unwritable.stderr.hasPrefix("sheetlab: taken.png: "), unwritable.stderr)
        XCTAssertEqual(unwritable.stdout, "")
    }
}
