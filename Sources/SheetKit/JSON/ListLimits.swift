/// The longest lists a config or scenario may hold, each refused at its key path by `check` (docs/robustness.md,
/// "Decoding cost"). Each is far past any real use, and small enough that decoding a list at its limit costs
/// megabytes, not the hundreds of megabytes a 64 MB file of one repeated element did. The whole document is
/// bounded first by `JSONParser.maxValues`; a script's steps by `Script.maxSteps`.
public enum ListLimit {
    /// `sheet.content` (and a stacked sheet's): elements of one sheet. The window's stress test reloads 2,500.
    public static let content = 10_000
    /// A list element's `rows`: a 20,000-row list renders in 144 MB at 3× (docs/robustness.md).
    public static let rows = 100_000
    /// `sheet.detents`.
    public static let detents = 100
    /// A scenario's `snapshots`.
    public static let snapshots = 10_000
    /// One snapshot's `mask` rectangles.
    public static let masks = 1_000
}

extension KeyedDecodingContainer {
    /// `elements(key, of:)`, refused (reported at `key`, answering `nil`) when the list holds more than `limit`.
    public func elements<T: Decodable>(_ key: Key, of type: T.Type, atMost limit: Int, _ noun: String) throws -> [T]? {
        if let count = listCount(key), count > limit {
            report("has \(count) \(noun); at most \(limit) are allowed", at: key)
            return nil
        }
        return try elements(key, of: type)
    }

    /// How many items the array at `key` holds, without decoding them; nil when it is absent or not an array.
    public func listCount(_ key: Key) -> Int? {
        guard let node = (try? superDecoder(forKey: key) as? NodeDecoder)?.node, case .array(let items) = node.value else { return nil }
        return items.count
    }
}
