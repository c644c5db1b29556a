import SheetKit

/// The JSON parser: any bytes parse or fail with a positioned error, never trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = fuzzText(start, count)
    do {
        let node = try JSONParser.parse(text)
        _ = node.kindName
    } catch {
        invariant(error.position.line >= 1 && error.position.column >= 1, "an error without a place")
    }
    return 0
}
