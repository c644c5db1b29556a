import Foundation
import Glibc

/// Files replaced whole: written beside the target under a temporary name, then renamed over it,
/// so a reader (the app's own watcher, an editor, a test) never sees half a file.
///
/// A symlink is followed to the file it names, which is the one replaced (the link stays a link);
/// the file keeps its permissions; a read-only file is refused rather than renamed over.
public enum AtomicFile {
    /// Calls `write` with a temporary path beside `path`, then renames it over `path`.
    /// On any failure the temporary file is removed and `path` is left as it was.
    public static func replace(_ path: String, write: (_ temporary: String) throws -> Void) throws {
        let target = resolvingLinks(path)
        var existing = stat()
        let exists = stat(target, &existing) == 0
        // Root may write anything, so `access` alone would let root overwrite a 0444 file.
        if exists && (existing.st_mode & 0o222 == 0 || access(target, W_OK) != 0) {
            throw PlatformError(message: "\(path): the file is read-only; not saved (make it writable, then save again)")
        }
        let temporary = temporaryPath(for: target, pid: getpid())
        do {
            try write(temporary)
            if exists {
                guard chmod(temporary, existing.st_mode & 0o7777) == 0 else {
                    throw PlatformError(message: "\(path): cannot keep the file's permissions: \(String(cString: strerror(errno)))")
                }
                _ = chown(temporary, existing.st_uid, existing.st_gid)  // only root may give a file away; best effort
            }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
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

    /// Removes temporaries a killed save of `path` left beside it: ours with a process id no longer
    /// running, and the `.saving` name of earlier versions. A running process's save is left alone.
    /// Both beside the target and beside a link to it (where saves went before they followed links).
    public static func removeStaleTemporaries(of path: String) {
        for (directory, name) in Set([path, resolvingLinks(path)]).map(split) {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            let prefix = ".\(name).", suffix = ".tmp"
            for entry in entries {
                var stale = entry == ".\(name).saving"
                if entry.hasPrefix(prefix), entry.hasSuffix(suffix), entry.count > prefix.count + suffix.count,
                   let pid = Int32(entry.dropFirst(prefix.count).dropLast(suffix.count)) {
                    stale = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
                }
                if stale { unlink(directory + "/" + entry) }
            }
        }
    }

    static func temporaryPath(for target: String, pid: Int32) -> String {
        let (directory, name) = split(target)
        return directory + "/.\(name).\(pid).tmp"
    }

    /// The folder and the name of a path ("." for a bare name).
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// The file `path` finally names after following symlinks (up to 40, as the kernel does);
    /// `path` itself when it is not a link or does not exist. Relative links are relative to their folder.
    public static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let destination = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : split(current).directory + "/" + destination
        }
        return current
    }
}
