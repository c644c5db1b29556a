import Foundation

/// A check on a number, applied while decoding so the error points at the number itself.
public enum NumberRule: Sendable {
    case any
    case positive
    case nonNegative
    /// 0 < x ≤ 1.
    case fraction
    /// 0 ≤ x ≤ 1.
    case unit
    case closed(Double, Double)
    /// lower ≤ x < upper.
    case halfOpen(Double, Double)
    /// lower < x ≤ upper.
    case halfOpenAbove(Double, Double)

    /// A canvas side in points: room for a sheet's content, and no larger than the largest iPad (1366 pt) with room to spare.
    public static let canvasSide = NumberRule.closed(100, 2048)
    /// A length within a sheet, in points.
    public static let length = NumberRule.closed(0, 2048)

    public func problem(with x: Double) -> String? {
        if !x.isFinite { return "must be a finite number" }
        switch self {
        case .any: return nil
        case .positive: return x > 0 ? nil : "must be greater than 0, found \(x.clean)"
        case .nonNegative: return x >= 0 ? nil : "must not be negative, found \(x.clean)"
        case .fraction: return x > 0 && x <= 1 ? nil : "must be a fraction in (0, 1], found \(x.clean)"
        case .unit: return x >= 0 && x <= 1 ? nil : "must be between 0 and 1, found \(x.clean)"
        case .closed(let a, let b):
            if x < a { return a == 0 ? "must not be negative, found \(x.clean)" : "must be at least \(a.clean), found \(x.clean)" }
            return x <= b ? nil : "must be at most \(b.clean), found \(x.clean)"
        case .halfOpen(let a, let b):
            if x < a { return a == 0 ? "must not be negative, found \(x.clean)" : "must be at least \(a.clean), found \(x.clean)" }
            return x < b ? nil : "must be less than \(b.clean), found \(x.clean)"
        case .halfOpenAbove(let a, let b):
            if x <= a { return "must be greater than \(a.clean), found \(x.clean)" }
            return x <= b ? nil : "must be at most \(b.clean), found \(x.clean)"
        }
    }
}

public extension Double {
    /// The shortest faithful text for a number: 120 rather than 120.0.
    var clean: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}

extension KeyedDecodingContainer {
    /// A number at `key` that must satisfy `rule`; otherwise the issue is recorded and `fallback` used.
    public func number(_ key: Key, or fallback: Double, _ rule: NumberRule) throws -> Double {
        guard let v = try decodeIfPresent(Double.self, forKey: key) else { return fallback }
        if let problem = rule.problem(with: v) {
            report(problem, at: key)
            return fallback
        }
        return v
    }

    /// The case named at `key`, or `fallback` when the key is absent. An unknown name is reported with the nearest
    /// valid one when it is close to one; with `listingAll`, the message also lists every valid name in their order.
    public func choice<T: RawRepresentable & CaseIterable>(_ key: Key, or fallback: T, listingAll: Bool = false) throws -> T
    where T.RawValue == String {
        guard let raw = try decodeIfPresent(String.self, forKey: key) else { return fallback }
        if let v = T(rawValue: raw) { return v }
        let names = T.allCases.map(\.rawValue)
        if listingAll {
            report(Suggest.notValid(raw, among: names), at: key)
        } else {
            report("\"\(raw)\" is not valid\(Suggest.didYouMean(raw, in: names))", at: key)
        }
        return fallback
    }

    /// Records an error about the value at `key` without stopping the decode.
    public func report(_ message: String, at key: Key) {
        if let decoder = try? superDecoder(forKey: key) as? NodeDecoder {
            decoder.sink.record(DecodeIssue(message), at: decoder.path, node: decoder.node)
        }
    }
}
