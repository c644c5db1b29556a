import Foundation
import Glibc
import Raster

/// MP4, MOV, GIF and the rest through the `ffmpeg` program: raw RGBA frames come up a pipe, one whole frame at a time.
///
/// `ffprobe` first gives the size and each frame's presentation time (the packets' pts, sorted: a screen recording's
/// frame rate varies with what changed on screen), and ffmpeg passes every frame through unduplicated
/// (`-fps_mode passthrough`) so that frame i has time i. Rotation metadata is ignored (`-noautorotate`): a screen
/// recording is stored the way it was shown.
final class FFmpegFrameSource: FrameSource {
    let path: String
    let width: Int
    let height: Int
    /// Seconds from the first frame, in presentation order.
    let times: [Double]
    /// Each frame's duration when the file gives one.
    let durations: [Double?]
    private let process = Process()
    private let output = Pipe()
    private let log: String
    private var index = 0

    init(path: String, ffmpeg: String) throws {
        self.path = path
        let ffprobe = URL(fileURLWithPath: ffmpeg).deletingLastPathComponent().appendingPathComponent("ffprobe").path
        guard access(ffprobe, X_OK) == 0 else {
            throw PlatformError(message: "\(path): recordings are read with ffprobe, which is not beside \(ffmpeg) "
                                + "(apt-get install \(FFmpegEncoder.package))")
        }
        let size = try Self.probe(ffprobe, path, ["-show_entries", "stream=width,height", "-of", "csv=p=0"])
        let numbers = size.split(whereSeparator: { $0 == "," || $0.isNewline }).compactMap { Int($0) }
        guard numbers.count >= 2, numbers[0] > 0, numbers[1] > 0 else {
            throw PlatformError(message: "\(path): not a video: ffprobe finds no picture stream in it")
        }
        width = numbers[0]
        height = numbers[1]
        // Each packet's time and duration: a GIF lengthens a frame instead of repeating it, so the last frame's rest
        // is known only from its duration.
        let packets = try Self.probe(ffprobe, path, ["-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0"])
            .split(whereSeparator: \.isNewline).compactMap { line -> (time: Double, duration: Double?)? in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard let time = fields.first.flatMap({ Double($0) }) else { return nil }
                return (time, fields.count > 1 ? Double(fields[1]) : nil)
            }
            .sorted { $0.time < $1.time }
        guard packets.count >= 2 else {
            throw PlatformError(message: "\(path): a still image, not a recording (\(packets.count) frame)")
        }
        times = packets.map { $0.time - packets[0].time }
        // Only a GIF's packet durations are how long its frames show; a MOV's are often one tick of its time base.
        let format = try Self.probe(ffprobe, path, ["-show_entries", "format=format_name", "-of", "csv=p=0"])
        durations = format.contains("gif") ? packets.map(\.duration) : packets.map { _ in nil }

        signal(SIGPIPE, SIG_IGN)
        log = NSTemporaryDirectory() + "sheetlab-ffmpeg-decode-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: log)
        process.arguments = ["-hide_banner", "-v", "error", "-nostdin", "-noautorotate", "-i", path,
                             "-map", "0:v:0", "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"]
        do {
            try process.run()
        } catch {
            throw PlatformError(message: "\(path): cannot run \(ffmpeg): \(error.localizedDescription)")
        }
    }

    deinit {
        // Closed before ffmpeg is asked to stop: a reader that stops early leaves ffmpeg blocked writing a frame into a
        // full pipe, where SIGTERM alone does not wake it; with the pipe closed its write fails and it exits.
        try? output.fileHandleForReading.close()
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        unlink(log)
    }

    /// ffprobe's stdout for `entries` of the first video stream; its own message when it cannot read the file.
    static func probe(_ ffprobe: String, _ path: String, _ entries: [String]) throws -> String {
        let probe = Process()
        let out = Pipe(), err = Pipe()
        probe.executableURL = URL(fileURLWithPath: ffprobe)
        probe.arguments = ["-v", "error", "-select_streams", "v:0"] + entries + [path]
        probe.standardOutput = out
        probe.standardError = err
        probe.standardInput = FileHandle.nullDevice
        do { try probe.run() } catch {
            throw PlatformError(message: "\(path): cannot run \(ffprobe): \(error.localizedDescription)")
        }
        let text = out.fileHandleForReading.readDataToEndOfFile()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else {
            let reason = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                .split(separator: "\n").last.map(String.init) ?? "exit \(probe.terminationStatus)"
            throw PlatformError(message: "\(path): not a video ffmpeg can read (\(reason))")
        }
        return String(decoding: text, as: UTF8.self)
    }

    func next() throws -> DecodedFrame? {
        let count = width * height
        var pixels = [UInt32](repeating: 0, count: count)
        let fd = output.fileHandleForReading.fileDescriptor
        let got = pixels.withUnsafeMutableBytes { buffer -> Int in
            var filled = 0
            while filled < buffer.count {
                let n = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if n > 0 { filled += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
            return filled
        }
        if got == 0 {
            process.waitUntilExit()
            guard process.terminationStatus == 0 || index > 0 else { throw failure("ffmpeg stopped before the first frame") }
            return nil
        }
        guard got == count * 4 else { throw failure("the recording ends in the middle of frame \(index + 1)") }
        // ffmpeg's RGBA is straight alpha; a screen recording is opaque, so only a translucent frame needs the multiply.
        for i in 0..<count where pixels[i] >> 24 != 0xFF {
            let p = pixels[i]
            pixels[i] = StraightRGBA8(UInt8(p & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p >> 16 & 0xFF), UInt8(p >> 24)).premultiplied.packed
        }
        // Past the probed times (a decoder that splits a packet): one more frame interval each.
        let time = index < times.count ? times[index]
            : times[times.count - 1] + Double(index - times.count + 1) * (times[times.count - 1] - times[times.count - 2])
        let duration = index < durations.count ? durations[index] : nil
        index += 1
        return DecodedFrame(pixmap: Pixmap(width: width, height: height, pixels: pixels), time: time, duration: duration)
    }

    private func failure(_ what: String) -> PlatformError {
        let reason = (try? String(contentsOfFile: log, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return PlatformError(message: "\(path): \(what)\(reason.isEmpty ? "" : " (\(reason))")")
    }
}
