import Glibc

/// Tells when a file has been saved, including by editors that save by renaming a new file over it
/// (vim, many IDEs): it watches the file's folder with inotify and matches the file's name.
///
/// A symlinked file is watched where the link is and where its target is. A folder deleted or
/// moved away takes its watch with it: the watcher reports the change (the file is gone), then
/// adds the watch again on each poll until the folder exists again, and reports the file then.
public final class FileWatcher {
    /// A folder watched for one name in it; `watch` is -1 while the folder is gone.
    private struct Place {
        let directory: String
        let name: String
        var watch: Int32
    }

    private let fd: Int32
    private var places: [Place]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM
                                     | IN_DELETE_SELF | IN_MOVE_SELF)

    public init?(path: String) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
        var paths = [path]
        let target = AtomicFile.resolvingLinks(path)
        if target != path { paths.append(target) }
        places = paths.map { p in
            let (directory, name) = AtomicFile.split(p)
            return Place(directory: directory, name: name, watch: inotify_add_watch(fd, directory, Self.mask))
        }
        guard places[0].watch >= 0 else { close(fd); return nil }
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
                let (event, eventName) = buffer.withUnsafeBytes { raw -> (inotify_event, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(start + Int(event.len), raw.count)].prefix { $0 != 0 }
                    return (event, String(decoding: bytes, as: UTF8.self))
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
                // A link and its target in one folder share one watch.
                let gone = event.mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0
                if gone, event.mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(fd, event.wd) }
                for i in places.indices where places[i].watch == event.wd {
                    // A folder gone (or moved, so no longer where the file is) takes the file with it.
                    if gone { places[i].watch = -1; changed = true }
                    else if eventName == places[i].name { changed = true }
                }
            }
        }
        for i in places.indices where places[i].watch < 0 {
            let watch = inotify_add_watch(fd, places[i].directory, Self.mask)
            guard watch >= 0 else { continue }
            places[i].watch = watch
            // Whatever was written before the watch came back is news.
            if access(places[i].directory + "/" + places[i].name, F_OK) == 0 { changed = true }
        }
        return changed
    }
}
