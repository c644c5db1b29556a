import Glibc

/// Tells when a file has been saved, including by editors that save by renaming a new file over it
/// (vim, many IDEs): it watches the file's folder with inotify and matches the file's name.
public final class FileWatcher {
    private let fd: Int32
    private let watch: Int32
    private let name: String
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    public init?(path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM)
        watch = inotify_add_watch(fd, directory.isEmpty ? "/" : directory, mask)
        guard watch >= 0 else { close(fd); return nil }
    }

    deinit { close(fd) }

    /// Whether the file changed since the last call. Never blocks.
    public func poll() -> Bool {
        var changed = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (length, eventName) = buffer.withUnsafeBytes { raw -> (Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let len = Int(event.len)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(start + len, raw.count)].prefix { $0 != 0 }
                    return (len, String(decoding: bytes, as: UTF8.self))
                }
                if eventName == name { changed = true }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
        return changed
    }
}
