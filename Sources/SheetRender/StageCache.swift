/// The output of one stage of a frame, the key it was made for, and the canvas rows it holds so far.
///
/// Stages fill lazily: a new key empties the cache, then each frame adds the rows it needs. A stage
/// keeps only what is asked for two frames running; a one-off (a background that changes every
/// frame, a dimming on the move) is written straight into the frame instead. The stage owns `value`,
/// allocated once and reused: later stages read it, but never write it or keep a copy. A later stage's
/// key names what it reads (an earlier stage's key, or its `generation`), so whatever it made from an
/// older output is stale.
struct StageCache<Key: Equatable, Value> {
    /// What `value` was made for; nil until the first key.
    private(set) var key: Key?
    /// The canvas rows of `value` that are up to date for `key`.
    private(set) var rows: Range<Int> = 0..<0
    /// How many keys the cache has been filled for: 1 for the first.
    private(set) var generation = 0
    /// The key asked for on the last frame that asked.
    private(set) var lastAsked: Key?
    /// The stage's output.
    var value: Value

    init(_ value: Value) { self.value = value }

    /// Whether `value` was made for `key`.
    func holds(_ key: Key) -> Bool { self.key == key }

    /// Whether `key` was also asked for last time, and so is worth keeping; remembers it for next time.
    mutating func askedTwiceRunning(_ key: Key) -> Bool {
        defer { lastAsked = key }
        return lastAsked == key
    }

    /// Starts over for `key`, holding no rows yet: the empty range at `row` is where they will grow from.
    mutating func restart(for key: Key, at row: Int = 0) {
        self.key = key
        rows = row..<row
        generation += 1
    }

    /// Records that `value` holds `rows` for the current key.
    mutating func hold(_ rows: Range<Int>) { self.rows = rows }
}
