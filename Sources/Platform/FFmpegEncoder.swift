import Foundation
import Glibc
import Raster

/// MP4 (H.264, yuv420p) through the `ffmpeg` program: raw RGBA frames go down a pipe at a constant rate.
///
/// H.264 in 4:2:0 needs even sizes: an odd frame gets its last column or row repeated, which nobody sees.
/// Colours are converted with the BT.709 matrix and the file is tagged so, which browsers honour.
public final class FFmpegEncoder: AnimationEncoder {
    /// The Debian package that provides the program.
    public static let package = "ffmpeg"

    let path: String
    let width: Int
    let height: Int
    let evenWidth: Int
    let evenHeight: Int
    let fps: Double
    let process = Process()
    let input = Pipe()
    let log: String
    /// Where ffmpeg writes, renamed into place only once the file is whole.
    let part: String
    var written = 0

    /// Where `ffmpeg` is on PATH, or nil when it is not installed.
    public static func executable(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    public init(path: String, width: Int, height: Int, fps: Double, ffmpeg: String) throws {
        self.path = path
        self.width = width
        self.height = height
        evenWidth = width + width % 2
        evenHeight = height + height % 2
        self.fps = fps
        part = AtomicFile.scratchPath(for: path)
        // SIGPIPE would kill sheetlab if ffmpeg died while frames are still coming: a failed write throws instead.
        signal(SIGPIPE, SIG_IGN)
        log = NSTemporaryDirectory() + "sheetlab-ffmpeg-\(getpid()).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        process.arguments = Self.arguments(width: evenWidth, height: evenHeight, fps: fps, output: part)
        do {
            try process.run()
        } catch {
            throw PlatformError(message: "\(path): cannot run \(ffmpeg): \(error.localizedDescription)")
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        unlink(part)
        unlink(log)
    }

    /// The command line: raw RGBA on stdin, H.264 out; `+faststart` puts the index first, so a browser
    /// starts playing before the whole file has arrived.
    static func arguments(width: Int, height: Int, fps: Double, output: String) -> [String] {
        ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
         "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", String(fps), "-i", "pipe:0",
         "-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
         "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-tune", "animation",
         "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
         "-movflags", "+faststart", "-f", "mp4", output]
    }

    /// Frames come at the constant rate the encoder was made for; `time` is not needed.
    public func add(_ frame: Pixmap, at time: Double) throws {
        var data: Data
        if evenWidth == width && evenHeight == height {
            data = frame.pixels.withUnsafeBytes { Data($0) }
        } else {
            var padded = [UInt32](repeating: 0, count: evenWidth * evenHeight)
            for y in 0..<evenHeight {
                let sy = min(y, height - 1)
                for x in 0..<evenWidth { padded[y * evenWidth + x] = frame.pixels[sy * width + min(x, width - 1)] }
            }
            data = padded.withUnsafeBytes { Data($0) }
        }
        do {
            try input.fileHandleForWriting.write(contentsOf: data)
        } catch {
            throw failure("ffmpeg stopped taking frames")
        }
        written += 1
    }

    public func finish(at end: Double) throws {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            unlink(part)
            throw failure("ffmpeg failed (exit \(process.terminationStatus))")
        }
        // ffmpeg may end with status 0 after a failed write (a full disk while moving the index to the front):
        // the file must hold its boxes whole, the index (moov) and the frames (mdat) among them.
        if let problem = Self.problem(withMP4At: part) {
            unlink(part)
            throw failure("the MP4 was not written whole (\(problem); a full disk?)")
        }
        try AtomicFile.replace(path) { temporary in
            guard rename(part, temporary) == 0 else {
                throw PlatformError(message: "\(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Why the file at `path` is not a whole MP4: its top-level boxes must fill it exactly and include
    /// `ftyp`, `moov` and `mdat`. Nil when it is whole.
    static func problem(withMP4At path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot open it" }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd() else { return "cannot read it" }
        var offset: UInt64 = 0
        var seen: Set<String> = []
        while offset < end {
            guard (try? handle.seek(toOffset: offset)) != nil, let head = try? handle.read(upToCount: 16), head.count >= 8 else {
                return "a box is cut short at byte \(offset)"
            }
            let bytes = [UInt8](head)
            var size = bytes[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            if size == 1 {
                guard bytes.count == 16 else { return "a box is cut short at byte \(offset)" }
                size = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            } else if size == 0 {
                size = end - offset
            }
            guard size >= 8, size <= end - offset else { return "the \(type) box is cut short" }
            seen.insert(type)
            offset += size
        }
        for box in ["ftyp", "moov", "mdat"] where !seen.contains(box) { return "it has no \(box) box" }
        return nil
    }

    func failure(_ what: String) -> PlatformError {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
        let said = (try? String(contentsOfFile: log, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let tail = said.split(separator: "\n").suffix(3).joined(separator: " / ")
        return PlatformError(message: "\(path): \(what)\(tail.isEmpty ? "" : ": \(tail)")")
    }
}
