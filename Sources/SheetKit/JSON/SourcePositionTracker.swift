/// Line and column of byte offsets in a UTF-8 document, for the parser's positions.
///
/// Lines break at LF only (a CR is an ordinary character, as it always was here); columns count
/// characters, not bytes (UTF-8 continuation bytes are skipped), both from 1.
///
/// The parser asks for the position of every value, at offsets that only grow (an error may step
/// back a byte). So the tracker remembers the last position and counts on from there: linear in
/// the document over all calls, however long its lines are.
struct SourcePositionTracker {
    private let bytes: [UInt8]
    /// The last offset asked for, and its line and column.
    private var offset = 0
    private var line = 1
    private var column = 1
    /// Bytes looked at so far, over every call: the tracker's whole cost.
    private(set) var bytesScanned = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The position of the byte at `target`.
    mutating func position(at target: Int) -> SourcePosition {
        // Going back (rare, for an error) counts again from the start.
        if target < offset { offset = 0; line = 1; column = 1 }
        let end = min(target, bytes.count)
        if end > offset { bytesScanned += end - offset }
        while offset < end {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 }
            else if byte & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        return SourcePosition(line: line, column: column)
    }
}
