import Foundation
import Glibc
import SheetKit

/// Where sheetlab reads the files it is given: the text from disk, then `DocumentLoader`. Every problem
/// is an `InputError` that names the file.
enum Inputs {
    /// The text of `path`. A regular file (or a link to one) is read again at every call, so a reload sees an edit;
    /// its size is checked before anything is read. A pipe, `/dev/stdin` or a device is read once, cut at
    /// `maxStreamBytes`, and kept: `check` and the loaders may read a path twice, and a pipe gives its bytes only once.
    static func readText(_ path: String) throws(InputError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT: throw InputError(file: path, "no such file")
            case ENOTDIR: throw InputError(file: path, "no such file (a part of the path is not a folder)")
            case ELOOP: throw InputError(file: path, "is a loop of symlinks")
            case EACCES: throw InputError(file: path, "cannot read the file: permission denied")
            default: throw InputError(file: path, "cannot read the file: \(String(cString: strerror(errno)))")
            }
        }
        let data: Data
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw InputError(file: path, "is a directory, not a file")
        case S_IFREG:
            if Int64(info.st_size) > Int64(maxStreamBytes) { throw tooLarge(path, bytes: Int64(info.st_size)) }
            data = try readRegular(path)
        default:
            data = try readStream(path)
        }
        if data.count > maxStreamBytes { throw tooLarge(path, bytes: nil) }
        guard let text = String(data: data, encoding: .utf8) else { throw InputError(file: path, "is not UTF-8 text") }
        return text
    }

    private static func tooLarge(_ path: String, bytes: Int64?) -> InputError {
        bytes.map { InputError(file: path, "is \($0) bytes; the largest allowed is \(maxStreamBytes) bytes (\(maxStreamBytes >> 20) MB)") }
            ?? InputError(file: path, "is larger than \(maxStreamBytes >> 20) MB")
    }

    /// The most read from one input file: a larger file is refused from its size, a stream cut one byte past it.
    static let maxStreamBytes = 64 << 20

    /// `path` named inside `file` (a scenario's config or script, a script's reload), resolved against `file`'s
    /// folder and checked to be a regular file (a link to one is one): a FIFO would block the command and a
    /// device feed it without end. Only the files given on the command line may be pipes.
    static func namedFile(_ path: String, relativeTo base: String) throws(InputError) -> String {
        let resolved = resolve(path, relativeTo: base)
        var info = stat()
        if stat(resolved, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            throw InputError(file: resolved, "is not a regular file (a FIFO, a device or a socket); a file named inside another file must be one")
        }
        return resolved
    }

    /// A regular file, read to at most one byte past `maxStreamBytes` (it may have grown since its size was read).
    private static func readRegular(_ path: String) throws(InputError) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw InputError(file: path, errno == EACCES ? "cannot read the file: permission denied"
                                                         : "cannot read the file: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        return try readAll(fd, path)
    }

    private static func readAll(_ fd: Int32, _ path: String) throws(InputError) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while data.count <= maxStreamBytes {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, maxStreamBytes + 1 - data.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(file: path, "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            data.append(contentsOf: chunk[..<n])
        }
        return data
    }

    /// A pipe or a device, read to its end or to one byte past `maxStreamBytes`, once.
    static func readStream(_ path: String) throws(InputError) -> Data {
        streamed.lock.lock()
        defer { streamed.lock.unlock() }
        if let data = streamed.data[path] { return data }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw InputError(file: path, errno == EACCES ? "cannot read the file: permission denied"
                                                         : "cannot read the file: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let data = try readAll(fd, path)
        streamed.data[path] = data
        return data
    }

    private final class Streamed: @unchecked Sendable {
        let lock = NSLock()
        var data: [String: Data] = [:]
    }
    private static let streamed = Streamed()

    static func directory(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }

    static func resolve(_ path: String, relativeTo base: String) -> String {
        if path.hasPrefix("/") || base.isEmpty { return path }
        return (base as NSString).appendingPathComponent(path)
    }

    /// Whether `path` names a file that may be read as an input (not a folder), following links.
    static func isReadableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
    }

    /// `path` checked as where a PNG may be written: it ends in .png and its folder exists.
    static func outputPNG(_ path: String) throws(InputError) -> String {
        guard path.lowercased().hasSuffix(".png") else { throw InputError(file: path, "--out must name a .png file") }
        let directory = directory(of: path)
        var isDirectory: ObjCBool = false
        if !directory.isEmpty, !(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw InputError(file: path, "the folder \(directory) does not exist")
        }
        return path
    }

    /// Whether a path written in `file` names a readable file; such paths are relative to `file`'s folder.
    static func fileExists(relativeTo file: String) -> (String) -> Bool {
        let base = directory(of: file)
        return { isReadableFile(resolve($0, relativeTo: base)) }
    }

    /// Reads and loads a whole file.
    static func load<Document: LoadableDocument>(_ type: Document.Type, _ path: String) throws(InputError) -> LoadedDocument<Document> {
        try DocumentLoader.load(type, text: try readText(path), file: path, fileExists: fileExists(relativeTo: path)).get()
    }

    /// Loads a document written inline at `prefix` in `file`, such as a scenario's config.
    static func load<Document: LoadableDocument>(_ type: Document.Type, inline root: JSONNode, in file: String,
                                                 at prefix: KeyPath) throws(InputError) -> LoadedDocument<Document> {
        try DocumentLoader.load(type, root: root, file: file, at: prefix, fileExists: fileExists(relativeTo: file)).get()
    }

    /// Loads a config file, or the built-in default when `path` is nil, as the file has it.
    static func config(_ path: String?) throws(InputError) -> ConfigDocument {
        try path.map { path throws(InputError) in ConfigDocument(try load(SheetLabConfig.self, path)) } ?? .builtInDefault
    }

    /// `--device`, checked: nil when not given, else a preset's name.
    static func device(_ name: String?) throws(InputError) -> String? {
        guard let name else { return nil }
        guard DevicePreset.named(name) != nil else {
            let names = DevicePreset.all.map(\.name)
            let model = DevicePreset.withModel(name).map { "; the \($0.model)'s screen is the preset \($0.preset.name)" } ?? ""
            throw InputError(file: "--device", "unknown device \"\(name)\"\(model); devices: \(names.joined(separator: ", "))")
        }
        return name
    }
}
