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
    ///
    /// A destination that is not a regular file is never replaced: a character device (`/dev/null`, `/dev/stderr`
    /// through its links, a terminal) or a FIFO is written in place, through a temporary in the system's
    /// temporary folder, and a failed write there (`/dev/full`, a FIFO nobody reads) throws; a folder, a socket or
    /// a block device is refused.
    public static func replace(_ path: String, write: (_ temporary: String) throws -> Void) throws {
        // What `path` finally is, as the kernel follows it: also through /proc's links (/dev/stdout to a pipe names
        // "pipe:[…]", which no path reaches).
        var kind = stat()
        if stat(path, &kind) == 0 {
            switch kind.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFCHR, S_IFIFO:
                return try writeInPlace(path, fifo: kind.st_mode & S_IFMT == S_IFIFO, write: write)
            case S_IFDIR: throw PlatformError(message: "\(path): is a folder, not a file; not written")
            default: throw PlatformError(message: "\(path): is not a regular file (a socket or a block device); not written")
            }
        }
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

    /// Where a writer that makes its file before `replace` (ffmpeg, giflib) should put it so that `replace` can rename
    /// it to its temporary: beside the file `path` names, or in the system's temporary folder when that is not a
    /// regular file (a device, a FIFO), which is written in place.
    public static func scratchPath(for path: String) -> String {
        var existing = stat()
        if stat(path, &existing) == 0 && existing.st_mode & S_IFMT != S_IFREG { return outsideTemporary() }
        let (directory, name) = split(resolvingLinks(path))
        return directory + "/.\(name).\(getpid()).part"
    }

    nonisolated(unsafe) private static var temporaries = 0
    private static let temporariesLock = NSLock()

    /// A fresh name in the system's temporary folder.
    private static func outsideTemporary() -> String {
        temporariesLock.lock()
        temporaries += 1
        let n = temporaries
        temporariesLock.unlock()
        let folder = NSTemporaryDirectory()
        return (folder.hasSuffix("/") ? folder : folder + "/") + "sheetlab-\(getpid())-\(n).tmp"
    }

    /// Writes through a temporary outside the device's folder, then copies it into what `path` names (a character
    /// device, a FIFO or a pipe), which stays what it is. A FIFO nobody reads is refused rather than waited on.
    private static func writeInPlace(_ path: String, fifo: Bool,
                                     write: (_ temporary: String) throws -> Void) throws {
        let temporary = outsideTemporary()
        defer { unlink(temporary) }
        try write(temporary)
        let source = open(temporary, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw PlatformError(message: "\(path): cannot read back the temporary: \(reason(errno))") }
        defer { close(source) }
        let destination = open(path, O_WRONLY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0))
        guard destination >= 0 else {
            if fifo && errno == ENXIO { throw PlatformError(message: "\(path): is a FIFO that nobody reads; not written") }
            throw PlatformError(message: "\(path): cannot open it for writing: \(reason(errno))")
        }
        if fifo { _ = fcntl(destination, F_SETFL, fcntl(destination, F_GETFL) & ~O_NONBLOCK) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var failure: Int32 = 0
        copying: while true {
            let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; failure = errno; break }
            if n == 0 { break }
            var done = 0
            while done < n {
                let m = buffer.withUnsafeBytes { Glibc.write(destination, $0.baseAddress! + done, n - done) }
                if m < 0 { if errno == EINTR { continue }; failure = errno; break copying }
                done += m
            }
        }
        if close(destination) != 0 && failure == 0 && errno != EINTR { failure = errno }
        if failure != 0 { throw PlatformError(message: "\(path): cannot write: \(reason(failure))") }
    }

    /// An errno in words.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return "no space left on the device"
        case EPIPE: return "nobody reads it any more"
        case EACCES, EPERM: return "permission denied"
        case EIO: return "an input/output error"
        default: return String(cString: strerror(code))
        }
    }

    /// Writes `text` as UTF-8, atomically.
    public static func write(_ text: String, to path: String) throws {
        try replace(path) { temporary in
            try writeData(Data(text.utf8), to: temporary, naming: path)
        }
    }

    /// Writes `data` as `temporary`'s whole contents, checking every write: a full disk throws and names `path`.
    public static func writeData(_ data: Data, to temporary: String, naming path: String) throws {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let code = errno
            throw PlatformError(message: "\(path): cannot write: \(code == ENOENT ? "the folder does not exist" : reason(code))")
        }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                done += n
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure != 0 { throw PlatformError(message: "\(path): cannot write: \(reason(failure))") }
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
