import Foundation
import Glibc

/// Files replaced whole: written beside the target under a temporary name, then renamed over it,
/// so a reader (the app's own watcher, an editor, a test) never sees half a file.
public enum AtomicFile {
    /// Calls `write` with a temporary path beside `path`, then renames it over `path`.
    /// On any failure the temporary file is removed and `path` is left as it was.
    public static func replace(_ path: String, write: (_ temporary: String) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp").path
        do {
            try write(temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw PlatformError(message: "\(path): \(reason)")
        }
    }

    /// Writes `text` as UTF-8, atomically.
    public static func write(_ text: String, to path: String) throws {
        try replace(path) { temporary in
            guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
                throw PlatformError(message: "\(path): cannot write (permissions, or no such folder?)")
            }
        }
    }
}
