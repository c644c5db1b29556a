import SheetKit

// Shared by every fuzz target: compiled into the same module as SheetKit's sources (Fuzz/build.sh).

/// The fuzzer's bytes as text; invalid UTF-8 is repaired, as reading a file does.
func fuzzText(_ start: UnsafeRawPointer, _ count: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
}

/// A broken invariant: a crash the fuzzer reports, with the input that caused it.
func invariant(_ ok: Bool, _ message: @autoclosure () -> String) {
    if !ok { fatalError("invariant broken: \(message())") }
}

/// Every diagnostic is one line with a place: what a user would see.
func checkDiagnostics(_ error: InputError) {
    for d in error.diagnostics {
        let line = d.description
        invariant(!line.unicodeScalars.contains { $0.value < 0x20 }, "a diagnostic spans lines: \(line.debugDescription)")
        invariant(!d.message.isEmpty, "an empty diagnostic")
    }
}
