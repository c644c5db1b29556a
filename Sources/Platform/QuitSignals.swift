import Glibc

nonisolated(unsafe) private var quitSignal: sig_atomic_t = 0

/// SIGINT, SIGTERM and SIGHUP (the terminal closed) ask the window to quit cleanly, however the
/// process was started: a shell's background jobs inherit SIGINT ignored, and SDL leaves an ignored
/// signal alone. Left to its default, SIGHUP would kill the window with status 129.
public enum QuitSignals {
    public static func install() {
        let handler: @convention(c) (Int32) -> Void = { _ in quitSignal = 1 }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        signal(SIGHUP, handler)
    }

    /// Whether a quit signal has arrived.
    public static var received: Bool { quitSignal != 0 }
}
