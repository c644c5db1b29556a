import Foundation
import SheetKit

/// A command: its name, its help, its options, and the function that runs it.
struct CommandSpec {
    var name: String
    var usage: String
    var summary: String
    var options: [any OptionDeclaration]
    var positionals: ClosedRange<Int> = 0...0
    var run: @MainActor (ParsedArguments) throws -> Int32

    var help: String {
        var lines = ["usage: sheetlab \(usage)", "", summary]
        if !options.isEmpty {
            lines.append("")
            lines.append("options:")
            for o in options {
                let left = "  --\(o.name)" + (o.placeholder.map { $0.hasPrefix("[") ? $0 : " \($0)" } ?? "")
                lines.append(left.padding(toLength: max(left.count + 2, 26), withPad: " ", startingAt: 0) + o.help)
            }
        }
        lines.append("  --help                  show this help")
        return lines.joined(separator: "\n")
    }
}

/// A command line that does not fit the command: an unknown option, a missing value, an extra argument.
/// Printed with the command's help.
struct UsageError: Error {
    var message: String
}

/// The words of a command line, sorted into options and positionals; `value(_:)` converts them.
struct ParsedArguments {
    var command: String
    /// Each option's text by name; a flag's text is empty.
    var values: [String: String] = [:]
    /// Every text given for each option, in order, for options that may repeat (`--reporter`).
    var repeated: [String: [String]] = [:]
    var positionals: [String] = []
    var wantsHelp = false

    /// The option's value converted, or its default when it is not given. A value that does not convert
    /// is an input error naming the option: `sheetlab: --fps: must be a number from 1 to 1000, found '0'`.
    func value<Value>(_ option: Option<Value>) throws(InputError) -> Value {
        guard let text = values[option.name] else { return option.defaultValue }
        guard let value = option.convert(text) else {
            throw InputError(file: "--\(option.name)", "\(option.requirement), found '\(text)'")
        }
        return value
    }

    /// A value the command cannot do without: `sheetlab: render: --out P.png is required`.
    func required<Value>(_ option: Option<Value?>) throws(InputError) -> Value {
        guard let value = try value(option) else {
            throw InputError(file: command, "--\(option.name)\(option.placeholder.map { " \($0)" } ?? "") is required")
        }
        return value
    }

    func isSet(_ flag: Option<Bool>) -> Bool { values[flag.name] != nil }
}

extension CommandSpec {
    func parse(_ args: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(command: name)
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let arg = args[i]
            i += 1
            // `--` ends the options, as POSIX utilities do: what follows is positional even if it starts with `-`.
            if optionsEnded { parsed.positionals.append(arg); continue }
            if arg == "--" { optionsEnded = true; continue }
            if arg == "--help" || arg == "-h" { parsed.wantsHelp = true; continue }
            if arg.hasPrefix("--") {
                var name = String(arg.dropFirst(2))
                var inline: String?
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let option = options.first(where: { $0.name == name }) else {
                    let suggestion = Suggest.nearest(to: name, in: options.map(\.name)).map { "; did you mean --\($0)?" } ?? ""
                    throw UsageError(message: "unknown option --\(name) for '\(self.name)'\(suggestion)")
                }
                if let placeholder = option.placeholder {
                    if let inline { parsed.values[name] = inline; parsed.repeated[name, default: []].append(inline); continue }
                    // A placeholder in brackets (`[=MODE]`) is an optional value: bare, the option's text is empty.
                    if placeholder.hasPrefix("[") { parsed.values[name] = ""; continue }
                    guard i < args.count else { throw UsageError(message: "--\(name) needs a value (\(placeholder))") }
                    parsed.values[name] = args[i]
                    parsed.repeated[name, default: []].append(args[i])
                    i += 1
                } else {
                    if inline != nil { throw UsageError(message: "--\(name) takes no value") }
                    parsed.values[name] = ""
                }
            } else {
                parsed.positionals.append(arg)
            }
        }
        if !parsed.wantsHelp && !positionals.contains(parsed.positionals.count) {
            if parsed.positionals.count > positionals.upperBound {
                throw UsageError(message: "unexpected argument '\(parsed.positionals[positionals.upperBound])'")
            }
            throw UsageError(message: "missing argument; usage: sheetlab \(usage)")
        }
        return parsed
    }
}
