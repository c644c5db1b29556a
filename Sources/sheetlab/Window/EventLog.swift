import Foundation
import SheetKit

/// Appends events to a file as JSON lines, one whole line per write, as they happen.
final class EventLog {
    private let handle: FileHandle

    init(path: String) throws(PlatformFailure) {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw PlatformFailure(path, "cannot create the event log")
            }
        }
        guard let h = FileHandle(forWritingAtPath: path) else { throw PlatformFailure(path, "cannot open the event log for writing") }
        h.seekToEndOfFile()
        handle = h
    }

    /// Appends `events`; a failed write (a full disk) throws rather than traps.
    func write(_ events: [TimedEvent]) throws {
        guard !events.isEmpty else { return }
        let text = events.map { JSONLines.line($0) + "\n" }.joined()
        try handle.write(contentsOf: Data(text.utf8))
    }

    deinit { try? handle.close() }
}
