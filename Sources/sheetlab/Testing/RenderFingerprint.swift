import Foundation
import Platform
import Raster
import SheetRender

/// What made a set of goldens: the renderer version and the identity of every font file the text engine loads.
/// Recorded as `fingerprint.json` in each goldens folder; a run compares it with this machine's before any pixel.
struct RenderFingerprint: Codable, Equatable {
    struct Font: Codable, Equatable {
        /// The file's path as loaded; compared by its last component.
        var path: String
        var bytes: Int
        /// FNV-1a 64 of the file's bytes, in hex.
        var fnv1a64: String

        var name: String { (path as NSString).lastPathComponent }
    }

    static let fileName = "fingerprint.json"

    /// `RendererVersion.current` of the build that recorded.
    var renderer: Int
    /// The Debian `fonts-inter` version, when dpkg knows it (informational: the hashes decide).
    var fontsPackage: String?
    var fonts: [Font]
    /// Where it was recorded (`debian-12-x86_64`); informational.
    var platform: String

    /// This machine's fingerprint.
    static func current() -> RenderFingerprint {
        let fonts = FontWeight.allCases.compactMap { TTFGlyphs.faceFiles[$0] }.map { file -> Font in
            let path = TTFGlyphs.fontDirectory + "/" + file
            let data = FileManager.default.contents(atPath: path) ?? Data()
            return Font(path: path, bytes: data.count, fnv1a64: fnv1a64(data))
        }
        return RenderFingerprint(renderer: RendererVersion.current, fontsPackage: dpkgVersion(of: "fonts-inter"), fonts: fonts,
                                 platform: platformName())
    }

    /// A short id of what decides pixels (renderer and font hashes), for the `{fingerprint}` placeholder.
    var id: String {
        let text = "\(renderer);" + fonts.map { "\($0.name)=\($0.fnv1a64)" }.sorted().joined(separator: ";")
        return String(Self.fnv1a64(Data(text.utf8)).prefix(8))
    }

    /// How `recorded` differs from this fingerprint in what decides pixels, in words; nil when the goldens are from a like machine.
    func differences(from recorded: RenderFingerprint) -> String? {
        var parts: [String] = []
        if recorded.renderer != renderer {
            parts.append("renderer version \(recorded.renderer), this build has \(renderer)")
        }
        let mine = Dictionary(fonts.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let theirs = Dictionary(recorded.fonts.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let changed = Set(mine.keys).union(theirs.keys).sorted().filter { mine[$0]?.fnv1a64 != theirs[$0]?.fnv1a64 }
        if let first = changed.first {
            func face(_ f: Font?) -> String { f.map { "\($0.name) fnv1a64 \($0.fnv1a64.prefix(8))…, \($0.bytes) bytes" } ?? "no \(first)" }
            let more = changed.count > 1 ? " and \(changed.count - 1) more font file\(changed.count > 2 ? "s" : "")" : ""
            parts.append("fonts-inter \(recorded.fontsPackage ?? "?") (\(face(theirs[first]))) on \(recorded.platform), "
                         + "this machine has \(fontsPackage ?? "?") (\(face(mine[first])))\(more)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    static func read(_ path: String) -> RenderFingerprint? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(RenderFingerprint.self, from: data)
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(10)
        let bytes = data
        try AtomicFile.replace(path) { temporary in try AtomicFile.writeData(bytes, to: temporary, naming: path) }
    }

    static func fnv1a64(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { raw in
            for byte in raw.bindMemory(to: UInt8.self) {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }

    /// The installed version of a Debian package, read from dpkg's status file; nil off Debian.
    static func dpkgVersion(of package: String, status: String = "/var/lib/dpkg/status") -> String? {
        guard let text = try? String(contentsOfFile: status, encoding: .utf8) else { return nil }
        for stanza in text.components(separatedBy: "\n\n") where stanza.hasPrefix("Package: \(package)\n") {
            guard stanza.contains("\nStatus: install ok installed") else { continue }
            for line in stanza.split(separator: "\n") where line.hasPrefix("Version: ") { return String(line.dropFirst(9)) }
        }
        return nil
    }

    /// `<os id>-<version id>-<arch>` from /etc/os-release (`debian-12-x86_64`), for the `{platform}` placeholder.
    static func platformName(osRelease: String = "/etc/os-release") -> String {
        var fields: [String: String] = [:]
        if let text = try? String(contentsOfFile: osRelease, encoding: .utf8) {
            for line in text.split(separator: "\n") {
                let pair = line.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { fields[String(pair[0])] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
            }
        }
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "arm64"
        #else
        let arch = "other"
        #endif
        let os = [fields["ID"] ?? "linux", fields["VERSION_ID"]].compactMap { $0 }.joined(separator: "-")
        return "\(os)-\(arch)"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
