import Foundation
import Platform
import Raster

/// A golden PNG read from disk, with the likely cause when it is not a PNG.
enum GoldenFile {
    enum Content {
        case missing
        case image(Pixmap)
        /// The file is there but is not a readable PNG; the reason names the likely cause.
        case unreadable(String)
    }

    static let lfsPointerPrefix = "version https://git-lfs.github.com/spec/v1"

    static func read(_ path: String) -> Content {
        guard let data = FileManager.default.contents(atPath: path) else {
            return FileManager.default.fileExists(atPath: path) ? .unreadable("cannot be read") : .missing
        }
        if let problem = problem(with: data) { return .unreadable(problem) }
        do { return .image(try ImageFiles.decodePNG(data, name: path)) } catch { return .unreadable("is not a readable PNG (\(error)); it may be truncated") }
    }

    /// What is wrong with a golden's bytes before decoding them, or nil when they may be a PNG.
    static func problem(with data: Data) -> String? {
        if data.isEmpty { return "is empty (0 bytes)" }
        if data.starts(with: Data(lfsPointerPrefix.utf8)) {
            return "is a Git LFS pointer, not a PNG; run `git lfs pull` (and `git lfs install` once) to fetch the image"
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if !data.starts(with: signature) { return "is not a PNG (no PNG signature)" }
        return nil
    }
}
