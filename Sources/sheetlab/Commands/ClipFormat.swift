import Foundation
import Platform

/// The kinds of file `sheetlab clip` writes, chosen by the extension of `--out`.
enum ClipFormat: String, CaseIterable {
    case webp, gif, mp4

    /// From `--out`'s extension (any case); nil for anything else.
    init?(path: String) {
        self.init(rawValue: (path as NSString).pathExtension.lowercased())
    }

    /// 60 fps for WebP and MP4 (the display rate); 50 for GIF, whose delays are whole centiseconds
    /// (2 cs per frame: browsers stretch shorter delays to 10 cs).
    var defaultFPS: Double {
        switch self {
        case .webp, .mp4: return 60
        case .gif: return GIFEncoder.maxFPS
        }
    }

    var maxFPS: Double { self == .gif ? GIFEncoder.maxFPS : 120 }

    var name: String { rawValue.uppercased() }

    static let list = "\(allCases.dropLast().map { ".\($0.rawValue)" }.joined(separator: ", ")) or .\(allCases.last!.rawValue)"
}
