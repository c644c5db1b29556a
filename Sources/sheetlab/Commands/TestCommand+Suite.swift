import Foundation
import SheetKit

extension TestCommand {
    /// The nearest `sheetlab-test.json` at or above `folder` (stopping at a repository's root), or nil.
    static func settingsFile(from folder: String) -> String? {
        let fm = FileManager.default
        var current = URL(fileURLWithPath: folder).standardizedFileURL
        for _ in 0..<32 {
            let candidate = current.appendingPathComponent(SuiteSettings.fileName).path
            if fm.fileExists(atPath: candidate) {
                // Keep the path as the user would write it when it is the folder given.
                return current.path == URL(fileURLWithPath: folder).standardizedFileURL.path
                    ? (folder as NSString).appendingPathComponent(SuiteSettings.fileName) : candidate
            }
            if fm.fileExists(atPath: current.appendingPathComponent(".git").path) || current.path == "/" { return nil }
            current.deleteLastPathComponent()
        }
        return nil
    }

    /// The suite's settings: from the nearest `sheetlab-test.json`, else the defaults. A bad file is an error with places.
    static func settings(from folder: String) throws(InputError) -> SuiteSettings {
        guard let file = settingsFile(from: folder) else { return SuiteSettings() }
        return try Inputs.load(SuiteSettings.self, file).value
    }

    /// One line per goldens folder whose fingerprint differs from this machine's: what differs and what to do.
    static func fingerprintMismatches(roots: [String], current: RenderFingerprint, command: String) -> [String] {
        roots.compactMap { root in
            let file = (root as NSString).appendingPathComponent(RenderFingerprint.fileName)
            guard let recorded = RenderFingerprint.read(file), let differences = current.differences(from: recorded) else { return nil }
            return "fingerprint: the goldens in \(root) were recorded with \(differences): "
                + "pixels may differ for that alone; re-record on this image with `\(command) --update=all`, "
                + "or keep goldens per platform with \"goldenDir\": \"__goldens__/{platform}\" in \(SuiteSettings.fileName)"
        }
    }
}
