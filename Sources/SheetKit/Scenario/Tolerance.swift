/// Tolerance keys as written at one level (a suite's `sheetlab-test.json`, a scenario, a snapshot); nil where not set.
public struct ToleranceSettings: Sendable, Equatable {
    /// A pixel differs when a channel (straight RGBA, 0…255) moves by more than this.
    public var maxChannelDelta: Int?
    /// A pixel differs when its YIQ colour distance (as pixelmatch and Playwright compute it), 0…1, exceeds this.
    public var threshold: Double?
    /// How many pixels may differ.
    public var maxDiffPixels: Int?
    /// What fraction of pixels may differ, 0…1.
    public var maxDiffRatio: Double?

    public init(maxChannelDelta: Int? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil) {
        self.maxChannelDelta = maxChannelDelta; self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels; self.maxDiffRatio = maxDiffRatio
    }

    public var isEmpty: Bool { self == ToleranceSettings() }
}

extension ToleranceSettings: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case maxChannelDelta, threshold, maxDiffPixels, maxDiffRatio }

    /// Reads the tolerance keys of the object being decoded; the object's other keys belong to its own type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let d = try c.decodeIfPresent(Int.self, forKey: .maxChannelDelta) {
            if (0...255).contains(d) { maxChannelDelta = d } else { c.report("must be from 0 to 255, found \(d)", at: .maxChannelDelta) }
        }
        if let n = try c.decodeIfPresent(Int.self, forKey: .maxDiffPixels) {
            if n >= 0 { maxDiffPixels = n } else { c.report("must not be negative, found \(n)", at: .maxDiffPixels) }
        }
        if c.contains(.maxDiffRatio) {
            let r = try c.number(.maxDiffRatio, or: .nan, .unit)
            if !r.isNaN { maxDiffRatio = r }
        }
        if c.contains(.threshold) {
            let t = try c.number(.threshold, or: .nan, .unit)
            if !t.isNaN { threshold = t }
        }
    }
}

/// How far a snapshot may stray from its golden, resolved from its levels.
public struct Tolerance: Sendable, Equatable {
    /// nil: not set, so a pixel differs on any channel change unless `threshold` is set.
    public var channelDelta: Int?
    public var threshold: Double?
    public var diffPixels: Int?
    public var diffRatio: Double?
    /// The keys in force with the level that set each, for messages: `maxChannelDelta 3 (scenario)`.
    public var inForce: [String] = []

    public init(channelDelta: Int? = nil, threshold: Double? = nil, diffPixels: Int? = nil, diffRatio: Double? = nil) {
        self.channelDelta = channelDelta; self.threshold = threshold; self.diffPixels = diffPixels; self.diffRatio = diffRatio
    }

    /// Each key from the first level (innermost first) that sets it.
    public init(levels: [(name: String, settings: ToleranceSettings)]) {
        func pick<T>(_ key: String, _ value: (ToleranceSettings) -> T?, _ text: (T) -> String) -> T? {
            for level in levels {
                if let v = value(level.settings) { inForce.append("\(key) \(text(v)) (\(level.name))"); return v }
            }
            return nil
        }
        channelDelta = pick("maxChannelDelta", \.maxChannelDelta) { "\($0)" }
        threshold = pick("threshold", \.threshold) { $0.clean }
        diffPixels = pick("maxDiffPixels", \.maxDiffPixels) { "\($0)" }
        diffRatio = pick("maxDiffRatio", \.maxDiffRatio) { $0.clean }
    }

    /// How many pixels (of `total`) may differ: the smaller of the limits set, else none.
    public func allowedPixels(of total: Int) -> Int {
        var allowed = Int.max
        if let diffPixels { allowed = min(allowed, diffPixels) }
        if let diffRatio { allowed = min(allowed, Int((diffRatio * Double(total)).rounded(.down))) }
        return allowed == Int.max ? 0 : allowed
    }

    /// The tolerance as a message names it: "exact" when nothing is set.
    public var description: String { inForce.isEmpty ? "exact match" : inForce.joined(separator: ", ") }
}
