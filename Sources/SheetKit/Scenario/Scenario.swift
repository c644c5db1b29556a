/// A golden-image scenario: a config, a script, and the moments to snapshot.
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
        /// Tolerance keys set on this snapshot; they override the scenario's and the suite's.
        public var tolerances = ToleranceSettings()
        /// Rectangles in points painted one colour in both images before comparing: content not pinned.
        public var mask: [Rect] = []
        /// A rectangle in points from the canvas's top left: the golden is only this part of the frame (a corner
        /// at 3×, say). `nil`: the whole frame.
        public var crop: Rect?
        /// With a settings matrix: which combination (an index into `settings.combinations`) this snapshot is
        /// drawn under; its name is then the listed name with the combination's label (`initial@AX3-dark`).
        public var combination: Int?
        /// A reference image the frame must match feature by feature (`sheetlab measure --against`'s comparison),
        /// besides the golden.
        public var matches: ReferenceMatch?
    }

    /// A masked rectangle, in points from the canvas's top left.
    /// The first of a mask's or crop's [x, y, width, height] (`row`) outside its bound, said with its name; nil when all
    /// are within. Masks and crops are plain `Rect`s in points.
    static func rectProblem(_ row: [Double], corner: NumberRule, side: NumberRule) -> String? {
        for (i, name) in ["x", "y", "width", "height"].enumerated() {
            if let p = (i < 2 ? corner : side).problem(with: row[i]) { return "\(name) \(p) pt" }
        }
        return nil
    }

    public var config: Source?
    public var script: Source?
    public var snapshots: [Snapshot]
    /// Pixels per point for every snapshot; default the canvas's.
    public var scale: Int?
    /// Tolerance keys set on the scenario: `maxChannelDelta`, `maxDiffPixels`, `maxDiffRatio`, `threshold`.
    public var tolerances = ToleranceSettings()
    /// Lists of settings values: every listed snapshot is taken under every combination of them.
    public var settings: SettingsMatrix?

    /// Bounds on a crop's numbers, in points: no canvas is larger than 2048 pt a side (`NumberRule.canvasSide`), so
    /// a crop's corner lies within 0…2048 and its sides within (0, 2048]. Times the largest scale (3), every pixel
    /// figure `test` derives from them is a small Int: a crop of 1e308 or 3e18 is refused here, at its key, rather
    /// than trapping in the conversion to pixels.
    public static let cropCorner = NumberRule.length
    public static let cropSide = NumberRule.halfOpenAbove(0, 2048)
    /// Bounds on a mask's numbers, in points: a mask may start off the canvas (down to -2048) and be up to 4096 pt a
    /// side, enough to cover the largest canvas from any corner.
    public static let maskCorner = NumberRule.closed(-2048, 2048)
    public static let maskSide = NumberRule.halfOpenAbove(0, 4096)

    /// The pixels per point a snapshot may be rendered at.
    public static let scales = Canvas.scales

    /// The tolerance in force for `snapshot`: its own keys, else the scenario's, else the suite's.
    public func tolerance(of snapshot: Snapshot, suite: ToleranceSettings = ToleranceSettings()) -> Tolerance {
        Tolerance(levels: [("snapshot", snapshot.tolerances), ("scenario", tolerances), ("suite", suite)])
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
    enum CodingKeys: String, CodingKey, CaseIterable { case at, name, scale, mask, crop, matches }

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
        tolerances = try ToleranceSettings(from: decoder)
        matches = try c.decodeIfPresent(ReferenceMatch.self, forKey: .matches)
        if c.contains(.mask) {
            if let n = c.listCount(.mask), n > ListLimit.masks {
                throw DecodeIssue("has \(n) rectangles; at most \(ListLimit.masks) are allowed", subkey: "mask")
            }
            let rows = try c.decode([[Double]].self, forKey: .mask)
            for (i, row) in rows.enumerated() {
                guard row.count == 4, row.allSatisfy(\.isFinite) else {
                    throw DecodeIssue("mask[\(i)] must be [x, y, width, height] in points, found \(row.count) numbers", subkey: "mask")
                }
                guard row[2] > 0, row[3] > 0 else {
                    throw DecodeIssue("mask[\(i)] needs a positive width and height, found \(row[2].clean)×\(row[3].clean)", subkey: "mask")
                }
                if let p = Scenario.rectProblem(row, corner: Scenario.maskCorner, side: Scenario.maskSide) {
                    throw DecodeIssue("mask[\(i)]: \(p)", subkey: "mask")
                }
                mask.append(Rect(x: row[0], y: row[1], width: row[2], height: row[3]))
            }
        }
        if c.contains(.crop) {
            let row = try c.decode([Double].self, forKey: .crop)
            guard row.count == 4, row.allSatisfy(\.isFinite), row[0] >= 0, row[1] >= 0, row[2] > 0, row[3] > 0 else {
                throw DecodeIssue("must be [x, y, width, height] in points, x and y at least 0, width and height positive", subkey: "crop")
            }
            if let p = Scenario.rectProblem(row, corner: Scenario.cropCorner, side: Scenario.cropSide) {
                throw DecodeIssue(p, subkey: "crop")
            }
            guard mask.isEmpty else { throw DecodeIssue("takes crop or mask, not both", subkey: "crop") }
            crop = Rect(x: row[0], y: row[1], width: row[2], height: row[3])
        }
        // The comparison measures the whole canvas, as the reference shows it.
        if crop != nil, matches != nil { throw DecodeIssue("takes crop or matches, not both: a reference is matched on the whole frame", subkey: "matches") }
    }
}

extension Scenario: LoadableDocument {
    public static let shape = "a scenario is a JSON object"
}

extension Scenario: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case config, script, snapshots, scale, settings }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        config = try c.decodeIfPresent(Source.self, forKey: .config)
        script = try c.decodeIfPresent(Source.self, forKey: .script)
        if let s = try c.decodeIfPresent(Int.self, forKey: .scale) {
            if Scenario.scales.contains(s) { scale = s } else { c.report(Canvas.scaleProblem(s), at: .scale) }
        }
        tolerances = try ToleranceSettings(from: decoder)
        settings = try c.decodeIfPresent(SettingsMatrix.self, forKey: .settings)
        guard c.contains(.snapshots) else {
            throw DecodeIssue("a scenario needs \"snapshots\": [{\"at\": 0, \"name\": \"initial\"}]", subkey: "snapshots")
        }
        if let n = c.listCount(.snapshots), n > ListLimit.snapshots {
            throw DecodeIssue("has \(n) snapshots; at most \(ListLimit.snapshots) are allowed", subkey: "snapshots")
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
        // A matrix takes each listed snapshot under every combination, snapshot by snapshot.
        if let settings {
            let combinations = settings.combinations
            snapshots = snapshots.flatMap { s in
                combinations.enumerated().map { i, combination in
                    var each = s
                    each.name = combination.name(s.name)
                    each.combination = i
                    return each
                }
            }
        }
        self.snapshots = snapshots
    }
}
