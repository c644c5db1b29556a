import Foundation
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
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Standard output and standard error, a line at a time.
enum Console {
    /// Config warnings, on stderr: a valid input that is probably not what was meant.
    static func warnings(_ warnings: [Diagnostic]) {
        for w in warnings { error(w.description) }
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
