import Foundation

/// How far a sheet may stray from a reference image's, feature by feature: `sheetlab measure IMAGE --against CONFIG`
/// and a snapshot's `matches` (docs/measure.md). Lengths in points, radii in points, the dimming as an opacity,
/// colours in 0–255 levels.
public struct MatchTolerance: Sendable, Equatable {
    /// Visible height, insets and the grabber's size and place, in points. Default 2.
    public var points = 2.0
    /// Top and bottom corner radii, in points. Default 1.
    public var radius = 1.0
    /// The dimming's opacity, 0–1. Default 0.03.
    public var alpha = 0.03
    /// A fill's or the grabber's colour: the largest channel difference, in 0–255 levels. Default 8.
    public var levels = 8.0

    public init() {}

    /// The keys, as written on the command line (`pt=2,radius=1`) and in a scenario (`{"pt": 2}`).
    public enum Key: String, CodingKey, CaseIterable, Sendable {
        case pt, radius, alpha, levels

        /// The bounds a value of this key must keep.
        public var rule: NumberRule {
            switch self {
            case .pt, .radius: .closed(0, 100)
            case .alpha: .unit
            case .levels: .closed(0, 255)
            }
        }

        /// What the key bounds, for help and the schema.
        public var meaning: String {
            switch self {
            case .pt: "visible height, insets and grabber, in points (default 2)"
            case .radius: "top and bottom corner radii, in points (default 1)"
            case .alpha: "the dimming's opacity, 0–1 (default 0.03)"
            case .levels: "fill and grabber colour, largest channel difference in 0–255 levels (default 8)"
            }
        }
    }

    public subscript(key: Key) -> Double {
        get {
            switch key {
            case .pt: points
            case .radius: radius
            case .alpha: alpha
            case .levels: levels
            }
        }
        set {
            switch key {
            case .pt: points = newValue
            case .radius: radius = newValue
            case .alpha: alpha = newValue
            case .levels: levels = newValue
            }
        }
    }

    /// The tolerance a `--tolerance` value gives: comma-separated `KEY=NUMBER` over the defaults. The error names
    /// the first bad key or value.
    public static func parse(_ text: String) -> Result<MatchTolerance, MatchToleranceProblem> {
        var tolerance = MatchTolerance()
        let keys = Key.allCases.map(\.rawValue).joined(separator: ", ")
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard parts.count == 2 else {
                return .failure(MatchToleranceProblem(key: name, message: "'\(item)' is not KEY=NUMBER (keys: \(keys))"))
            }
            guard let key = Key(rawValue: name) else {
                return .failure(MatchToleranceProblem(key: name, message: "unknown key '\(name)'; keys: \(keys)"))
            }
            let raw = parts[1].trimmingCharacters(in: .whitespaces)
            guard let value = Double(raw) else {
                return .failure(MatchToleranceProblem(key: name, message: "\(name): '\(raw)' is not a number"))
            }
            if let problem = key.rule.problem(with: value) {
                return .failure(MatchToleranceProblem(key: name, message: "\(name) \(problem)"))
            }
            tolerance[key] = value
        }
        return .success(tolerance)
    }

    /// `pt 2, radius 1, alpha 0.03, levels 8`.
    public var description: String { Key.allCases.map { "\($0.rawValue) \(self[$0].clean)" }.joined(separator: ", ") }
}

/// A `--tolerance` value that does not parse, with the key it fails at.
public struct MatchToleranceProblem: Error, Sendable, Equatable {
    public var key: String
    public var message: String
}

extension MatchTolerance: Decodable {
    /// `{"pt": 2, "radius": 1, "alpha": 0.03, "levels": 8}`, every key optional, over the defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init()
        for key in Key.allCases where c.contains(key) { self[key] = try c.number(key, or: self[key], key.rule) }
    }
}
