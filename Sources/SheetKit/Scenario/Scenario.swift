/// A golden-image scenario (SPEC §7): a config, a script, and the moments to snapshot.
public struct Scenario: Sendable {
    /// A config file path (relative to the scenario) or an inline config object.
    public enum Source: Sendable {
        case path(String)
        case inline(JSONNode)
    }

    public struct Snapshot: Sendable, Equatable {
        /// Milliseconds on the script's clock.
        public var at: Double
        /// The golden's file name, without `.png`.
        public var name: String
        /// Pixels per point; default the scenario's scale.
        public var scale: Int?
        public var index: Int
    }

    public var config: Source?
    public var script: Source?
    public var snapshots: [Snapshot]
    /// Pixels per point for every snapshot; default the canvas's.
    public var scale: Int?
    /// A pixel differs when a channel moves by more than this. Default 0.
    public var maxChannelDelta: Int?
    /// How many pixels may differ. Default 0.
    public var maxDiffPixels: Int?
    /// What fraction of pixels may differ. Default 0.
    public var maxDiffRatio: Double?

    /// The pixels per point a snapshot may be rendered at.
    public static let scales = Canvas.scales

    /// The tolerance these settings allow, the strictest when several are set.
    public var tolerance: Tolerance {
        Tolerance(channelDelta: maxChannelDelta ?? 0, diffPixels: maxDiffPixels, diffRatio: maxDiffRatio)
    }
}

/// How far a snapshot may stray from its golden.
public struct Tolerance: Sendable, Equatable {
    public var channelDelta: Int
    public var diffPixels: Int?
    public var diffRatio: Double?

    public init(channelDelta: Int = 0, diffPixels: Int? = nil, diffRatio: Double? = nil) {
        self.channelDelta = channelDelta; self.diffPixels = diffPixels; self.diffRatio = diffRatio
    }

    /// How many pixels (of `total`) may differ by more than `channelDelta`: the smaller of the limits set, else none.
    public func allowedPixels(of total: Int) -> Int {
        var allowed = Int.max
        if let diffPixels { allowed = min(allowed, diffPixels) }
        if let diffRatio { allowed = min(allowed, Int((diffRatio * Double(total)).rounded(.down))) }
        return allowed == Int.max ? 0 : allowed
    }
}

extension Scenario.Source: Decodable {
    public init(from decoder: any Decoder) throws {
        let node = try decoder.singleValueContainer().decode(JSONNode.self)
        switch node.value {
        case .string(let path):
            if path.isEmpty { throw DecodeIssue("names a file; it must not be empty") }
            self = .path(path)
        case .object:
            self = .inline(node)
        default:
            throw DecodeIssue("expected a file path or an inline object, found \(node.kindName)")
        }
    }
}

extension Scenario.Snapshot: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case at, name, scale }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        c.acceptAll()
        index = 0
        at = try c.decode(Double.self, forKey: .at)
        if let p = NumberRule.closed(0, Simulation.maxScriptLength).problem(with: at) { throw DecodeIssue(p, subkey: "at") }
        name = try c.decode(String.self, forKey: .name)
        let allowed = name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
        if name.isEmpty || !allowed || name.hasPrefix(".") {
            throw DecodeIssue("\"\(name)\" is not a usable file name; use letters, digits, - _ and .", subkey: "name")
        }
        if let s = try c.decodeIfPresent(Int.self, forKey: .scale) {
            guard Scenario.scales.contains(s) else { throw DecodeIssue(Canvas.scaleProblem(s), subkey: "scale") }
            scale = s
        }
    }
}

extension Scenario: LoadableDocument {
    public static let shape = "a scenario is a JSON object"
}

extension Scenario: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case config, script, snapshots, scale, maxChannelDelta, maxDiffPixels, maxDiffRatio }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        config = try c.decodeIfPresent(Source.self, forKey: .config)
        script = try c.decodeIfPresent(Source.self, forKey: .script)
        if let s = try c.decodeIfPresent(Int.self, forKey: .scale) {
            if Scenario.scales.contains(s) { scale = s } else { c.report(Canvas.scaleProblem(s), at: .scale) }
        }
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
        guard c.contains(.snapshots) else {
            throw DecodeIssue("a scenario needs \"snapshots\": [{\"at\": 0, \"name\": \"initial\"}]", subkey: "snapshots")
        }
        var list = try c.nestedUnkeyedContainer(forKey: .snapshots)
        var snapshots: [Snapshot] = []
        while !list.isAtEnd {
            let index = list.currentIndex
            if var s = try list.decodeIfPresent(Snapshot.self) { s.index = index; snapshots.append(s) }
        }
        if snapshots.isEmpty && list.count == 0 { c.report("needs at least one snapshot", at: .snapshots) }
        var seen: [String: Snapshot] = [:]
        for s in snapshots {
            // Keyed without case: names that differ only in case collide on macOS and Windows checkouts.
            if let first = seen[s.name.lowercased()] {
                if first.name == s.name {
                    c.report("snapshots[\(s.index)] repeats the name \"\(s.name)\" of snapshots[\(first.index)]", at: .snapshots)
                } else {
                    c.report("snapshots[\(s.index)] \"\(s.name)\" and snapshots[\(first.index)] \"\(first.name)\" differ only in case; "
                             + "their goldens would collide on macOS and Windows checkouts", at: .snapshots)
                }
            }
            if seen[s.name.lowercased()] == nil { seen[s.name.lowercased()] = s }
        }
        self.snapshots = snapshots
    }
}
