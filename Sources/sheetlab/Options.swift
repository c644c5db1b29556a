import SheetKit

/// What `--help` and the parser need to know of an option, whatever its value's type.
protocol OptionDeclaration {
    var name: String { get }
    /// The value's name in help (`N`, `F`); nil for a flag, which takes no value.
    var placeholder: String? { get }
    var help: String { get }
}

/// A command-line option declared once: its name, help, default, and how its text becomes a value
/// (which is where its range lives). Commands share these declarations.
struct Option<Value: Sendable>: OptionDeclaration, Sendable {
    var name: String
    var placeholder: String?
    var help: String
    var defaultValue: Value
    /// What a valid value is, for errors: "must be 1, 2 or 3".
    var requirement: String
    /// The value for a text, or nil when the text is not a valid value.
    var convert: @Sendable (String) -> Value?

    /// The same option, described for one command.
    func helped(_ text: String) -> Option {
        var copy = self
        copy.help = text
        return copy
    }
}

extension Option where Value == Bool {
    static func flag(_ name: String, help: String) -> Option {
        Option(name: name, placeholder: nil, help: help, defaultValue: false, requirement: "takes no value", convert: { _ in true })
    }
}

extension Option where Value == String? {
    static func text(_ name: String, _ placeholder: String, help: String) -> Option {
        Option(name: name, placeholder: placeholder, help: help, defaultValue: nil, requirement: "must not be empty",
               convert: { .some($0) })
    }
}

extension Option where Value == Double {
    /// A finite number in `range`; the help ends with the range and the default.
    static func number(_ name: String, _ placeholder: String, help: String, in range: ClosedRange<Double>, default value: Double,
                       requirement: String? = nil) -> Option {
        let bounds = range.upperBound.isInfinite ? "≥ \(range.lowerBound.clean)" : "\(range.lowerBound.clean) to \(range.upperBound.clean)"
        return Option(name: name, placeholder: placeholder, help: "\(help), \(bounds) (default \(value.clean))", defaultValue: value,
                      requirement: requirement ?? "must be a number from \(range.lowerBound.clean) to \(range.upperBound.clean)",
                      convert: { Double($0).flatMap { $0.isFinite && range.contains($0) ? $0 : nil } })
    }
}

/// Every option, declared once.
enum Options {
    static let config = Option<String?>.text("config", "F", help: "config file (default: the built-in default)")
    static let script = Option<String?>.text("script", "S", help: "script file, {\"steps\": [...]}")
    static let out = Option<String?>.text("out", "P.png", help: "where to write the PNG (required)")
    static let device = Option<String?>.text("device", "D", help: "device preset, overriding the config's")
    static let logEvents = Option<String?>.text("log-events", "L", help: "append each event to L as a JSON line")
    static let json = Option<Bool>.flag("json", help: "print one JSON object instead of a table")
    static let update = Option<RecordMode?>(
        name: "update", placeholder: "[=MODE]",
        help: "write goldens: missing (new ones), changed (failing ones) or all (any whose pixels changed); bare: missing and changed",
        defaultValue: nil, requirement: "must be missing, changed or all", convert: { RecordMode($0).map { Optional($0) } })
    static let grep = Option<String?>.text("grep", "PATTERN", help: "run only snapshots whose <scenario>/<snapshot> matches this regular expression")
    static let prune = Option<Bool>.flag("prune", help: "remove goldens that no snapshot uses")
    static let output = Option<String?>.text("output", "DIR", help: "write failure artifacts under DIR (default: __failures__ beside each scenario)")
    static let compare = Option<Bool>.flag("compare", help: "draw the five library feels side by side, and the config's own article feel when it has one")
    /// A feel preset; nil (not given) means the config's.
    static let feel = Option<Feel?>(
        name: "feel", placeholder: "FEEL", help: "feel preset: \(Feel.allCases.map(\.rawValue).joined(separator: ", ")) (default: the config's)",
        defaultValue: nil,
        requirement: "must be one of \(Feel.allCases.map(\.rawValue).joined(separator: ", "))",
        convert: { Feel(rawValue: $0).map { Optional($0) } })

    static let fps = Option<Double>.number("fps", "N", help: "frames per second of the virtual clock", in: 1...1000, default: 60)
    static let zoom = Option<Double>.number("zoom", "Z", help: "window size per canvas point", in: 0.25...4, default: 1)
    static let sigma = Option<Double>.number("sigma", "SIGMA", help: "Gaussian sigma in pixels for --blur-input", in: 0...Double.infinity,
                                             default: 60, requirement: "must be a number of pixels ≥ 0")

    /// Pixels per point; nil (not given) means the canvas's own scale.
    static let scale = Option<Int?>(
        name: "scale", placeholder: "N", help: "pixels per point: \(scaleList) (default: the canvas's)", defaultValue: nil,
        requirement: "must be \(scaleList)",
        convert: { text in Int(text).flatMap { Scenario.scales.contains($0) ? Optional(Optional($0)) : nil } })

    /// "1, 2 or 3".
    private static var scaleList: String {
        let names = Scenario.scales.map(String.init)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// Milliseconds on a script's clock; nil (not given) means "where the script comes to rest".
    static let at = Option<Double?>(
        name: "at", placeholder: "MS",
        help: "time in milliseconds on the script's clock, 0 to \(Int(Simulation.maxScriptLength)) (default: when the script comes to rest)",
        defaultValue: nil,
        requirement: "must be a time in milliseconds from 0 to \(Int(Simulation.maxScriptLength))",
        convert: { text in
            Double(text).flatMap { $0.isFinite && (0...Simulation.maxScriptLength).contains($0) ? Optional(Optional($0)) : nil }
        })

    /// One shard of a test run, 1-based: `2/4` is the second of four.
    static let shard = Option<Shard?>(
        name: "shard", placeholder: "I/N", help: "run only shard I of N (1-based); shards split the scenarios by path",
        defaultValue: nil, requirement: "expected I/N with 1 ≤ I ≤ N, such as 2/4",
        convert: { Shard($0).map { Optional($0) } })
}

/// Shard `index` of `count`, 1-based.
struct Shard: Sendable, CustomStringConvertible {
    var index: Int
    var count: Int

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
        index = i; count = n
    }

    /// Whether the item at `offset` (0-based, in a stable order) belongs to this shard.
    func contains(_ offset: Int) -> Bool { offset % count == index - 1 }

    var description: String { "\(index)/\(count)" }
}
