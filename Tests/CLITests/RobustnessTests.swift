import Foundation
import XCTest

/// Inputs that once ran to gigabytes, trapped or printed what is not JSON (issue 13): each run here is bounded in
/// address space (`prlimit --as`), so a run that expands its input instead of streaming it dies, and the test fails.
final class RobustnessTests: CLITestCase {
    /// `sheetlab args` with at most `megabytes` of address space.
    func runBounded(_ args: [String], megabytes: Int = 800, timeout: TimeInterval = 120) -> RunResult {
        guard let binary = sheetlabBinary else { return RunResult(status: -1, signaled: false, timedOut: false, stdout: "", stderr: "no binary") }
        return runSheetlabTool("/usr/bin/prlimit", ["--as=\(megabytes * 1_000_000)", "--", binary.path] + args, timeout: timeout)
    }

    /// Runs `tool args` in the test directory, output through files, killed after `timeout` seconds.
    func runSheetlabTool(_ tool: String, _ args: [String], timeout: TimeInterval) -> RunResult {
        let out = dir.appendingPathComponent(".stdout"), err = dir.appendingPathComponent(".stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = args
        process.currentDirectoryURL = dir
        process.standardInput = FileHandle.nullDevice
        var timedOut = false
        do {
            let o = try FileHandle(forWritingTo: out), e = try FileHandle(forWritingTo: err)
            defer { try? o.close(); try? e.close() }
            process.standardOutput = o
            process.standardError = e
            try process.run()
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning {
                if Date() > deadline { timedOut = true; process.terminate(); break }
                usleep(5_000)
            }
            process.waitUntilExit()
        } catch {
            return RunResult(status: -1, signaled: false, timedOut: false, stdout: "", stderr: "could not run \(tool): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: err) }
        return RunResult(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, timedOut: timedOut,
                         stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "", stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    func drag(at: Double, duration: Double) -> String {
        #"{"at": \#(at.clean), "drag": {"from": [200, 600], "to": [200, 100], "duration": \#(duration.clean)}}"#
    }

    /// Five overlapping drags of almost an hour: 1.97 GB and hundreds of lines to be rejected, before.
    func testOverlappingLongDragsAreRejectedOncePerStepInBoundedMemory() {
        let steps = (0..<5).map { drag(at: Double($0) * 1000, duration: 3_500_000) }.joined(separator: ", ")
        write("five.script.json", #"{"steps": [\#(steps)]}"#)
        let result = runBounded(["check", "five.script.json"])
        assertFailure(result, file: "five.script.json", position: nil, keyPath: "steps[1].drag",
                      message: "the pointer is already down at 1000 ms (pressed by steps[0])", line: #line)
        // One problem per step at most, and the count.
        XCTAssertLessThanOrEqual(result.stderrLines.count, 6, result.stderr)
    }

    /// A valid five-minute drag at 1000 fps: 300,000 moves, which were all made (and sorted) before the first frame.
    func testALongDragAtAHighFrameRateStreams() {
        write("long.script.json", #"{"steps": [\#(drag(at: 0, duration: 300_000))]}"#)
        let result = runBounded(["simulate", "--script", "long.script.json", "--fps", "1000"], timeout: 300)
        XCTAssertFalse(result.signaled, "died of signal \(result.status): \(result.stderr.suffix(500))")
        XCTAssertEqual(result.status, 0, String(result.stderr.suffix(500)))
        let lines = result.stdout.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 300_000)
        XCTAssertTrue(lines.last?.contains(#""phase": "idle""#) ?? false, String(lines.last ?? ""))
    }
}

private extension Double {
    var clean: String { self == rounded() ? String(Int(self)) : String(self) }
}
