import Foundation
import Platform
import Raster
import SheetKit

/// Shift+F5 in the window: the frames the canvas showed (without the tools drawn over it), each at
/// the time it appeared on the real clock, encoded as an animated WebP off the UI thread on stop.
///
/// Frames are kept only when drawn, so a still sheet costs nothing and its frame simply shows longer.
/// They are held in memory until the stop: at most `maxBytes`, after which recording stops by itself.
@MainActor
final class WindowClip {
    /// The memory the frames may take: about 13 s of continuous motion on a 1× iPhone canvas at 60 fps.
    static let maxBytes = 1 << 30
    /// No more than one frame per 1/120 s is kept, whatever the display rate.
    static let minInterval = 1000.0 / 120

    let start: Double
    private(set) var frames: [(time: Double, pixmap: Pixmap)] = []
    private var bytes = 0

    init(start: Double) { self.start = start }

    /// Keeps `frame`, drawn at `time` (ms on the window clock). Returns false when the memory is full.
    func capture(_ frame: Pixmap, at time: Double) -> Bool {
        let t = time - start
        if let last = frames.last {
            if t - last.time < Self.minInterval || last.pixmap == frame { return true }
            // A new size (rotation, device, density): the clip keeps the size it began with.
            if last.pixmap.width != frame.width || last.pixmap.height != frame.height { return true }
        }
        let size = frame.pixels.count * 4
        guard bytes + size <= Self.maxBytes else { return false }
        frames.append((max(0, t), frame))
        bytes += size
        return true
    }

    /// Encodes the frames up to `end` into `path` on another thread; `done` hears the outcome there.
    func encode(to path: String, name: String, end: Double, done: @escaping @Sendable (WriteOutcome) -> Void) {
        let frames = self.frames, length = max(end - start, (frames.last?.time ?? 0) + 1)
        DispatchQueue.global(qos: .userInitiated).async {
            guard let first = frames.first?.pixmap else {
                done(.failed(what: .clip, path: path, error: "no frame was drawn while recording"))
                return
            }
            do {
                // Encoded beside the reserved name and renamed over it (AtomicFile), as every other file the app writes:
                // nobody opens a half-written clip, and a failed encode leaves no partial file.
                try AtomicFile.replace(path) { temporary in
                    let encoder = try WebPEncoder(path: temporary, width: first.width, height: first.height, compression: .lossless(effort: 0))
                    for f in frames { try encoder.add(f.pixmap, at: f.time) }
                    try encoder.finish(at: length)
                }
                done(.clip(name: name, frames: frames.count, seconds: length / 1000))
            } catch {
                done(.failed(what: .clip, path: path, error: "\(error)"))
            }
        }
    }
}

/// Outcomes of clips encoded off the UI thread, for the loop to pick up.
final class ClipOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [WriteOutcome] = []

    func post(_ outcome: WriteOutcome) {
        lock.lock(); defer { lock.unlock() }
        outcomes.append(outcome)
    }

    func take() -> [WriteOutcome] {
        lock.lock(); defer { lock.unlock() }
        defer { outcomes = [] }
        return outcomes
    }

    /// Clips still being encoded, so that quitting waits for them rather than leaving half a file.
    let pending = DispatchGroup()
}

extension App {
    /// A clip finished encoding: its path on stdout (as screenshots do), and a toast.
    func clipDone(_ outcome: WriteOutcome) {
        if case .clip(let name, _, _) = outcome { Console.out((outputDirectory as NSString).appendingPathComponent(name)) }
        send(.wrote(outcome), at: now)
    }

    /// Starts a clip with what the screen shows now, or stops the one recording and encodes it as
    /// `sheetlab-<time>.webp` beside the config (named like screenshots, so names never collide).
    func toggleClip(reason: String? = nil) {
        guard let recording = clip else {
            let fresh = WindowClip(start: now)
            _ = fresh.capture(renderer.frame, at: now)
            clip = fresh
            send(.wrote(.clipStarted), at: now)
            return
        }
        clip = nil
        let name = freshName(stem: "sheetlab-\(App.stamp(withSeparators: true))", suffix: ".webp")
        let path = (outputDirectory as NSString).appendingPathComponent(name)
        // Reserve the name now: a screenshot taken while encoding must not pick it.
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        send(.wrote(.clipStopped(frames: recording.frames.count, reason: reason)), at: now)
        let outcomes = clipOutcomes
        outcomes.pending.enter()
        recording.encode(to: path, name: name, end: now) { outcome in
            if case .failed = outcome { unlink(path) }
            outcomes.post(outcome)
            outcomes.pending.leave()
        }
    }
}
