import Foundation
import SheetKit

/// Where sheetlab reads the files it is given: the text from disk, then `DocumentLoader`. Every problem
/// is an `InputError` that names the file.
enum Inputs {
    static func readText(_ path: String) throws(InputError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(file: path, "no such file")
        }
        if isDirectory.boolValue { throw InputError(file: path, "is a directory, not a file") }
        let regular = (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
        guard let data = regular ? FileManager.default.contents(atPath: path) : readStream(path) else {
            throw InputError(file: path, "cannot read the file (permissions?)")
        }
        if data.count > maxStreamBytes { throw InputError(file: path, "is larger than \(maxStreamBytes >> 20) MB") }
        guard let text = String(data: data, encoding: .utf8) else { throw InputError(file: path, "is not UTF-8 text") }
        return text
    }

    /// The most read from a file that has no size (a pipe, `/dev/stdin`, `<(…)`, a device): more is refused.
    static let maxStreamBytes = 64 << 20

    /// A pipe or a device, read to its end or to one byte past `maxStreamBytes`, once: `check` and the loaders
    /// may read a path twice, and a pipe gives its bytes only once. Nil when it cannot be opened.
    static func readStream(_ path: String) -> Data? {
        streamed.lock.lock()
        defer { streamed.lock.unlock() }
        if let data = streamed.data[path] { return data }
        let data = readStreamOnce(path)
        streamed.data[path] = data
        return data
    }

    private final class Streamed: @unchecked Sendable {
        let lock = NSLock()
        var data: [String: Data] = [:]
    }
    private static let streamed = Streamed()

    private static func readStreamOnce(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var data = Data()
        while data.count <= maxStreamBytes {
            guard let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty else { break }
            data.append(chunk)
        }
        return data
    }

    static func directory(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }

    static func resolve(_ path: String, relativeTo base: String) -> String {
        if path.hasPrefix("/") || base.isEmpty { return path }
        return (base as NSString).appendingPathComponent(path)
    }

    static func isReadableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
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
            throw InputError(file: "--device", "unknown device \"\(name)\"; devices: \(names.joined(separator: ", "))")
        }
        return name
    }
}
