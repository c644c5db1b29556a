import Foundation
import Platform
import SheetKit

/// Buffered standard output: simulate prints thousands of lines, one write each would be slow.
struct OutputBuffer {
    private var buffer: [UInt8] = []
    private let handle: FileHandle

    init(_ handle: FileHandle = .standardOutput) {
        self.handle = handle
        buffer.reserveCapacity(1 << 16)
    }

    mutating func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(10)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        Console.write(Data(buffer), to: handle, named: "standard output")
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Standard output and standard error, a line at a time. A write that fails (a full disk, a closed
/// descriptor) is remembered, never a trap: the command then ends with status 1 and says why (`main.swift`).
enum Console {
    /// Why the first failed write failed, as `sheetlab: …`; nil while every write went through.
    nonisolated(unsafe) private(set) static var failure: String?

    static func write(_ data: Data, to handle: FileHandle, named stream: String) {
        guard failure == nil || handle !== FileHandle.standardOutput else { return }
        do { try handle.write(contentsOf: data) } catch {
            if failure == nil { failure = "sheetlab: cannot write to \(stream): \(reason(error))" }
        }
    }

    /// A system error in words, not an NSError dump.
    static func reason(_ error: any Error) -> String {
        // Our own errors already say it in words; bridging them to NSError would say "the operation could not be completed".
        if let error = error as? PlatformError { return error.description }
        if let error = error as? PlatformFailure { return error.message }
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return "\(error)" }
        let underlying = (ns.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        let posix = underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? $0.code : nil }
            ?? (ns.domain == NSPOSIXErrorDomain ? ns.code : nil)
        switch posix.flatMap({ POSIXErrorCode(rawValue: Int32($0)) }) {
        case .ENOSPC?: return "no space left on the device"
        case .EBADF?: return "it is closed"
        case .EPIPE?: return "nobody reads it any more"
        case .EIO?: return "an input/output error"
        case .ENOENT?: return "no such file or folder"
        case .EACCES?, .EPERM?: return "permission denied"
        case .EISDIR?: return "is a folder"
        case .ENOTDIR?: return "a part of the path is not a folder"
        case .EROFS?: return "the file system is read-only"
        case let code?: return "system error \(code.rawValue)"
        case nil:
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileWriteOutOfSpace: return "no space left on the device"
            case .fileWriteNoPermission, .fileReadNoPermission: return "permission denied"
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
            case .fileWriteFileExists: return "a file of that name is in the way"
            case .fileWriteVolumeReadOnly: return "the file system is read-only"
            default: return "cannot read or write the file (error \(ns.code))"
            }
        }
    }

    /// Config warnings, on stderr: a valid input that is probably not what was meant.
    static func warnings(_ warnings: [Diagnostic]) {
        for w in warnings { error(w.description) }
    }

    /// One line on stderr, through the terminal-safety rule (`TerminalText.safe`): a name in it cannot drive the
    /// terminal or start a line of its own.
    static func error(_ text: String) {
        write(Data((TerminalText.safe(text) + "\n").utf8), to: .standardError, named: "standard error")
    }

    /// One line on stdout, through `TerminalText.safe`.
    static func out(_ text: String) {
        write(Data((TerminalText.safe(text) + "\n").utf8), to: .standardOutput, named: "standard output")
    }

    /// Lines the tool composed (a help page; diagnostics whose names were made safe where they were joined in):
    /// the tool's own line feeds kept, each line through `TerminalText.safe`.
    static func outLines(_ text: String) {
        write(Data((TerminalText.safeLines(text) + "\n").utf8), to: .standardOutput, named: "standard output")
    }

    static func errorLines(_ text: String) {
        write(Data((TerminalText.safeLines(text) + "\n").utf8), to: .standardError, named: "standard error")
    }

    /// A `test --jobs` worker's JSON line for its parent, which decodes it (never a terminal): JSON's own escaping.
    static func workerLine(_ json: String) {
        write(Data((json + "\n").utf8), to: .standardOutput, named: "standard output")
    }
}
