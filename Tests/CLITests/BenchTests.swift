import Foundation
import XCTest

/// `sheetlab bench` when its work fails: exit 1 with the reason, never a figure for work that was not done.
/// (The figures themselves are measured by hand, never by tests.)
final class BenchTests: CLITestCase {
    /// The environment of a bench run without a display, with `changes` applied.
    func environment(_ changes: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env.merge(changes) { $1 }
        return env
    }

    func assertBenchFails(_ env: [String: String], message: String, line: UInt = #line) {
        let result = runSheetlab(["bench", "--json"], cwd: dir, timeout: 600, environment: environment(env))
        XCTAssertFalse(result.timedOut, line: line)
        XCTAssertFalse(result.signaled, line: line)
        XCTAssertEqual(result.status, 1, "stdout: \(result.stdout)\nstderr: \(result.stderr)", line: line)
        XCTAssertEqual(result.stdout, "", "no figures when a benchmark failed", line: line)
        XCTAssertTrue(result.stderr.hasPrefix("sheetlab: "), result.stderr, line: line)
        XCTAssertTrue(result.stderr.contains(message), "expected \(message) in:\n\(result.stderr)", line: line)
    }

    func testMissingFontsFailTheBench() {
        assertBenchFails(["SHEETLAB_FONT_DIR": dir.appendingPathComponent("no-fonts").path], message: "the Inter font is missing")
    }

    /// BUG: `render_png_ms` timed a closure that swallowed its failures with `try?`: with the PNG unwritable
    /// (here, no temporary folder) bench printed a figure and exited 0.
    func testAFailedPNGWriteFailsTheBench() {
        assertBenchFails(["TMPDIR": dir.appendingPathComponent("no-such-folder").path], message: "render_png")
    }
}

extension BenchTests {
    /// BUG: with a display that `sheetlab run` cannot open, `launch_ms` was printed as "not measured (no
    /// display)" and bench exited 0: the launch failed, it was not skipped.
    func testAFailedLaunchFailsTheBench() {
        assertBenchFails(["DISPLAY": ":4242", "SDL_VIDEODRIVER": "x11"], message: "launch_ms")
    }
}
