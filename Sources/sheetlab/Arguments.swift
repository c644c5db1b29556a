import Foundation
import SheetKit

/// A command's options, for parsing and for `--help`.
struct CommandSpec {
    struct Option {
        var name: String
        var value: String?
        var help: String
    }

    var name: String
    var usage: String
    var summary: String
    var options: [Option]
    var positionals: ClosedRange<Int> = 0...0

    var help: String {
        var lines = ["usage: sheetlab \(usage)", "", summary]
        if !options.isEmpty {
            lines.append("")
            lines.append("options:")
            for o in options {
                let left = "  --\(o.name)" + (o.value.map { " \($0)" } ?? "")
                lines.append(left.padding(toLength: max(left.count + 2, 26), withPad: " ", startingAt: 0) + o.help)
            }
        }
        lines.append("  --help                  show this help")
        return lines.joined(separator: "\n")
    }
}

struct UsageError: Error {
    var message: String
}

struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false

    func value(_ name: String) -> String? { values[name] }
}

extension CommandSpec {
    func parse(_ args: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
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
                if option.value != nil {
                    if let inline { parsed.values[name] = inline; continue }
                    guard i < args.count else { throw UsageError(message: "--\(name) needs a value (\(option.value!))") }
                    parsed.values[name] = args[i]
                    i += 1
                } else {
                    if inline != nil { throw UsageError(message: "--\(name) takes no value") }
                    parsed.flags.insert(name)
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
