import Foundation
import Platform
import SheetKit

/// Something the machine could not do: no display, fonts missing, a PNG that would not write or an image
/// the platform could not decode. Not a problem in the user's input (that is an `InputError`); it prints
/// the same way, `sheetlab: <subject>: [<key path>: ]<message>`, and exits 1.
struct PlatformFailure: Error, CustomStringConvertible {
    /// What failed: a file, a font folder, a command.
    var subject: String
    /// Where in a config the failing thing is named, when it is.
    var keyPath: KeyPath?
    var message: String
    /// Lines of SheetLab's own advice printed after the one-line diagnostic, as they are (the diagnostic itself,
    /// which may quote library text, is escaped to one line).
    var hint: [String]

    init(_ subject: String, keyPath: KeyPath? = nil, _ message: String, hint: [String] = []) {
        self.subject = subject; self.keyPath = keyPath; self.message = message; self.hint = hint
    }

    var description: String {
        Diagnostic(file: subject, path: keyPath, message: message).description
    }

    /// `error` as a failure of `subject`: the reason in words (never an NSError and its userInfo), and the path
    /// said once even when the error already starts with it.
    init(_ subject: String, keyPath: KeyPath? = nil, error: any Error, hint: [String] = []) {
        self.init(subject, keyPath: keyPath, Self.reason(error, of: subject), hint: hint)
    }

    /// The words of `error`, without a leading `subject: ` (PlatformError messages name their file).
    static func reason(_ error: any Error, of subject: String) -> String {
        var text = Console.reason(error)
        if text.hasPrefix("sheetlab: ") { text.removeFirst("sheetlab: ".count) }
        while text.hasPrefix(subject + ": ") { text.removeFirst(subject.count + 2) }
        return text
    }
}

/// The most problems of one input printed one per line (`failureLines`); the rest are counted.
let maxPrintedDiagnostics = 50

/// The lines that report `error`: each problem of an input error (then, when `counted`, a count when
/// there are several), the one line of a platform failure, or a usage error with the command's help.
func failureLines(_ error: any Error, command: CommandSpec? = nil, counted: Bool = true) -> [String] {
    switch error {
    case let error as InputError:
        // At most `maxPrintedDiagnostics` lines, in the file's order, then how many more there are: 20,000 bad rows are
        // one problem repeated, not 20,000 lines for a terminal or a CI log.
        let count = error.count
        var lines = error.diagnostics.prefix(maxPrintedDiagnostics).map(\.description)
        if count > maxPrintedDiagnostics { lines.append("sheetlab: … and \(count - maxPrintedDiagnostics) more") }
        return lines + (counted && count > 1 ? ["sheetlab: \(count) errors"] : [])
    case let failure as PlatformFailure:
        return [failure.description] + failure.hint
    case let usage as UsageError:
        return [TerminalText.safe("sheetlab: \(command?.name ?? "sheetlab"): \(usage.message)")] + (command.map { ["", $0.help] } ?? [])
    case is CocoaError, is POSIXError:
        // A system error in words, never a dump of an NSError and its userInfo.
        let path = ((error as NSError).userInfo[NSFilePathErrorKey] as? String).map { "\($0): " } ?? ""
        return [TerminalText.safe("sheetlab: \(path)\(Console.reason(error))")]
    default:
        // Library text (SDL_GetError, libpng) may hold anything: one line, control characters visible.
        return [TerminalText.safe("sheetlab: \(error)")]
    }
}
