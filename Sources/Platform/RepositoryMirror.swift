import Foundation

/// Files of public repositories the project cites but may not commit (no licence stated): read from a local mirror,
/// a bare git directory at `root/<owner>+<name>/repo` (the layout the fetch tool makes under /work/.mirror), at a
/// commit the docs cite. Used by the reference checks (docs/ios-reference.md), which skip a reference whose mirror
/// is absent.
public enum RepositoryMirror {
    /// `$SHEETLAB_MIRRORS`, or /work/.mirror.
    public static var root: String { ProcessInfo.processInfo.environment["SHEETLAB_MIRRORS"] ?? "/work/.mirror" }

    /// The git directory of `repo` ("owner/name").
    public static func directory(_ repo: String) -> String { "\(root)/\(repo.replacingOccurrences(of: "/", with: "+"))/repo" }

    /// `path` at `commit` of `repo`; nil when the mirror is absent. A mirror without that file or commit is an error
    /// naming both.
    public static func file(repo: String, commit: String, path: String) throws -> Data? {
        let dir = directory(repo)
        guard FileManager.default.fileExists(atPath: dir) else { return nil }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        git.arguments = ["--git-dir=\(dir)", "show", "\(commit):\(path)"]
        let out = Pipe()
        git.standardOutput = out
        git.standardError = FileHandle.nullDevice
        do { try git.run() } catch { throw PlatformError(message: "\(repo): cannot run git to read the mirror \(dir): \(error)") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        guard git.terminationStatus == 0 else {
            throw PlatformError(message: "\(repo)@\(commit.prefix(7)):\(path): not in the mirror \(dir) (git show exited \(git.terminationStatus))")
        }
        return data
    }
}
