import Foundation
import Platform

/// What the window has done so far, written for tests that drive it (`SHEETLAB_STATUS_FILE`, docs/testing.md):
/// frames drawn, SDL events handled, config files loaded, passes of the loop (each polls the config file once), and
/// whether the loop is idle (nothing moving, no event waiting, every effect done).
///
/// A test reads it before it acts (a key, a drag, an edit of the file) and then waits until the counts have
/// passed what it read and the window is idle again: it waits on what the app did, never for a number of seconds,
/// so a machine that draws slowly only makes it wait longer. A warm-up counts frames the same way.
///
/// The file is replaced whole (`AtomicFile`), one JSON object, when the loop goes idle with new counts and every
/// `busyEvery` frames while it is not: `{"frames": 812, "events": 40, "loads": 2, "passes": 311, "idle": true}`. An idle
/// loop passes about four times a second (`App.idleWaitMS`), so idle, it writes that often.
struct StatusReport {
    let path: String
    private(set) var frames = 0
    private(set) var events = 0
    private(set) var loads = 0
    private(set) var passes = 0
    private var written: (frames: Int, events: Int, loads: Int, passes: Int, idle: Bool)?
    static let busyEvery = 30

    /// The report the environment asks for, if any.
    static func fromEnvironment() -> StatusReport? {
        guard let path = ProcessInfo.processInfo.environment["SHEETLAB_STATUS_FILE"], !path.isEmpty else { return nil }
        return StatusReport(path: path)
    }

    init(path: String) { self.path = path }

    mutating func drew() { frames += 1 }
    mutating func handled(events n: Int) { events += n }
    mutating func loaded() { loads += 1 }
    mutating func passed() { passes += 1 }

    /// Writes the counts when the loop is about to wait (`idle`) with counts not yet written, or every `busyEvery` frames.
    mutating func update(idle: Bool) {
        let now = (frames, events, loads, passes, idle)
        if let w = written, w.frames == frames, w.events == events, w.loads == loads, w.passes == passes, w.idle == idle { return }
        if !idle, let w = written, frames - w.frames < Self.busyEvery { return }
        written = now
        // A test hook: a failed write (a full disk) is not the window's problem, and is tried again at the next change.
        do {
            try AtomicFile.write(#"{"frames": \#(frames), "events": \#(events), "loads": \#(loads), "passes": \#(passes), "idle": \#(idle)}"# + "\n", to: path)
        } catch {
            written = nil
        }
    }
}
