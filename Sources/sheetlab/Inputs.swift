import Foundation
import SheetKit

/// Reading the files a command is given, with errors that name them.
enum Inputs {
    typealias Failure = InputError

    static func readText(_ path: String) throws(Failure) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(file: path, "no such file")
        }
        if isDirectory.boolValue { throw Failure(file: path, "is a directory, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(file: path, "cannot read the file (permissions?)") }
        guard let text = String(data: data, encoding: .utf8) else { throw Failure(file: path, "is not UTF-8 text") }
        return text
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

    /// Loads a config file, or the built-in default when `path` is nil.
    static func config(_ path: String?, device: String? = nil) throws(Failure) -> ConfigDocument {
        var document: ConfigDocument
        if let path {
            let text = try readText(path)
            let base = directory(of: path)
            switch ConfigLoader.load(text: text, file: path, fileExists: { isReadableFile(resolve($0, relativeTo: base)) }) {
            case .success(let d): document = d
            case .failure(let e): throw Failure(e.diagnostics)
            }
        } else {
            document = .builtInDefault
        }
        if let device {
            guard DevicePreset.named(device) != nil else {
                let names = DevicePreset.all.map(\.name)
                throw Failure(file: "--device", "unknown device \"\(device)\"; devices: \(names.joined(separator: ", "))")
            }
            document.config.device = device
        }
        return document
    }

    struct ScriptFile {
        var script: Script
        var root: JSONNode
        var path: String
        var prefix = KeyPath.root

        /// Places semantic diagnostics (which know only a key path) in the file.
        func locate(_ issues: [Diagnostic]) -> [Diagnostic] {
            issues.map { issue in
                var d = issue
                d.file = path
                if let p = d.path, d.position == nil { d.position = root.keyPosition(at: p) ?? root.nearestNode(at: p).position }
                if !prefix.components.isEmpty { d.path = KeyPath(prefix.components + (d.path?.components ?? [])) }
                return d
            }
        }
    }

    static func script(_ path: String) throws(Failure) -> ScriptFile {
        let text = try readText(path)
        let root: JSONNode
        do { root = try JSONParser.parse(text) } catch {
            throw Failure([Diagnostic(file: path, position: error.position, path: error.path, message: error.message)])
        }
        guard case .object = root.value else {
            throw Failure([Diagnostic(file: path, position: root.position, message: "a script is a JSON object {\"steps\": [...]}, found \(root.kindName)")])
        }
        return try script(root: root, file: path)
    }

    /// A script from an already parsed node; `prefix` is its place in a larger document.
    static func script(root: JSONNode, file: String, prefix: KeyPath = .root) throws(Failure) -> ScriptFile {
        let decoded = TreeDecoder().decode(Script.self, from: root)
        if !decoded.issues.isEmpty || decoded.value == nil {
            throw Failure(decoded.issues.map { var d = $0; d.file = file; d.path = KeyPath(prefix.components + (d.path?.components ?? [])); return d })
        }
        return ScriptFile(script: decoded.value!, root: root, path: file, prefix: prefix)
    }
}
