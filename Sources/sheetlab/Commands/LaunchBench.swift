import Foundation
import SheetKit

/// Launch to first frame: `sheetlab run` started as a new process, timed until it has shown one frame and left.
@MainActor
enum LaunchBench {
    /// The median of 5 launches in milliseconds; nil with no display. A launch that fails is an error,
    /// not a figure left out: its exit status and what it printed say why.
    ///
    /// A launch ends when the process has exited, which the end of its standard error says (it holds it to the end).
    /// `Process.waitUntilExit` is not the clock: on Linux it polls its run loop every 50 ms, and so added up to 50 ms
    /// (a process that does nothing took 51 ms).
    static func run() throws(PlatformFailure) -> Double? {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { return nil }
        var executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: executable.path) {
            executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        var env = ProcessInfo.processInfo.environment
        env["SHEETLAB_EXIT_AFTER_FIRST_FRAME"] = "1"
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<5 {
            let start = clock.now
            let p = Process()
            p.executableURL = executable
            p.arguments = ["run"]
            p.environment = env
            p.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            p.standardError = errors
            do { try p.run() } catch { throw PlatformFailure("bench", "launch_ms: cannot start \(executable.path): \(error)") }
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let ended = clock.now
            p.waitUntilExit()
            guard p.terminationStatus == 0 else {
                throw PlatformFailure("bench", "launch_ms: `sheetlab run` exited with status \(p.terminationStatus)"
                                      + (said.isEmpty ? "" : ":\n" + said.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
            times.append((ended - start).milliseconds)
        }
        return percentile(times, 0.5)
    }
}
